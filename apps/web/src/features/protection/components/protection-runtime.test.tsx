import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  endpoints,
  logout,
  protectionDepositPrompt,
  protectionSession,
  protectionSetLimit,
  protectionSettings,
  sessionEndpoints,
  type SessionInfo,
} from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { fail, ok, payloadKeyServer, siteHandlers, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { markRegistered } from '../registered';
import { bodiesOf, protectionHandlers, sessionFixture, settingsFixture } from '../testing';
import { formatDateTime } from '../time';

/** Fake timers that still move with real time (the page's own waits and findBy… keep working). */
function fakeClock(local: string) {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(new Date(local));
}

afterEach(() => vi.useRealTimers());

function sessionAnswers(...answers: SessionInfo[]): Handler {
  let i = 0;
  return () => ok(protectionSession, answers[Math.min(i++, answers.length - 1)]!);
}

describe('reality check', () => {
  it('shows the elapsed time and net result after N minutes, on the server clock; Continue waits N more', async () => {
    fakeClock('2026-11-27T10:00:00.000Z');
    const { calls } = renderApp(
      '/index',
      protectionHandlers(undefined, {
        [protectionSession.path]: sessionAnswers(
          // The server's clock is 30 s ahead of this browser's.
          sessionFixture({
            startedAt: '2026-11-27T10:00:00.000Z',
            serverTime: '2026-11-27T10:00:30.000Z',
            realityCheckMinutes: 1,
          }),
          sessionFixture({
            startedAt: '2026-11-27T10:00:00.000Z',
            serverTime: '2026-11-27T10:01:00.000Z',
            netResult: -12_345,
            realityCheckMinutes: 1,
          }),
          sessionFixture({
            startedAt: '2026-11-27T10:00:00.000Z',
            serverTime: '2026-11-27T10:02:00.000Z',
            netResult: 5_000,
            realityCheckMinutes: 1,
          }),
        ),
      }),
    );
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === protectionSession.path)).toHaveLength(1),
    );
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).not.toBeInTheDocument();
    // 30 s local = one minute of the session on the server's clock.
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog).toHaveTextContent('You have been playing for 0:01:00.');
    expect(dialog).toHaveTextContent('Net result of this session: MMK -123.45');
    expect(within(dialog).getByRole('button', { name: 'See history' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    const again = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(again).toHaveTextContent('You have been playing for 0:02:00.');
    expect(again).toHaveTextContent('Net result of this session: +MMK 50.00');
    // See history: the betting record of the personal centre.
    await userEvent.click(within(again).getByRole('button', { name: 'See history' }));
    expect(useUiStore.getState().panels.personal).toEqual({ open: true, page: 'personalHistoryCopy' });
  });

  it('Log out ends the session', async () => {
    fakeClock('2026-11-27T10:00:00.000Z');
    const { calls } = renderApp(
      '/index',
      protectionHandlers(undefined, {
        [protectionSession.path]: () => ok(protectionSession, sessionFixture({ realityCheckMinutes: 5 })),
        [logout.path]: () => ok(logout, undefined as never),
      }),
    );
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === protectionSession.path)).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 + 500));
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(calls.some((c) => c.url.pathname === logout.path)).toBe(true);
  });

  it('stays off without an interval', async () => {
    fakeClock('2026-11-27T10:00:00.000Z');
    const { calls } = renderApp(
      '/index',
      protectionHandlers(undefined, {
        [protectionSession.path]: () => ok(protectionSession, sessionFixture()),
      }),
    );
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === protectionSession.path)).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(61 * 60_000));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).not.toBeInTheDocument();
  });
});

describe('header clocks and the previous login', () => {
  it('shows a member the local time beside the session time', async () => {
    fakeClock('2026-11-27T10:10:00.000Z');
    const handlers = protectionHandlers(undefined, {
      [protectionSession.path]: () =>
        ok(
          protectionSession,
          sessionFixture({ startedAt: '2026-11-27T10:00:00.000Z', serverTime: '2026-11-27T10:10:00.000Z' }),
        ),
    });
    renderApp('/index', handlers);
    await screen.findByRole('timer', { name: 'Session time' }, { timeout: 5_000 });
    const local = () => new Date().toTimeString().slice(0, 5);
    expect(screen.getByText(local())).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByText(local())).toBeInTheDocument();
  });

  it("shows a member the session's elapsed time and the previous login once", async () => {
    fakeClock('2026-11-27T10:10:00.000Z');
    const handlers = protectionHandlers(undefined, {
      [protectionSession.path]: () =>
        ok(
          protectionSession,
          sessionFixture({
            startedAt: '2026-11-27T10:00:00.000Z',
            serverTime: '2026-11-27T10:10:00.000Z',
            previousLogin: { at: '2026-11-26T03:02:00.000Z', ip: '203.0.113.4' },
          }),
        ),
    });
    const app = renderApp('/index', handlers);
    const timer = await screen.findByRole('timer', { name: 'Session time' }, { timeout: 5_000 });
    expect(timer).toHaveTextContent('0:10:00');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(timer).toHaveTextContent('0:10:05');
    const notice = await screen.findByText(
      `Last login: ${formatDateTime('2026-11-26T03:02:00.000Z')} from 203.0.113.4`,
    );
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Last login:/)).not.toBeInTheDocument();
    // Once per session: a new page load does not repeat it.
    app.unmount();
    renderApp('/index', handlers);
    await screen.findByRole('timer', { name: 'Session time' }, { timeout: 5_000 });
    expect(screen.queryByText(/Last login:/)).not.toBeInTheDocument();
  });
});

