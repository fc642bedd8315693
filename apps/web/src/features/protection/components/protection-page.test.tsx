import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  protectionSelfExclude,
  protectionSetLimit,
  protectionSetRealityCheck,
  protectionTimeOut,
  type ProtectionSettings,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/storage';
import { fail, ok } from '@/testing/fixtures';
import { bodiesOf, openProtectionPage, protectionHandlers, settingsFixture } from '../testing';
import { formatDateTime } from '../time';

const day = (over: object = {}) => ({ kind: 'deposit' as const, period: 'day' as const, ...over });

describe('Responsible gaming page', () => {
  it('shows each limit with its use (a bar) and a pending raise with its date', async () => {
    const { panel } = await openProtectionPage(
      protectionHandlers(() =>
        settingsFixture([
          day({
            amount: 100_000,
            used: 25_000,
            pending: { amount: 500_000, effectiveAt: '2026-11-28T10:00:00.000Z' },
          }),
          {
            kind: 'loss',
            period: 'week',
            amount: 50_000,
            used: 0,
            pending: { amount: null, effectiveAt: '2026-11-28T11:00:00.000Z' },
          },
        ]),
      ),
    );
    const row = await within(panel).findByRole('listitem', { name: 'Deposit limit, 24 hours' });
    expect(row).toHaveTextContent('Limit: MMK 1,000.00');
    expect(row).toHaveTextContent('MMK 250.00 used of MMK 1,000.00');
    const bar = within(row).getByRole('progressbar', { name: 'Deposit limit, 24 hours' });
    expect(bar).toHaveAttribute('value', '25000');
    expect(row).toHaveTextContent(
      `Changes to MMK 5,000.00: takes effect on ${formatDateTime('2026-11-28T10:00:00.000Z')}`,
    );
    const loss = within(panel).getByRole('listitem', { name: 'Loss limit, Week' });
    expect(loss).toHaveTextContent(`Removed: takes effect on ${formatDateTime('2026-11-28T11:00:00.000Z')}`);
    expect(within(panel).getByRole('listitem', { name: 'Wager limit, Month' })).toHaveTextContent('No limit');
    expect(within(panel).getByText(/Lowering a limit takes effect at once/)).toBeInTheDocument();
  });

  it('lowers a limit at once and shows a raise waiting for its cooling-off', async () => {
    let current: ProtectionSettings = settingsFixture([day({ amount: 100_000 })]);
    const answers: { effect: 'now' | 'cooling_off'; effectiveAt: string }[] = [
      { effect: 'now', effectiveAt: '2026-11-27T10:00:00.000Z' },
      { effect: 'cooling_off', effectiveAt: '2026-11-28T10:00:00.000Z' },
    ];
    const { panel, calls } = await openProtectionPage(
      protectionHandlers(() => current, {
        [protectionSetLimit.path]: (_u, init) => {
          const body = JSON.parse(String(init?.body)) as { amount: number };
          const answer = answers.shift()!;
          current =
            answer.effect === 'now'
              ? settingsFixture([day({ amount: body.amount })])
              : settingsFixture([
                  day({ amount: 50_000, pending: { amount: body.amount, effectiveAt: answer.effectiveAt } }),
                ]);
          return ok(protectionSetLimit, { settings: current, ...answer });
        },
      }),
    );
    const row = await within(panel).findByRole('listitem', { name: 'Deposit limit, 24 hours' });
    await userEvent.click(within(row).getByRole('button', { name: 'Change Deposit limit, 24 hours' }));
    await userEvent.type(within(row).getByRole('textbox', { name: 'New limit (MMK)' }), '500');
    await userEvent.click(within(row).getByRole('button', { name: 'Save limit' }));
    expect(await within(row).findByRole('status')).toHaveTextContent('Saved. The limit applies now.');
    expect(row).toHaveTextContent('Limit: MMK 500.00');

    await userEvent.click(within(row).getByRole('button', { name: 'Change Deposit limit, 24 hours' }));
    await userEvent.type(within(row).getByRole('textbox', { name: 'New limit (MMK)' }), '2,000');
    await userEvent.click(within(row).getByRole('button', { name: 'Save limit' }));
    const when = formatDateTime('2026-11-28T10:00:00.000Z');
    expect(await within(row).findByRole('status')).toHaveTextContent(`Saved. It takes effect on ${when}.`);
    expect(row).toHaveTextContent(`Changes to MMK 2,000.00: takes effect on ${when}`);
    expect(bodiesOf(calls, protectionSetLimit.path)).toEqual([
      { kind: 'deposit', period: 'day', amount: 50_000 },
      { kind: 'deposit', period: 'day', amount: 200_000 },
    ]);
  });

  it('removes a limit (after the cooling-off) and checks the amount before sending', async () => {
    const { panel, calls } = await openProtectionPage(
      protectionHandlers(() => settingsFixture([{ kind: 'wager', period: 'week', amount: 30_000 }]), {
        [protectionSetLimit.path]: () =>
          ok(protectionSetLimit, {
            settings: settingsFixture([
              {
                kind: 'wager',
                period: 'week',
                amount: 30_000,
                pending: { amount: null, effectiveAt: '2026-11-28T10:00:00.000Z' },
              },
            ]),
            effect: 'cooling_off',
            effectiveAt: '2026-11-28T10:00:00.000Z',
          }),
      }),
    );
    const row = await within(panel).findByRole('listitem', { name: 'Wager limit, Week' });
    await userEvent.click(within(row).getByRole('button', { name: 'Change Wager limit, Week' }));
    await userEvent.type(within(row).getByRole('textbox', { name: 'New limit (MMK)' }), 'abc');
    await userEvent.click(within(row).getByRole('button', { name: 'Save limit' }));
    expect(
      await within(row).findByText('Enter an amount from 0.01 to 1,000,000,000.00.'),
    ).toBeInTheDocument();
    expect(bodiesOf(calls, protectionSetLimit.path)).toEqual([]);
    await userEvent.click(within(row).getByRole('button', { name: 'Remove limit' }));
    expect(await within(row).findByText(/Removed: takes effect on/)).toBeInTheDocument();
    expect(bodiesOf(calls, protectionSetLimit.path)).toEqual([
      { kind: 'wager', period: 'week', amount: null },
    ]);
  });

  it("shows the server's refusal translated", async () => {
    const { panel } = await openProtectionPage(
      protectionHandlers(undefined, {
        [protectionSetLimit.path]: () => fail('BAD_REQUEST', 'protection.errors.amount_invalid'),
        [protectionSetRealityCheck.path]: () => fail('BAD_REQUEST', 'protection.errors.minutes_invalid'),
      }),
    );
    const row = await within(panel).findByRole('listitem', { name: 'Loss limit, Day' });
    await userEvent.click(within(row).getByRole('button', { name: 'Change Loss limit, Day' }));
    await userEvent.type(within(row).getByRole('textbox', { name: 'New limit (MMK)' }), '10');
    await userEvent.click(within(row).getByRole('button', { name: 'Save limit' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'Enter an amount from 0.01 to 1,000,000,000.00.',
    );
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Remind me' }), '30');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save reality check' }));
    expect(
      await within(panel).findByText('Enter a number of minutes within the allowed range.'),
    ).toBeInTheDocument();
  });

  it('sets the reality-check interval', async () => {
    const { panel, calls } = await openProtectionPage(
      protectionHandlers(undefined, {
        [protectionSetRealityCheck.path]: () =>
          ok(protectionSetRealityCheck, settingsFixture([], { realityCheckMinutes: 15 })),
      }),
    );
    await userEvent.selectOptions(await within(panel).findByRole('combobox', { name: 'Remind me' }), '15');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save reality check' }));
    expect(await within(panel).findByText('Saved.')).toBeInTheDocument();
    expect(bodiesOf(calls, protectionSetRealityCheck.path)).toEqual([{ minutes: 15 }]);
  });

  it('tells a trial account that money limits do not apply', async () => {
    const { panel } = await openProtectionPage(
      protectionHandlers(() => settingsFixture([], { trial: true })),
    );
    expect(await within(panel).findByText(/money limits do not apply/)).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Deposit limits' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Reality check' })).toBeInTheDocument();
  });
});

