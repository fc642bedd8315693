import { createHash, createHmac, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { accountMenu, asNewClient, openLogin, signOut } from '../support/accounts.ts';
import { E2E_OIDC_PORT, E2E_PORT, TELEGRAM_BOT } from '../support/env.ts';
import { ops } from '../support/ops.ts';

// Issue 3: "Continue with Google" in a real Chromium, against a real OpenID provider on loopback
// (support/oidc-provider.mjs, standing in for Google): the site → the provider's sign-in page →
// back to /social/callback with a code and state → the server exchanges the code → signed in.
// The provider's cookies share the host 127.0.0.1 with the site (cookies ignore the port), so
// "signed out at the provider" is clearing its `_session` cookies.
test.describe.configure({ mode: 'serial' });

const providerOrigin = `http://127.0.0.1:${E2E_OIDC_PORT}`;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
});

/** From the login popup to the provider's sign-in page; returns the authorization request. */
async function continueWithGoogle(page: Page): Promise<URL> {
  const dialog = await openLogin(page);
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${providerOrigin}/auth?`));
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  const url = new URL((await authorize).url());
  await expect(page.getByRole('textbox', { name: 'Account' })).toBeVisible();
  return url;
}

/** Signs in at the provider as `account` (its sign-in page is open). */
async function signInAtProvider(page: Page, account: string) {
  await page.getByRole('textbox', { name: 'Account' }).fill(account);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('continue with Google: the provider signs the member in, and again to the same account', async ({
  page,
  context,
}) => {
  await asNewClient(page);
  ops('flag', 'socialGoogle', 'on');
  try {
    const identity = `e2e-${randomBytes(4).toString('hex')}`;
    await page.goto('/index');
    // The provider is asked for the code flow with PKCE S256, back to the site's callback.
    const authorize = await continueWithGoogle(page);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'e2e-google',
      response_type: 'code',
      redirect_uri: `http://127.0.0.1:${E2E_PORT}/social/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    // Back on the site's callback with a code and the same state; the page posts them to the server.
    const callback = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.url().includes('/social/callback?'),
    );
    const complete = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/wps/session/social/complete',
    );
    await signInAtProvider(page, identity);
    const back = new URL((await callback).url());
    expect(back.origin).toBe(`http://127.0.0.1:${E2E_PORT}`);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    expect((await complete).postDataJSON()).toMatchObject({
      provider: 'google',
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });

    const menu = page.getByRole('button', { name: /^Account menu google_[0-9a-f]{10}$/ });
    await expect(menu).toBeVisible();
    await expect(page).toHaveURL((u) => u.origin !== providerOrigin && !u.pathname.startsWith('/social'));
    const account = ((await menu.getAttribute('aria-label')) ?? (await menu.innerText()))
      .replace(/^Account menu /, '')
      .trim();
    expect(account).toMatch(/^google_[0-9a-f]{10}$/);
    await expect(accountMenu(page, account)).toBeVisible();

    // Signed out, and signed out at the provider too, the same identity signs in again: same member.
    await signOut(page, account);
    await context.clearCookies({ name: /^_session/ });
    await continueWithGoogle(page);
    await signInAtProvider(page, identity);
    await expect(accountMenu(page, account)).toBeVisible();
    await signOut(page, account);

    // Another identity gets another member.
    await context.clearCookies({ name: /^_session/ });
    await continueWithGoogle(page);
    await signInAtProvider(page, `${identity}-other`);
    await expect(page.getByRole('button', { name: /^Account menu google_[0-9a-f]{10}$/ })).toBeVisible();
    await expect(accountMenu(page, account)).toHaveCount(0);
  } finally {
    ops('flag', 'socialGoogle', 'off');
  }
});

test('continue with Facebook: the same flow through its own button and flag', async ({ page, context }) => {
  await asNewClient(page);
  ops('flag', 'socialFacebook', 'on');
  try {
    await context.clearCookies({ name: /^_session/ });
    await page.goto('/index');
    const dialog = await openLogin(page);
    // Only the enabled provider is offered.
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    const authorize = page.waitForRequest((r) => r.url().startsWith(`${providerOrigin}/auth?`));
    await dialog.getByRole('button', { name: 'Continue with Facebook' }).click();
    expect(new URL((await authorize).url()).searchParams.get('code_challenge_method')).toBe('S256');
    await signInAtProvider(page, `fb-${randomBytes(4).toString('hex')}`);
    await expect(page.getByRole('button', { name: /^Account menu facebook_[0-9a-f]{10}$/ })).toBeVisible();
  } finally {
    ops('flag', 'socialFacebook', 'off');
  }
});

test('a forged social callback shows an error and signs no one in', async ({ page }) => {
  await asNewClient(page);
  ops('flag', 'socialGoogle', 'on');
  try {
    // Straight to the callback, no login started in this tab.
    await page.goto('/social/callback?code=x&state=forged');
    await expect(page.getByRole('alert')).toContainText('Please enter the correct information.');

    // A login started here, but the state coming back is not the one this browser was given.
    await page.goto('/index');
    await continueWithGoogle(page);
    await page.goto('/social/callback?code=x&state=forged');
    await expect(page.getByRole('alert')).toContainText(
      'Signing in with this account failed. Please try again.',
    );

    await page.goto('/index');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu / })).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  } finally {
    ops('flag', 'socialGoogle', 'off');
  }
});

/**
 * Telegram's widget comes from telegram.org, which this machine cannot reach: the test serves a
 * stand-in for that one script that does what the real widget does in its redirect mode — send the
 * browser to the page's data-auth-url with the login data signed by the bot token (Telegram's
 * documented HMAC-SHA-256 with key SHA-256(token)). Everything of ours runs for real.
 */
function signedTelegramQuery(user: Record<string, string | number>): string {
  const check = Object.keys(user)
    .sort()
    .map((k) => `${k}=${user[k]}`)
    .join('\n');
  const secret = createHash('sha256').update(TELEGRAM_BOT.token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({
    ...Object.fromEntries(Object.entries(user).map(([k, v]) => [k, String(v)])),
    hash,
  }).toString();
}

test('Telegram: the widget’s signed data signs the member in; tampered data does not', async ({ page }) => {
  await asNewClient(page);
  ops('flag', 'socialTelegram', 'on');
  try {
    const user = {
      id: 424242,
      first_name: 'Tele',
      username: 'tele_player',
      auth_date: Math.floor(Date.now() / 1000),
    };
    const query = signedTelegramQuery(user);
    await page.route('https://telegram.org/js/telegram-widget.js*', (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: `(() => {
          const s = document.currentScript;
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = 'Log in with Telegram';
          b.onclick = () => { location.href = s.dataset.authUrl + '&' + ${JSON.stringify(query)}; };
          s.after(b);
        })();`,
      }),
    );
    await page.goto('/index');
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Log in with Telegram' }).click();
    await expect(page.getByRole('button', { name: /^Account menu telegram_/ })).toBeVisible();
    await expect(page).toHaveURL(/\/index$/);
    const account = (await page.evaluate(() => sessionStorage.getItem('account'))) ?? '';
    await signOut(page, account);

    // The same data with another name (not signed by the bot) is refused.
    await page.goto(
      `/social/callback?provider=telegram&${query.replace('first_name=Tele', 'first_name=Mallory')}`,
    );
    await expect(page.getByText('Signing in with this account failed. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu / })).toHaveCount(0);
  } finally {
    ops('flag', 'socialTelegram', 'off');
  }
});