describe('deposit-limit prompt', () => {
  it('after a registration offers a deposit limit; "Not now" tells the server', async () => {
    markRegistered();
    const { calls } = renderApp(
      '/index',
      protectionHandlers(() => settingsFixture([], { depositLimitPrompt: true }), {
        [protectionDepositPrompt.path]: () => ok(protectionDepositPrompt, settingsFixture()),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set a deposit limit?' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('combobox', { name: 'Period' })).toHaveValue('day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set a deposit limit?' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.url.pathname === protectionDepositPrompt.path)).toHaveLength(1);
  });

  it('sets a deposit limit from the prompt', async () => {
    markRegistered();
    const { calls } = renderApp(
      '/index',
      protectionHandlers(() => settingsFixture([], { depositLimitPrompt: true }), {
        [protectionSetLimit.path]: () =>
          ok(protectionSetLimit, {
            settings: settingsFixture([{ kind: 'deposit', period: 'week', amount: 1_000_000 }]),
            effect: 'now',
            effectiveAt: '2026-11-27T10:00:00.000Z',
          }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set a deposit limit?' }, { timeout: 10_000 });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Deposit limit (MMK)' }), '10000');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Period' }), 'week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set deposit limit' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set a deposit limit?' })).not.toBeInTheDocument(),
    );
    expect(bodiesOf(calls, protectionSetLimit.path)).toEqual([
      { kind: 'deposit', period: 'week', amount: 1_000_000 },
    ]);
  });

  it('is not shown at a plain login', async () => {
    const { calls } = renderApp(
      '/index',
      protectionHandlers(() => settingsFixture([], { depositLimitPrompt: true })),
    );
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByRole('dialog', { name: 'Set a deposit limit?' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === protectionSettings.path)).toBe(false);
  });

  it('the deposit page offers it in the page, and links to the limits', async () => {
    renderApp(
      '/index',
      protectionHandlers(() => settingsFixture([], { depositLimitPrompt: true })),
    );
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
    act(() => useUiStore.getState().openPanel('personal', 'depositv2'));
    const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
    expect(
      await within(panel).findByRole('heading', { name: 'Set a deposit limit?' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Set a deposit limit' }));
    expect(useUiStore.getState().panels.personal.page).toBe('protection');
  });
});

describe('login refusals', () => {
  async function refusedLogin(answer: () => Response) {
    const keys = await payloadKeyServer();
    renderApp('/login', {
      ...siteHandlers(),
      [sessionEndpoints.payloadKey.path]: keys.handler,
      [sessionEndpoints.rememberedLogin.path]: () => ok(sessionEndpoints.rememberedLogin, { username: null }),
      [endpoints.captcha.path]: () => fail('NOT_FOUND'),
      [sessionEndpoints.login.path]: answer,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await userEvent.type(await within(dialog).findByLabelText('Username'), 'demo01');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Demo2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    return within(dialog).findByRole('alert');
  }

  it('says a timed-out account is refused until when', async () => {
    const alert = await refusedLogin(() =>
      fail('FORBIDDEN', 'errors.timed_out', { value: { until: '2026-12-04T10:00:00.000Z' } }),
    );
    expect(alert).toHaveTextContent(
      `This account is on a time-out. You cannot log in until the time-out ends. It ends on ${formatDateTime('2026-12-04T10:00:00.000Z')}.`,
    );
  });

  it('says a self-excluded account is refused (indefinitely: no date)', async () => {
    const alert = await refusedLogin(() =>
      fail('FORBIDDEN', 'errors.self_excluded', { value: { until: null } }),
    );
    expect(alert).toHaveTextContent(
      /^This account is self-excluded\. You cannot log in until the self-exclusion ends\.$/,
    );
  });
});

describe('limit refusals', () => {
  it('resolve once a member is signed in (the protection texts load with the session)', async () => {
    renderApp('/index', protectionHandlers());
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
    const { i18n } = await import('@/lib/i18n');
    await waitFor(() => expect(i18n.exists('protection.errors.deposit_limit')).toBe(true));
    for (const key of ['deposit_limit', 'wager_limit', 'loss_limit'])
      expect(i18n.t(`protection.errors.${key}`)).toMatch(/would go over your/);
  });
});
