import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, sessionEndpoints } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import {
  fail,
  loginResultFixture,
  memberFixture,
  ok,
  payloadKeyServer,
  siteHandlers,
  type Handler,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const CAPTCHA = 'data:image/png;base64,iVBORw0KGgo=';

async function setup(login: Handler, extra: Record<string, Handler> = {}) {
  const keys = await payloadKeyServer();
  const payloads: Record<string, unknown>[] = [];
  const handlers: Record<string, Handler> = {
    ...siteHandlers(),
    [sessionEndpoints.payloadKey.path]: keys.handler,
    [sessionEndpoints.rememberedLogin.path]: () => ok(sessionEndpoints.rememberedLogin, { username: null }),
    [endpoints.captcha.path]: () => ok(endpoints.captcha, CAPTCHA),
    [sessionEndpoints.memberInfo.path]: () => ok(sessionEndpoints.memberInfo, memberFixture()),
    [sessionEndpoints.login.path]: async (url, init) => {
      payloads.push(await keys.open(init));
      return login(url, init);
    },
    ...extra,
  };
  const app = renderApp('/login', handlers);
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  await within(dialog).findByLabelText('Username');
  return { ...app, dialog, payloads };
}

async function fillAndSubmit(dialog: HTMLElement, username = 'demo01', password = 'Demo2026!') {
  await userEvent.type(within(dialog).getByLabelText('Username'), `  ${username} `);
  await userEvent.type(within(dialog).getByLabelText('Password'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
}

describe('login popup', () => {
  it('requires username and password', async () => {
    const { dialog, payloads } = await setup(() => fail('UNAUTHORIZED'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Please enter your username.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your password.')).toBeInTheDocument();
    expect(payloads).toHaveLength(0);
  });

  it('logs in: trimmed encrypted payload, session keys stored, member loaded, after-login flag, header shows the account', async () => {
    const { dialog, payloads, calls } = await setup(
      () =>
        ok(sessionEndpoints.login, {
          kind: 'session',
          session: loginResultFixture({ firstTimeLogin: true }),
        }),
      { [sessionEndpoints.firstLogin.path]: () => ok(sessionEndpoints.firstLogin, null) },
    );
    await fillAndSubmit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(payloads[0]).toMatchObject({ type: 'username', username: 'demo01', password: 'Demo2026!' });
    expect(window.sessionStorage.getItem('token')).toBe('tok-123');
    expect(window.sessionStorage.getItem('account')).toBe('demo01');
    expect(window.sessionStorage.getItem('customerId')).toBe('7');
    expect(calls.some((c) => c.url.pathname === sessionEndpoints.firstLogin.path)).toBe(true);
    expect(useUiStore.getState().afterLogin).toBe(true);
    expect(await screen.findByRole('button', { name: 'Account menu demo01' })).toBeInTheDocument();
  });

  it('shows the server message and, when the failure carries the captcha flag, the captcha', async () => {
    const { dialog, calls } = await setup(() =>
      fail('UNAUTHORIZED', 'errors.wrong_credentials', { value: { captcha: true } }),
    );
    expect(within(dialog).queryByLabelText('Captcha')).not.toBeInTheDocument();
    await fillAndSubmit(dialog);
    expect(await within(dialog).findByText('Wrong account or password.')).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Captcha')).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Captcha image' })).toHaveAttribute('src', CAPTCHA);
    expect(calls.filter((c) => c.url.pathname === endpoints.captcha.path)).toHaveLength(1);
    // The session was not touched and no login modal loop happened.
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('opens the forced change-password modal (no old password) for a must-change session', async () => {
    const { dialog, calls } = await setup(() =>
      ok(sessionEndpoints.login, {
        kind: 'session',
        session: loginResultFixture({ mustChangePassword: true }),
      }),
    );
    await fillAndSubmit(dialog, 'weak01', '123456');
    const change = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(change).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(within(change).getByLabelText('New password')).toBeInTheDocument();
    expect(within(change).getByLabelText('Confirm new password')).toBeInTheDocument();
    // Nothing else is called with the restricted session.
    expect(calls.some((c) => c.url.pathname === sessionEndpoints.memberInfo.path)).toBe(false);
    await userEvent.type(within(change).getByLabelText('New password'), 'abc');
    await userEvent.click(within(change).getByRole('button', { name: 'Save new password' }));
    expect(await within(change).findByText(/Password format is incorrect/)).toBeInTheDocument();
  });

  it('asks for the new-IP step and completes the login with the chosen method', async () => {
    let verifyBody: unknown;
    const { dialog } = await setup(
      () =>
        ok(sessionEndpoints.login, {
          kind: 'verify',
          challengeId: 'ch-1',
          methods: ['sms', 'totp'],
          targets: { sms: '+95 ••••4567' },
        }),
      {
        [sessionEndpoints.loginVerify.path]: (_u, init) => {
          verifyBody = JSON.parse(String(init?.body));
          return ok(sessionEndpoints.loginVerify, loginResultFixture());
        },
      },
    );
    await fillAndSubmit(dialog);
    const step = await screen.findByRole('dialog', { name: 'Verify it is you' });
    expect(within(step).getByText('The code goes to +95 ••••4567.')).toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    await userEvent.click(within(step).getByRole('radio', { name: 'Authenticator app' }));
    await userEvent.type(within(step).getByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(verifyBody).toEqual({ challengeId: 'ch-1', method: 'totp', code: '123456' });
    expect(window.sessionStorage.getItem('token')).toBe('tok-123');
  });
});