describe('time-out and self-exclusion', () => {
  it('asks first (cannot be undone, logged out), then takes the time-out and logs out', async () => {
    const { panel, calls, router } = await openProtectionPage(
      protectionHandlers(undefined, {
        [protectionTimeOut.path]: () => ok(protectionTimeOut, { until: '2026-12-04T10:00:00.000Z' }),
      }),
    );
    await userEvent.selectOptions(
      await within(panel).findByRole('combobox', { name: 'Time-out length' }),
      '7',
    );
    expect(
      within(panel)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(
      expect.arrayContaining(['24 hours', '48 hours', '72 hours', '7 days', '14 days', '30 days', '6 weeks']),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Take a time-out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a time-out?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone or shortened/);
    expect(dialog).toHaveAccessibleDescription(/logged out now/);
    // Cancel changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(calls, protectionTimeOut.path)).toEqual([]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Take a time-out' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Take a time-out?' })).getByRole('button', {
        name: 'Yes, start my time-out',
      }),
    );
    expect(
      await screen.findByText('Your time-out has started. You have been logged out.'),
    ).toBeInTheDocument();
    expect(bodiesOf(calls, protectionTimeOut.path)).toEqual([{ days: 7, confirm: true }]);
    expect(getToken()).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('self-excludes for the chosen period after the confirm dialog; a refusal stays in the dialog', async () => {
    let refuse = true;
    const { panel, calls } = await openProtectionPage(
      protectionHandlers(undefined, {
        [protectionSelfExclude.path]: () =>
          refuse
            ? fail('CONFLICT', 'protection.errors.cannot_shorten')
            : ok(protectionSelfExclude, { until: null }),
      }),
    );
    await userEvent.selectOptions(
      await within(panel).findByRole('combobox', { name: 'Self-exclusion length' }),
      'indefinite',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Self-exclude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Self-exclude?' });
    expect(dialog).toHaveAccessibleDescription(/Indefinitely\. Self-exclusion cannot be undone or shortened/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, exclude me' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/cannot be shortened/);
    expect(getToken()).not.toBeNull();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, exclude me' }));
    expect(
      await screen.findByText('Your self-exclusion has started. You have been logged out.'),
    ).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(bodiesOf(calls, protectionSelfExclude.path)).toEqual([
      { period: 'indefinite', confirm: true },
      { period: 'indefinite', confirm: true },
    ]);
  });
});
