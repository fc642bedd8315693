import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { asNewClient, expectLoggedIn, logIn } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { centrePageOverflow } from '../support/page.ts';
import { apiValue, mainBalance } from '../support/money.ts';
import { ops, opsQuiet } from '../support/ops.ts';

// Issue 10, "Done when": a new member sets a deposit limit (the prompt at registration) and is
// refused above it, raises it and sees the cooling-off, meets the reality check after its interval
// (Playwright's clock moves the page's time), sets a loss limit and has a lottery bet above it
// refused, takes a time-out, is logged out and refused at login. axe on the Responsible gaming
// page in both themes; screenshots at 360 and 1280 px in /tmp/shots/protection-*.png.
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots';
const GAME = { code: 'LUCKY5D_5M', label: 'Lucky 5D 5 Min' };
const member = { account: `rg${Date.now().toString(36)}`, password: 'Protect2026x' };

/** The Responsible gaming page of the member centre. */
async function protectionPage(page: Page): Promise<Locator> {
  await page.goto('/index?panel=personal&page=protection');
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await expect(centre.getByRole('heading', { level: 2, name: 'Responsible gaming' })).toBeVisible();
  return centre;
}

/** Asks to pay `amount` (MMK) through the instant demo gateway (the pay page, or a refusal, follows). */
async function demoDeposit(page: Page, amount: string): Promise<void> {
  await page.goto('/index?panel=personal&page=depositv2');
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await centre.getByRole('radio', { name: /Demo Pay/ }).check();
  await centre.getByRole('textbox', { name: 'Amount (MMK)' }).fill(amount);
  await centre.getByRole('button', { name: 'Go to payment' }).click();
}

interface Opened {
  current: { numero: string; closeAt: string } | null;
  serverTime: string;
}

