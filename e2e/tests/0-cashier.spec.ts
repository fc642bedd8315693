import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { asNewClient, expectLoggedIn, logIn } from '../support/accounts.ts';
import { mainBalance, minorIn, noticesOf, openCentrePage } from '../support/money.ts';
import { ops } from '../support/ops.ts';

// Issue 4, cashier: bank-transfer deposits decided by the operator, the instant demo gateway, a
// withdrawal to a bank card approved and another rejected, and the three C2C confirmations — in a
// real Chromium against the real server and the ops command line. Named 0-… so it runs before
// accounts.spec.ts changes the demo passwords; balances are compared relative to before, since
// other money specs move the same accounts' money. Amounts are distinct per test so a C2C deposit
// can only be matched to the withdrawal made for it.
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

// A 1×1 PNG: a real image for the proof upload (the server checks the first bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, who: { account: string; password: string }) {
  await asNewClient(page);
  await page.goto('/index');
  await logIn(page, who.account, who.password);
  await expectLoggedIn(page, who.account);
}

/** A second member in a browser context of their own. */
async function otherMember(browser: Browser, who: { account: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('lang', 'EN'));
  await signIn(page, who);
  return { page, close: () => context.close() };
}

/** The number after "#" in a status line ("Deposit #42 of …"). */
async function idIn(status: Locator): Promise<string> {
  const m = /#(\d+)/.exec((await status.textContent()) ?? '');
  if (!m) throw new Error('no id in the status line');
  return m[1]!;
}

/** Shows another centre page and comes back: the page mounts again and asks the server. */
async function reopen(centre: Locator, label: string, via: string) {
  const menu = centre.getByRole('navigation');
  await menu.getByRole('button', { name: via, exact: true }).click();
  await expect(centre.getByRole('heading', { name: via, exact: true })).toBeVisible();
  await menu.getByRole('button', { name: label, exact: true }).click();
  await expect(centre.getByRole('heading', { name: label, exact: true })).toBeVisible();
}

async function bankDeposit(centre: Locator, amount: string): Promise<string> {
  await centre.getByRole('radio', { name: /KBZ Bank transfer/ }).check();
  await centre.getByRole('textbox', { name: 'Amount (MMK)' }).fill(amount);
  await centre.getByRole('textbox', { name: 'Payer name' }).fill('Demo Player');
  await centre.getByRole('button', { name: 'I have transferred' }).click();
  const done = centre
    .getByRole('status')
    .filter({ hasText: /is pending\. It is credited once the operator/ });
  await expect(done).toBeVisible();
  return idIn(done);
}

function depositRow(centre: Locator, id: string) {
  return centre.getByRole('list', { name: 'My deposits' }).getByRole('listitem', { name: `Deposit #${id}` });
}

function withdrawalRow(centre: Locator, id: string) {
  return centre
    .getByRole('list', { name: 'My withdrawals' })
    .getByRole('listitem', { name: `Withdrawal #${id}` });
}

/** A bank card to withdraw to (added once; later tests reuse it). */
async function ensureCard(centre: Locator) {
  const cards = centre.getByRole('list', { name: 'Bank cards' });
  const add = centre.getByRole('button', { name: 'Add bank card' });
  // The button shows once the cards have loaded (with or without any).
  await expect(add).toBeVisible();
  if ((await cards.count()) > 0) return;
  await add.click();
  await centre.getByRole('textbox', { name: 'Bank' }).fill('AYA Bank');
  await centre.getByRole('textbox', { name: 'Account name' }).fill('Demo Player');
  await centre.getByRole('textbox', { name: 'Account number' }).fill('20012345674321');
  await centre.getByRole('button', { name: 'Save card' }).click();
  await expect(cards.getByRole('listitem', { name: 'AYA Bank **** 4321' })).toBeVisible();
}

async function withdraw(centre: Locator, amount: string): Promise<string> {
  await centre.getByRole('textbox', { name: 'Amount (MMK)' }).fill(amount);
  await centre.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await centre.getByRole('button', { name: 'Submit withdrawal' }).click();
  const done = centre.getByRole('status').filter({ hasText: /is pending approval/ });
  await expect(done).toBeVisible();
  return idIn(done);
}

