import { expect, test, type Page } from '@playwright/test';
import { asNewClient, expectLoggedIn, logIn } from '../support/accounts.ts';
import {
  headerBalance,
  minorIn,
  openCentrePage,
  readHeaderBalance,
  walletBalanceOf,
} from '../support/money.ts';

// Issue 4, wallets: a vendor-wallet transfer and collection, a transfer to the upline, and the
// header balance (show, hide, refresh), in a real Chromium against the real server. Named 0-… so
// it runs before accounts.spec.ts changes the demo passwords; balances are compared relative to
// before, since other money specs move the same accounts' money.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
});

const DEMO = { account: 'demo01', password: 'Demo2026!' };
const AGENT01 = { account: 'agent01', password: 'Agent2026!' };
const AGENT02 = { account: 'agent02', password: 'Agent2026!' };
const PAYMENT_PASSWORD = '135790';

async function signIn(page: Page, who: { account: string; password: string }) {
  await asNewClient(page);
  await page.goto('/index');
  await logIn(page, who.account, who.password);
  await expectLoggedIn(page, who.account);
}

test('vendor wallet: main → PG Soft, then collect everything back to main', async ({ page }) => {
  await signIn(page, DEMO);
  const headerBefore = await readHeaderBalance(page);
  const centre = await openCentrePage(page, DEMO.account, 'Wallet');
  const mainBefore = await walletBalanceOf(centre, 'Main wallet');
  const pgBefore = await walletBalanceOf(centre, 'PG Soft');

  await centre.getByRole('radio', { name: 'Main wallet → game wallet' }).check();
  await centre.getByRole('combobox', { name: 'Game wallet' }).selectOption({ label: 'PG Soft' });
  await centre.getByRole('textbox', { name: 'Amount (MMK)' }).fill('123.45');
  await centre.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(centre.getByRole('status').filter({ hasText: 'was transferred' })).toHaveText(
    'MMK 123.45 was transferred from Main wallet to PG Soft.',
  );
  await expect.poll(() => walletBalanceOf(centre, 'Main wallet')).toBe(mainBefore - 12_345);
  await expect.poll(() => walletBalanceOf(centre, 'PG Soft')).toBe(pgBefore + 12_345);

  // Every game wallet with a balance comes back; the total never changes.
  const cards = centre.getByRole('list', { name: 'Wallets' }).getByRole('listitem');
  let vendorsBefore = 0;
  for (const text of (await cards.allTextContents()).slice(1)) vendorsBefore += minorIn(text);
  await centre.getByRole('button', { name: 'Collect all to main wallet' }).click();
  await expect(centre.getByRole('status').filter({ hasText: 'collected' })).toHaveText(
    /was collected to the main wallet\./,
  );
  await expect.poll(() => walletBalanceOf(centre, 'Main wallet')).toBe(mainBefore - 12_345 + vendorsBefore);
  await expect.poll(() => walletBalanceOf(centre, 'PG Soft')).toBe(0);
  await expect.poll(() => readHeaderBalance(page)).toBe(headerBefore);
});

test('transfer to the upline: agent02 → agent01 with the payment password', async ({ browser, page }) => {
  // agent01's header first, to see the money arrive there.
  const upContext = await browser.newContext();
  const up = await upContext.newPage();
  await up.addInitScript(() => localStorage.setItem('lang', 'EN'));
  await signIn(up, AGENT01);
  const upBefore = await readHeaderBalance(up);

  await signIn(page, AGENT02);
  const before = await readHeaderBalance(page);
  const centre = await openCentrePage(page, AGENT02.account, 'Transfer to upline');
  await expect(centre.getByText('agent01', { exact: true })).toBeVisible();
  await centre.getByRole('textbox', { name: 'Amount (MMK)' }).fill('10');
  const password = centre.getByLabel('Payment password');
  await password.fill('000000');
  await centre.getByRole('button', { name: 'Send to upline' }).click();
  await expect(password).toHaveAccessibleDescription('The payment password is wrong.');

  await password.fill(PAYMENT_PASSWORD);
  await centre.getByRole('button', { name: 'Send to upline' }).click();
  await expect(centre.getByRole('status').filter({ hasText: 'was sent' })).toHaveText(
    'MMK 10.00 was sent to agent01.',
  );
  await expect.poll(() => readHeaderBalance(page)).toBe(before - 1_000);

  // The upline's header shows the new balance after a click on it.
  await headerBalance(up).refresh.click();
  await expect.poll(() => readHeaderBalance(up)).toBe(upBefore + 1_000);
  await upContext.close();
});

test('the header balance shows, hides (remembered) and refreshes', async ({ page }) => {
  await signIn(page, DEMO);
  const { refresh, hide } = headerBalance(page);
  await expect(refresh).toHaveText(/^MMK[\d,]+\.\d{2}$/);

  // A refresh shows "Updating…" until the answer is in (held back here so it can be seen).
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/wps/v2/wallets/balance', async (route) => {
    await held;
    await route.continue();
  });
  await refresh.click();
  await expect(refresh).toHaveText('Updating…');
  release();
  await expect(refresh).toHaveText(/^MMK[\d,]+\.\d{2}$/);
  await page.unroute('**/wps/v2/wallets/balance');

  await hide.click();
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await expect(refresh).toHaveText('MMK***');
  await page.reload();
  await expect(headerBalance(page).refresh).toHaveText('MMK***');
  await headerBalance(page).hide.click();
  await expect(headerBalance(page).refresh).toHaveText(/^MMK[\d,]+\.\d{2}$/);

  // Beside it, deposit and withdraw open their member-centre pages.
  for (const name of ['Deposit', 'Withdraw']) {
    await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await expect(centre.getByRole('navigation').getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.keyboard.press('Escape');
    await expect(centre).toBeHidden();
  }
});

// agent02: the phone project runs after accounts.spec, which changes demo01's password.
test('the wallet page fits a 360 px phone @phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, AGENT02);
  await expect(headerBalance(page).refresh).toHaveText(/\d\.\d{2}$/);
  const centre = await openCentrePage(page, AGENT02.account, 'Wallet');
  const transfer = centre.getByRole('button', { name: 'Transfer', exact: true });
  await transfer.scrollIntoViewIfNeeded();
  await expect(transfer).toBeInViewport();
  await expect(centre.getByRole('list', { name: 'Wallets' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // A small transfer works on the phone too.
  const mainBefore = await walletBalanceOf(centre, 'Main wallet');
  await centre.getByRole('textbox', { name: 'Amount (MMK)' }).fill('1');
  await transfer.click();
  await expect(centre.getByRole('status').filter({ hasText: 'was transferred' })).toBeVisible();
  await expect.poll(() => walletBalanceOf(centre, 'Main wallet')).toBe(mainBefore - 100);
});