test('limits, the reality check and a time-out, enforced by the server', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  // The page's clock is Playwright's from the start: the reality check's timers can be moved on.
  await page.clock.install();
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await asNewClient(page);

  // ── Registration, then the deposit-limit prompt: MMK 500.00 per 24 hours.
  ops('field', 'captcha', 'enabled=off');
  try {
    await page.goto('/register');
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill(member.account);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await dialog.getByRole('textbox', { name: 'Confirm password' }).fill(member.password);
    const payee = dialog.getByRole('textbox', { name: 'Real name' });
    if (await payee.count()) await payee.fill('Careful Player');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    opsQuiet('field', 'captcha', 'enabled=on');
  }
  const prompt = page.getByRole('dialog', { name: 'Set a deposit limit?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('textbox', { name: 'Deposit limit (MMK)' }).fill('500');
  await prompt.getByRole('combobox', { name: 'Period' }).selectOption('day');
  await prompt.getByRole('button', { name: 'Set deposit limit' }).click();
  await expect(prompt).toBeHidden();
  await expectLoggedIn(page, member.account);

  // ── MMK 400.00 is paid; MMK 200.00 more would pass the limit: refused, nothing credited.
  await demoDeposit(page, '400');
  await expect(page.getByRole('heading', { name: 'Demo Pay' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  const back = page.getByRole('dialog', { name: 'Member centre' });
  await expect(back.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
  expect(await mainBalance(page)).toBe(40_000);
  await demoDeposit(page, '200');
  await expect(back.getByText(/This deposit would go over your deposit limit/)).toBeVisible();
  await expect(page).not.toHaveURL(/\/wps\/payment\/demo/);
  expect(await mainBalance(page)).toBe(40_000);

  // ── The page: the day's deposits counted; raising the limit waits 24 hours (cooling-off).
  let centre = await protectionPage(page);
  const row = centre.getByRole('listitem', { name: 'Deposit limit, 24 hours' });
  await expect(row).toContainText('500.00');
  await expect(row).toContainText('400.00');
  await row.getByRole('button', { name: 'Change Deposit limit, 24 hours' }).click();
  await row.getByRole('textbox', { name: 'New limit (MMK)' }).fill('1000');
  await row.getByRole('button', { name: 'Save limit' }).click();
  await expect(centre.getByText(/Saved\. It takes effect on \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./)).toBeVisible();
  await expect(row).toContainText(/Changes to MMK 1,000\.00: takes effect on \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  // Still MMK 500.00 until then.
  await demoDeposit(page, '200');
  await expect(back.getByText(/This deposit would go over your deposit limit/)).toBeVisible();
  expect(ops('protection', 'show', member.account)).toMatch(/deposit/i);

  // ── A loss limit of MMK 5.00 a day: at once (a first limit).
  centre = await protectionPage(page);
  const loss = centre.getByRole('listitem', { name: 'Loss limit, Day' });
  await loss.getByRole('button', { name: 'Change Loss limit, Day' }).click();
  await loss.getByRole('textbox', { name: 'New limit (MMK)' }).fill('5');
  await loss.getByRole('button', { name: 'Save limit' }).click();
  await expect(centre.getByText('Saved. The limit applies now.')).toBeVisible();

  // ── The reality check every minute: the page's clock moves on by a minute, the check shows
  //    the session's time and its net result.
  await centre.getByRole('combobox', { name: 'Remind me' }).selectOption('1');
  await centre.getByRole('button', { name: 'Save reality check' }).click();
  await expect(centre.getByText('Saved.', { exact: true })).toBeVisible();
  await expectAccessible(page, 'responsible gaming (light)', '[role="dialog"]');
  await page.screenshot({ path: `${SHOTS}/protection-1280.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await page.clock.fastForward('01:05');
  const check = page.getByRole('dialog', { name: 'Reality check' });
  await expect(check).toBeVisible();
  await expect(check).toContainText(/You have been playing for \d+:\d{2}:\d{2}\./);
  await expect(check).toContainText('Net result of this session: MMK');
  await page.screenshot({ path: `${SHOTS}/protection-reality-check-1280.png` });
  await check.getByRole('button', { name: 'Continue' }).click();
  await expect(check).toBeHidden();

  // ── A lottery bet of MMK 10.00 (ten bets of 1.00) above the loss limit: refused, nothing taken.
  for (;;) {
    const o = await apiValue<Opened>(page, `/lotto/lgw/games/opened/numero?gameCode=${GAME.code}`, 'LOT');
    const left = o.current ? Date.parse(o.current.closeAt) - Date.parse(o.serverTime) : 0;
    if (o.current && left > 30_000) break;
    await page.waitForTimeout(Math.max(1_000, left + 12_000));
  }
  await page.goto(`/lottery?gameCode=${GAME.code}`);
  await expect(page.getByRole('heading', { level: 2, name: GAME.label })).toBeVisible({ timeout: 20_000 });
  const first = page.getByRole('group', { name: '1st digit' });
  await first
    .getByRole('group', { name: /Quick picks/ })
    .getByRole('button', { name: 'All', exact: true })
    .click();
  await page.getByRole('button', { name: 'Add to slip' }).click();
  const slip = page.getByRole('region', { name: /Bet slip/ });
  await slip.getByRole('button', { name: 'Place bets' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your bets' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText(/This stake would go over your loss limit/)).toBeVisible();
  expect(await mainBalance(page)).toBe(40_000);

  // ── Dark theme and a phone's width: the page still reads and passes axe.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/index');
  centre = await protectionPage(page);
  await expectAccessible(page, 'responsible gaming (dark, 360)', '[role="dialog"]');
  // Nothing of the page reaches past the screen's right edge (the centre's menu scrolls sideways).
  const outside = await centrePageOverflow(page);
  expect(outside).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/protection-360-dark.png`, fullPage: true });

  // ── A time-out of 24 hours: logged out at once, the login refused with its end.
  await centre.getByRole('combobox', { name: 'Time-out length' }).selectOption('1');
  await centre.getByRole('button', { name: 'Take a time-out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Take a time-out?' });
  await expect(confirm).toContainText('cannot be undone or shortened');
  await confirm.getByRole('button', { name: 'Yes, start my time-out' }).click();
  const started = page.getByRole('dialog', { name: 'Take a time-out' });
  await expect(started).toContainText('Your time-out has started. You have been logged out.');
  await started.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  const login = await logIn(page, member.account, member.password);
  await expect(login.getByRole('alert')).toContainText(
    /This account is on a time-out\. You cannot log in until the time-out ends\. It ends on \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./,
  );
  await page.screenshot({ path: `${SHOTS}/protection-refused-360-dark.png` });
  await login.getByRole('button', { name: 'Close' }).click();

  // ── The footer: the 18+ mark, the operator's licence line (the merchant's data) and the link.
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByRole('img', { name: 'For adults aged 18 and over only' })).toBeVisible();
  await expect(footer).toContainText('Golden Lotus is a demonstration brand and holds no gaming licence.');
  await expect(footer.getByRole('link', { name: 'Responsible gaming' })).toBeVisible();
});
