import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  changePassword,
  forgotPasswordEmail,
  freePlayLogin,
  memberInfo,
  rememberedLogin,
  resetPasswordEmail,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import {
  loggedInHandlers,
  loginResultFixture,
  memberFixture,
  ok,
  payloadKeyServer,
  siteHandlers,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

describe('password and trial flows', () => {
  it('forgot by e-mail: form body, in_been_out, then code + new password', async () => {
    let formBody = '';
    let resetBody: unknown;
    renderApp('/index', {
      ...siteHandlers(),
      [forgotPasswordEmail.path]: (_u, init) => {
        formBody = String(init?.body);
        return ok(forgotPasswordEmail, null);
      },
      [resetPasswordEmail.path]: (_u, init) => {
        resetBody = JSON.parse(String(init?.body));
        return ok(resetPasswordEmail, { username: 'demo01' });
      },
    });
    await screen.findByRole('heading', { name: /Welcome/ });
    useUiStore.getState().openModal({ kind: 'forgotPassword' });
    const d = await screen.findByRole('dialog', { name: 'Forgot password' });
    await userEvent.type(await within(d).findByLabelText('Username'), 'demo01');
    await userEvent.type(within(d).getByLabelText('E-mail'), 'bad');
    await userEvent.click(within(d).getByRole('button', { name: 'Send reset code' }));
    expect(await within(d).findByText('E-mail format is incorrect.')).toBeInTheDocument();
    await userEvent.clear(within(d).getByLabelText('E-mail'));
    await userEvent.type(within(d).getByLabelText('E-mail'), 'demo01@example.com');
    await userEvent.click(within(d).getByRole('button', { name: 'Send reset code' }));
    expect(
      await within(d).findByText('If the details match, we have sent a reset code to that e-mail'),
    ).toBeInTheDocument();
    expect(formBody).toBe('username=demo01&email=demo01%40example.com');
    await userEvent.type(within(d).getByLabelText('E-mail code'), '123456');
    await userEvent.type(within(d).getByLabelText('New password'), 'Newpass2026');
    await userEvent.type(within(d).getByLabelText('Confirm new password'), 'Newpass2026');
    await userEvent.click(within(d).getByRole('button', { name: 'Reset password' }));
    expect(await within(d).findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(resetBody).toEqual({
      username: 'demo01',
      email: 'demo01@example.com',
      code: '123456',
      newPassword: 'Newpass2026',
    });
  });

  it('change password (not forced) asks the old password and stores the new session', async () => {
    const keys = await payloadKeyServer();
    let sent: Record<string, unknown> | undefined;
    const { router } = renderApp('/promotions', {
      ...loggedInHandlers(),
      '/wps/session/key': keys.handler,
      [changePassword.path]: async (_u, init) => {
        sent = await keys.open(init);
        return ok(changePassword, loginResultFixture({ token: 'tok-new' }));
      },
    });
    await screen.findByRole('button', { name: 'Account menu demo01' });
    useUiStore.getState().openModal({ kind: 'changePassword' });
    const d = await screen.findByRole('dialog', { name: 'Change password' });
    await userEvent.type(await within(d).findByLabelText('Current password'), 'Demo2026!');
    await userEvent.type(within(d).getByLabelText('New password'), 'Brand2027new');
    await userEvent.type(within(d).getByLabelText('Confirm new password'), 'Brand2027nex');
    await userEvent.click(within(d).getByRole('button', { name: 'Save new password' }));
    expect(await within(d).findByText('The passwords do not match.')).toBeInTheDocument();
    await userEvent.clear(within(d).getByLabelText('Confirm new password'));
    await userEvent.type(within(d).getByLabelText('Confirm new password'), 'Brand2027new');
    await userEvent.click(within(d).getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBe('tok-new'));
    expect(sent).toEqual({
      oldPassword: 'Demo2026!',
      newPassword: 'Brand2027new',
      confirmNewPassword: 'Brand2027new',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });

  it('free play sends os, platform W and 32 random hex characters, and logs in as type 4', async () => {
    const keys = await payloadKeyServer();
    let sent: Record<string, unknown> | undefined;
    renderApp('/login', {
      ...siteHandlers({ status: { flagsOn: ['freePlay'] } }),
      '/wps/session/key': keys.handler,
      [rememberedLogin.path]: () => ok(rememberedLogin, { username: null }),
      [freePlayLogin.path]: async (_u, init) => {
        sent = await keys.open(init);
        return ok(freePlayLogin, loginResultFixture({ token: 'tok-trial' }));
      },
      [memberInfo.path]: () => ok(memberInfo, memberFixture({ type: 4, account: 'guest_1a2b' })),
    });
    const d = await screen.findByRole('dialog', { name: 'Log in' });
    await userEvent.click(await within(d).findByRole('button', { name: 'Free play' }));
    expect(await screen.findByRole('button', { name: 'Account menu guest_1a2b' })).toBeInTheDocument();
    expect(sent?.platform).toBe('W');
    expect(typeof sent?.os).toBe('string');
    expect(sent?.random).toMatch(/^[0-9a-f]{32}$/);
    expect(window.sessionStorage.getItem('token')).toBe('tok-trial');
  });
});