test('bank transfer: pending until the operator approves (credited, notice); another rejected', async ({
  page,
}) => {
  await signIn(page, DEMO);
  const before = await mainBalance(page);
  const centre = await openCentrePage(page, DEMO.account, 'Deposit');
  await expect(centre.getByText('99912345678901')).toBeVisible();

  const approved = await bankDeposit(centre, '1,234.56');
  await expect(depositRow(centre, approved)).toContainText('Pending');
  expect(await mainBalance(page)).toBe(before);
  expect(ops('deposit', 'approve', approved)).toContain(approved);
  await expect.poll(() => mainBalance(page)).toBe(before + 123_456);
  await reopen(centre, 'Deposit', 'Withdraw');
  await expect(depositRow(centre, approved)).toContainText('Succeeded');
  expect((await noticesOf(page, 'deposit_arrived')).map((n) => String(n.params.depositId))).toContain(
    approved,
  );

  const rejected = await bankDeposit(centre, '200');
  expect(ops('deposit', 'reject', rejected)).toContain(rejected);
  await reopen(centre, 'Deposit', 'Withdraw');
  await expect(depositRow(centre, rejected)).toContainText('Failed');
  expect(await mainBalance(page)).toBe(before + 123_456);
  expect((await noticesOf(page, 'deposit_failed')).map((n) => String(n.params.depositId))).toContain(
    rejected,
  );
});

