import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, memberInfo, sessionEndpoints, socialComplete } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import {
  fail,
  loggedInHandlers,
  loginResultFixture,
  memberFixture,
  ok,
  siteHandlers,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

/** The header shows the account once the app and the member's data are in (slow on a loaded machine). */
async function openUserMenu(account: string) {
  await userEvent.click(
    await screen.findByRole('button', { name: `Account menu ${account}` }, { timeout: 5_000 }),
  );
}

describe('session flows', () => {
  it('logout: confirm, call, clear session storage but keep the merchant keys, go to /', async () => {
    let loggedOut = false;
    const handlers = {
      ...loggedInHandlers(),
      [sessionEndpoints.logout.path]: () => {
        loggedOut = true;
        return ok(sessionEndpoints.logout, null);
      },
    };
    window.sessionStorage.setItem('merchant', 'LuckyStar');
    window.sessionStorage.setItem('merchantCode', 'DEMO');
    window.sessionStorage.setItem('current_vassalage', 'PG');
    const { router } = renderApp('/promotions', handlers);
    await openUserMenu('demo01');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out' });
    expect(within(confirm).getByText('Do you want to sign out now?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(loggedOut).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('account')).toBeNull();
    expect(window.sessionStorage.getItem('current_vassalage')).toBeNull();
    expect(window.sessionStorage.getItem('merchant')).toBe('LuckyStar');
    expect(window.sessionStorage.getItem('merchantCode')).toBe('DEMO');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('a trial account (type 4) is told to use a real account; confirm opens register', async () => {
    renderApp('/index', loggedInHandlers({ type: 4, account: 'guest8812' }));
    await openUserMenu('guest8812');
    await userEvent.click(screen.getByRole('button', { name: 'Member centre' }));
    const warn = await screen.findByRole('dialog', { name: 'Real account needed' });
    expect(within(warn).getByText('Please use a real account for this.')).toBeInTheDocument();
    await userEvent.click(within(warn).getByRole('button', { name: 'Register a real account' }));
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
    expect(useUiStore.getState().panels.personal.open).toBe(false);
  });

  it('the user menu opens the personal centre on My account, and the agent centre only for agents', async () => {
    renderApp('/index', loggedInHandlers({ type: 3 }));
    await openUserMenu('demo01');
    expect(screen.queryByRole('button', { name: 'Agent centre' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account record' }));
    expect(useUiStore.getState().panels.personal).toEqual({ open: true, page: 'transactionHistory' });
  });

  it('without a token, the header offers log in (protected entries open the login popup)', async () => {
    renderApp('/index', siteHandlers());
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('SMS login: code button counts down 60 s × expiredMinutes; a failure shows the server message in a warning', async () => {
    let answer = ok(sessionEndpoints.smsNoLogin, { expiredMinutes: 3 });
    const sent: unknown[] = [];
    renderApp('/login', {
      ...siteHandlers({ status: { flagsOn: ['smsLogin', 'countryCodeDisplay'] } }),
      [sessionEndpoints.rememberedLogin.path]: () => ok(sessionEndpoints.rememberedLogin, { username: null }),
      [endpoints.countries.path]: () =>
        ok(endpoints.countries, [
          { countryCode: 'MM', countryDialingCode: '+95', name: 'Myanmar' },
          { countryCode: 'TH', countryDialingCode: '+66', name: 'Thailand' },
        ]),
      [sessionEndpoints.smsNoLogin.path]: (_u, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.clone();
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Log in with SMS' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Country code +95' }));
    await userEvent.click(within(dialog).getByRole('option', { name: 'Thailand +66' }));
    await userEvent.type(within(dialog).getByLabelText('Mobile number'), '812345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('button', { name: 'Resend in 180 s' })).toBeDisabled();
    expect(sent[0]).toEqual({
      mobileNum: '812345678',
      countryDialingCode: '+66',
      purpose: 'login',
      type: 'sms',
    });

    answer = fail('RATE_LIMITED', 'phone_auth.too_many_requests');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in with SMS' }));
    await userEvent.type(within(dialog).getByLabelText('Mobile number'), '812345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(
      within(warning).getByText('Too many requests. Please try again after 5 minutes.'),
    ).toBeInTheDocument();
  });

  it('spec §8 "enter mobile number": the SMS login asks for the number before any code is sent', async () => {
    const sent: unknown[] = [];
    renderApp('/login', {
      ...siteHandlers({ status: { flagsOn: ['smsLogin'] } }),
      [sessionEndpoints.rememberedLogin.path]: () => ok(sessionEndpoints.rememberedLogin, { username: null }),
      [sessionEndpoints.smsNoLogin.path]: (_u, init) => {
        sent.push(init?.body);
        return ok(sessionEndpoints.smsNoLogin, { expiredMinutes: 1 });
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Log in with SMS' }));
    const mobile = within(dialog).getByLabelText('Mobile number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(mobile).toHaveAccessibleDescription('Please enter your mobile number.'));
    await userEvent.type(mobile, '12ab');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(mobile).toHaveAccessibleDescription('Please enter a valid mobile number (6 to 15 digits).'),
    );
    expect(sent).toHaveLength(0);
  });

  it('/social/callback posts provider, code and state, stores the session and goes to /', async () => {
    let body: unknown;
    window.sessionStorage.setItem('social_provider', 'google');
    const { router } = renderApp('/social/callback?code=abc&state=xyz', {
      ...siteHandlers(),
      [socialComplete.path]: (_u, init) => {
        body = JSON.parse(String(init?.body));
        return ok(socialComplete, loginResultFixture({ token: 'tok-social' }));
      },
      [memberInfo.path]: () => ok(memberInfo, memberFixture({ account: 'g_alice' })),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(body).toEqual({ provider: 'google', code: 'abc', state: 'xyz' });
    expect(window.sessionStorage.getItem('token')).toBe('tok-social');
    expect(window.sessionStorage.getItem('social_provider')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Account menu g_alice' })).toBeInTheDocument();
  });
});
