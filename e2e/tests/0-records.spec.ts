import { expect, test, type Page } from '@playwright/test';
import { asNewClient, expectLoggedIn, logIn } from '../support/accounts.ts';
import { openCentrePage, readHeaderBalance } from '../support/money.ts';
import { ops } from '../support/ops.ts';

// Issue 4, live updates, inbox and records: the operator credits a bonus and sends a mail from the
// command line (another process); the open page's header balance and unread badge change without
// a reload (Server-Sent Events), the inbox shows the mail, the account record lists the bonus.
// Balances are compared relative to before: other money specs move demo01's money too.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
});

const DEMO = { account: 'demo01', password: 'Demo2026!' };

async function signIn(page: Page) {
  await asNewClient(page);
  await page.goto('/index');
  await logIn(page, DEMO.account, DEMO.password);
  await expectLoggedIn(page, DEMO.account);
}

/** The header's inbox button and its unread count (0 when it shows none). */
function inboxButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Messages(, \d+ unread)?$/ });
}
async function unreadInHeader(page: Page): Promise<number> {
  const name = (await inboxButton(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

test('live header: a bonus and a mail from the operator update the balance and the unread count without reload', async ({
  page,
}) => {
  await signIn(page);
  const before = await readHeaderBalance(page);
  await expect(inboxButton(page)).toBeVisible();
  const unreadBefore = await unreadInHeader(page);

  ops('bonus', DEMO.account, '12.34', 'e2e', 'live');
  await expect.poll(() => readHeaderBalance(page)).toBe(before + 1_234);

  const title = `Hello from e2e ${Date.now()}`;
  ops('mail', DEMO.account, title, 'The body of the e2e mail.');
  await expect(inboxButton(page)).toHaveAttribute('aria-label', `Messages, ${unreadBefore + 1} unread`);

  // The badge opens the inbox; opening the mail shows its body and marks it read.
  await inboxButton(page).click();
  const mail = page.getByRole('button', { name: new RegExp(title) });
  await expect(mail).toBeVisible();
  await mail.click();
  await expect(page.getByText('The body of the e2e mail.')).toBeVisible();
  // The member centre is a dialog (the header is hidden from the accessibility tree meanwhile).
  await page.keyboard.press('Escape');
  await expect.poll(() => unreadInHeader(page)).toBe(unreadBefore);
});

test('account record: the bonus is listed under its type for the last 7 days, with totals', async ({
  page,
}) => {
  await signIn(page);
  ops('bonus', DEMO.account, '7.77', 'record');
  const centre = await openCentrePage(page, DEMO.account, 'Account record');
  await centre.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Bonus' });
  await centre.getByRole('button', { name: 'Last 7 days' }).click();
  const table = centre.getByRole('table', { name: 'Movements' });
  // Row 0 is the column headers; the newest movement comes first.
  await expect(table.getByRole('row').nth(1)).toContainText('7.77');
  // The totals of the period (a labelled description list: deposits, withdrawals, net).
  await expect(centre.getByLabel('Totals for the period')).toContainText('Deposits');
});

// Runs in the desktop project at 360 px (before accounts.spec changes demo01's password).
test('account record at 360 px: cards, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  const centre = await openCentrePage(page, DEMO.account, 'Account record');
  await expect(centre.getByRole('table', { name: 'Movements' }).getByRole('row').nth(1)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