test('instant gateway: the pay page opens, Pay, back on the site and credited', async ({ page }) => {
  await signIn(page, DEMO);
  const before = await mainBalance(page);
  const centre = await openCentrePage(page, DEMO.account, 'Deposit');
  await centre.getByRole('radio', { name: /Demo Pay/ }).check();
  await centre.getByRole('textbox', { name: 'Amount (MMK)' }).fill('25.50');
  await centre.getByRole('button', { name: 'Go to payment' }).click();

  await expect(page).toHaveURL(/\/wps\/payment\/demo\/pay\?deposit=\d+/);
  await expect(page.getByRole('heading', { name: 'Demo Pay' })).toBeVisible();
  await expect(page.getByText('25.50')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the site, on the deposit page, with the outcome.
  await expect(page).toHaveURL(/\/index$/);
  const back = page.getByRole('dialog', { name: 'Member centre' });
  await expect(back.getByRole('heading', { name: 'Deposit', exact: true })).toBeVisible();
  await expect(back.getByRole('status').filter({ hasText: 'Payment received' })).toHaveText(
    /Payment received: deposit #\d+ of MMK 25\.50 was credited to your main wallet\./,
  );
  expect(await mainBalance(page)).toBe(before + 2_550);
});

test('withdraw to a bank card: approved by the operator; another rejected and returned', async ({ page }) => {
  await signIn(page, DEMO);
  const centre = await openCentrePage(page, DEMO.account, 'Withdraw');
  await ensureCard(centre);
  const before = await mainBalance(page);

  // The form checks the limits and the payment password before anything is sent.
  const amount = centre.getByRole('textbox', { name: 'Amount (MMK)' });
  await amount.fill('999.99');
  await centre.getByRole('button', { name: 'Submit withdrawal' }).click();
  await expect(amount).toHaveAccessibleDescription(/The amount must be at least MMK 1,000\.00\./);
  await expect(centre.getByLabel('Payment password')).toHaveAccessibleDescription(
    'Enter the payment password.',
  );
  await amount.fill('1500');
  await centre.getByLabel('Payment password').fill('000000');
  await centre.getByRole('button', { name: 'Submit withdrawal' }).click();
  await expect(centre.getByLabel('Payment password')).toHaveAccessibleDescription(
    'The payment password is wrong.',
  );

  const approved = await withdraw(centre, '1500');
  await expect(withdrawalRow(centre, approved)).toContainText('Pending');
  await expect.poll(() => mainBalance(page)).toBe(before - 150_000);
  expect(ops('withdrawal', 'approve', approved)).toContain(approved);
  await reopen(centre, 'Withdraw', 'Deposit');
  await expect(withdrawalRow(centre, approved)).toContainText('Approved');
  expect(await mainBalance(page)).toBe(before - 150_000);
  expect((await noticesOf(page, 'withdrawal_approved')).length).toBeGreaterThan(0);

  const rejected = await withdraw(centre, '1000');
  await expect.poll(() => mainBalance(page)).toBe(before - 250_000);
  expect(ops('withdrawal', 'reject', rejected)).toContain(rejected);
  await reopen(centre, 'Withdraw', 'Deposit');
  await expect(withdrawalRow(centre, rejected)).toContainText('Rejected');
  expect(await mainBalance(page)).toBe(before - 150_000);
  expect((await noticesOf(page, 'withdrawal_rejected')).length).toBeGreaterThan(0);
});

test('C2C: received in full, partly received, not received with a proof (disputed, then resolved)', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO);
  const centre = await openCentrePage(page, DEMO.account, 'Withdraw');
  await ensureCard(centre);
  const agent01 = await otherMember(browser, AGENT01);
  const agent02 = await otherMember(browser, AGENT02);
  const payer01 = await openCentrePage(agent01.page, AGENT01.account, 'Deposit');
  const payer02 = await openCentrePage(agent02.page, AGENT02.account, 'Deposit');

  /** A withdrawal of `amount` by demo01, matched to a C2C deposit by `payer`: its id. */
  async function matched(amount: string, payer: Locator, guarantee: string) {
    const id = await withdraw(centre, amount);
    await payer.getByRole('radio', { name: /C2C/ }).check();
    await payer.getByRole('textbox', { name: 'Amount (MMK)' }).fill(amount);
    await payer.getByRole('button', { name: 'Find a payee' }).click();
    const done = payer.getByRole('status').filter({ hasText: 'to the member below' });
    await expect(done).toContainText('Demo Player');
    await expect(done).toContainText('20012345674321');
    await expect(done).toContainText(guarantee);
    await reopen(centre, 'Withdraw', 'Deposit');
    return id;
  }
  const confirmation = (id: string) =>
    centre.getByRole('form', { name: `Confirm the payment of withdrawal #${id}` });

  // Received in full: the depositor is credited and gets the guarantee back.
  let me = await mainBalance(page);
  let payer = await mainBalance(agent01.page);
  const full = await matched('1,111.11', payer01, 'MMK 11.11');
  await expect.poll(() => mainBalance(agent01.page)).toBe(payer - 1_111);
  let form = confirmation(full);
  await expect(form).toContainText(
    'With no confirmation within 30 minutes it counts as received; a forced receipt means the deposit guarantee is not returned.',
  );
  await form.getByRole('radio', { name: 'Received in full' }).check();
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    centre.getByRole('status').filter({ hasText: `Withdrawal #${full} is complete` }),
  ).toBeVisible();
  await expect(withdrawalRow(centre, full)).toContainText('Approved');
  expect(await mainBalance(page)).toBe(me - 111_111);
  await expect.poll(() => mainBalance(agent01.page)).toBe(payer + 111_111);

  // Partly received: the remainder returns to the withdrawer; the depositor gets what arrived.
  me = await mainBalance(page);
  payer = await mainBalance(agent02.page);
  const partial = await matched('1,222.22', payer02, 'MMK 12.22');
  form = confirmation(partial);
  await form.getByRole('radio', { name: 'Partly received' }).check();
  await form.getByRole('textbox', { name: 'Amount received (MMK)' }).fill('1,300');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(form.getByRole('textbox', { name: 'Amount received (MMK)' })).toHaveAccessibleDescription(
    /less than the withdrawal \(at most MMK 1,222\.21\)/,
  );
  await form.getByRole('textbox', { name: 'Amount received (MMK)' }).fill('1,000');
  await expect(form.getByText('MMK 222.22')).toBeVisible();
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    centre.getByRole('status').filter({ hasText: `Recorded for withdrawal #${partial}` }),
  ).toHaveText(
    `Recorded for withdrawal #${partial}: MMK 1,000.00 received, MMK 222.22 returned to your main wallet.`,
  );
  await expect.poll(() => mainBalance(page)).toBe(me - 122_222 + 22_222);
  await expect.poll(() => mainBalance(agent02.page)).toBe(payer + 100_000);

  // Not received: a proof image first (checked in the client), then disputed until the operator decides.
  me = await mainBalance(page);
  payer = await mainBalance(agent01.page);
  const none = await matched('1,333.33', payer01, 'MMK 13.33');
  form = confirmation(none);
  await form.getByRole('radio', { name: 'Not received' }).check();
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(form.getByRole('alert')).toHaveText('Upload at least one proof image.');
  const proofs = form.getByLabel('Proof images');
  await proofs.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.getByRole('alert')).toHaveText('Only png or jpg images.');
  await proofs.setInputFiles(
    ['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.png`, mimeType: 'image/png', buffer: PNG })),
  );
  await expect(form.getByRole('alert')).toHaveText('More than 3 images: upload at most 3.');
  await proofs.setInputFiles({ name: 'bank.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    centre.getByRole('status').filter({ hasText: `Withdrawal #${none} is recorded as not received` }),
  ).toBeVisible();
  await expect(withdrawalRow(centre, none)).toContainText('Disputed');
  expect(await mainBalance(page)).toBe(me - 133_333);

  expect(ops('c2c', 'resolve', none, 'not_received')).toContain(none);
  await expect.poll(() => mainBalance(page)).toBe(me);
  // The depositor's guarantee is kept: they paid nothing that arrived and lose the 13.33.
  await expect.poll(() => mainBalance(agent01.page)).toBe(payer - 1_333);
  await reopen(centre, 'Withdraw', 'Deposit');
  await expect(withdrawalRow(centre, none)).toContainText('Rejected');
  await expect(withdrawalRow(centre, none)).toContainText(
    'The operator found the payment not received: MMK 1,333.33 was returned to your main wallet.',
  );
  await reopen(payer01, 'Deposit', 'Withdraw');
  const deposits = payer01.getByRole('list', { name: 'My deposits' }).getByRole('listitem');
  await expect(deposits.first()).toContainText('Failed');
  expect(minorIn((await deposits.first().textContent()) ?? '')).toBe(133_333);

  await agent01.close();
  await agent02.close();
});
