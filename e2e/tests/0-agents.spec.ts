import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { accountMenu, afterRegistration, asNewClient, expectLoggedIn, logIn } from '../support/accounts.ts';
import { playButton, lobbySearch, recordRounds, spinButton, studio, waitForIdle } from '../support/games.ts';
import { apiValue, minorIn } from '../support/money.ts';
import { ops, opsQuiet } from '../support/ops.ts';
import { noSidewaysScroll, setLanguage } from '../support/lottery.ts';

// Issue 8, "Done when": agent01 creates a downline agent and an invitation link in the register
// centre; a player registers through the link and shows in agent01's downline list; agent01 sends
// the downline money, offers it a daily wage and a dividend from the contract pages; the downline
// accepts both and bets (one slot spin); the operator settles (`npm run ops -- contracts
// settle-now`); agent01's daily-wage records show the payout paid and the downline's show it
// received (and their account records contract_pay / contract_income); the downline is refused
// agent01's ids (404 agent.errors.not_in_team) and a member gets no agent centre (403, no menu).
// Screenshots of the contract pages at 1280 and 360 px into /tmp/shots/contracts-*.png.
test.describe.configure({ mode: 'serial' });

const AGENT01 = { account: 'agent01', password: 'Agent2026!' };
const PLAYER01 = { account: 'player01', password: 'Player2026!' };
const PAYMENT_PASSWORD = '135790';
/** A slot of the demo catalogue (apps/server/src/seed/demo-games.ts; e2e never imports it). */
const SLOT = { name: 'Pharaoh Treasure', search: 'pharaoh treas' };
const SHOTS = '/tmp/shots';
/** The daily wage offered: from MMK 1.00 of team volume and 1 active person, MMK 5.00. */
const WAGE = 500;

/** A fetch of the API from inside the page with its session: the status and the envelope. */
async function api(page: Page, method: string, path: string, moduleId: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, moduleId, body }) => {
      const token = sessionStorage.getItem('token');
      const res = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          'X-Module-Id': moduleId,
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { success: boolean; value?: unknown; message?: string };
      return { status: res.status, ...json };
    },
    { method, path, moduleId, body },
  );
}

async function signIn(page: Page, who: { account: string; password: string }) {
  await asNewClient(page);
  await page.goto('/index');
  await logIn(page, who.account, who.password);
  await expectLoggedIn(page, who.account);
}

/** Opens the agent centre from the account menu, then one of its pages by its menu label. */
async function openAgentPage(page: Page, account: string, label: string): Promise<Locator> {
  const centre = page.getByRole('dialog', { name: 'Agent centre' });
  if (!(await centre.isVisible())) {
    await accountMenu(page, account).click();
    await page
      .getByRole('menuitem', { name: 'Agent centre' })
      .or(page.getByRole('button', { name: 'Agent centre' }))
      .first()
      .click();
  }
  await centre.getByRole('navigation').getByRole('button', { name: label, exact: true }).click();
  await expect(centre.getByRole('heading', { name: label, exact: true, level: 2 })).toBeVisible();
  return centre;
}

/** A new browser context in English, with its own client address. */
async function newClient(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
  await asNewClient(page);
  return { context, page };
}

/** Offers a contract from a contract page's form: the downline, the period (dividend), one tier. */
async function offer(centre: Locator, downline: string, tier: Record<string, string>, period?: string) {
  const form = centre.getByRole('form', { name: 'Offer a contract' });
  await form.getByRole('combobox', { name: 'Direct downline agent' }).selectOption({ label: downline });
  if (period) await form.getByRole('combobox', { name: 'Dividend period' }).selectOption({ label: period });
  const first = form.getByRole('group', { name: 'Tier 1' });
  for (const [name, value] of Object.entries(tier)) await first.getByRole('textbox', { name }).fill(value);
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Your offer was sent to ${downline}. It starts when they accept it.`,
  );
}

/** Accepts the one request waiting on a contract page (with its confirmation). */
async function acceptRequest(page: Page, centre: Locator, upline: string) {
  const requests = centre.getByRole('list', { name: 'Requests waiting for my answer' });
  await expect(requests.getByText(`${upline} offers you a contract`)).toBeVisible();
  await requests.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Accept' }).click();
  await expect(centre.getByRole('status').filter({ hasText: 'You accepted the contract.' })).toBeVisible();
  await expect(
    centre.getByRole('list', { name: 'My contract with my upline' }).getByText(`Contract with ${upline}`),
  ).toBeVisible();
}

/**
 * A screenshot of the whole agent centre: the centre is a full-height sheet that scrolls inside,
 * so the window is made tall enough for its content first (then set back).
 */
async function centreShot(page: Page, name: string, height = 2400) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(size);
}

/** The first settlement row of the daily-wage records (after a fresh read of the page). */
function settlementRow(centre: Locator, party: string) {
  return centre
    .getByRole('table', { name: 'Settlements' })
    .getByRole('row')
    .filter({ hasText: party })
    .first();
}

test('issue 8: a team from invitation to contract payout, and nobody sees outside their subtree', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await setLanguage(page, 'EN');
  const run = Date.now().toString(36).slice(-7);
  const sub = { account: `sub${run}`, password: `Sub${run}9` };
  const invited = { account: `inv${run}`, password: `Inv${run}9` };

  // ── agent01: a downline agent and an invitation link in the register centre.
  await signIn(page, AGENT01);
  let centre = await openAgentPage(page, AGENT01.account, 'Create account');
  const create = centre.getByRole('form', { name: 'Create a downline account' });
  await create.getByRole('radio', { name: 'Agent' }).check();
  await create.getByRole('textbox', { name: 'Account', exact: true }).fill(sub.account);
  await create.getByLabel('Password', { exact: true }).fill(sub.password);
  await create.getByRole('button', { name: 'Create account' }).click();
  await expect(create.getByRole('status')).toHaveText(
    `The Agent account ${sub.account} was created in your team.`,
  );

  await centre.getByRole('button', { name: 'New link for players' }).click();
  const link = centre.getByRole('list', { name: 'My invitation links' }).getByRole('listitem').first();
  const url = (await link.getByText(/affiliateCode=/).textContent())!.trim();
  expect(url).toMatch(/\?affiliateCode=[A-Za-z0-9]{8}$/);
  const links = await apiValue<{ items: { id: number; url: string }[] }>(page, '/wps/agent/links', 'AGT');
  const linkId = links.items.find((l) => l.url === url)!.id;

  // ── A new visitor registers through the link: the register form opens with the code filled in.
  ops('field', 'captcha', 'enabled=off');
  const guest = await newClient(browser);
  try {
    await guest.page.goto(url);
    const dialog = guest.page.getByRole('dialog', { name: 'Register' });
    await expect(dialog.getByRole('textbox', { name: 'Invitation code' })).toHaveValue(url.split('=')[1]!);
    await dialog.getByRole('textbox', { name: 'Username' }).fill(invited.account);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(invited.password);
    await dialog.getByRole('textbox', { name: 'Confirm password' }).fill(invited.password);
    const payee = dialog.getByRole('textbox', { name: 'Real name' });
    if (await payee.count()) await payee.fill('Invited Player');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await afterRegistration(guest.page, invited.account);
  } finally {
    opsQuiet('field', 'captcha', 'enabled=on');
    await guest.context.close();
  }

  // ── agent01's downline list shows the invited player; money to the downline agent.
  centre = await openAgentPage(page, AGENT01.account, 'Downline management');
  const search = centre.getByRole('searchbox', { name: 'Account' });
  const team = centre.getByRole('table', { name: 'Team members' });
  await search.fill(invited.account);
  await centre.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(team.getByText(invited.account, { exact: true })).toBeVisible();
  await search.fill(sub.account);
  await centre.getByRole('button', { name: 'Search', exact: true }).click();
  await team.getByRole('button', { name: `Transfer to ${sub.account}` }).click();
  const transfer = page.getByRole('dialog', { name: `Transfer to ${sub.account}` });
  await transfer.getByRole('textbox', { name: 'Amount (MMK)' }).fill('100');
  await transfer.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await transfer.getByRole('button', { name: 'Send transfer' }).click();
  await expect(transfer.getByRole('status')).toHaveText(`MMK 100.00 was sent to ${sub.account}.`);
  await page.keyboard.press('Escape');
  await expect(transfer).toBeHidden();
  const downlines = await apiValue<{ items: { id: number; account: string }[] }>(
    page,
    `/wps/agent/downlines?account=${invited.account}`,
    'AGT',
  );
  const invitedId = downlines.items[0]!.id;

  // ── agent01 offers a daily wage and a dividend from the contract pages.
  centre = await openAgentPage(page, AGENT01.account, 'Daily salary');
  await offer(centre, sub.account, {
    'Team volume at least (MMK) (optional)': '1',
    'Active people at least (optional)': '1',
    'Amount (MMK)': '5',
  });
  const managed = centre.getByRole('list', { name: 'Contracts with my downlines' });
  await expect(managed.getByRole('listitem').filter({ hasText: sub.account }).first()).toContainText(
    'Offer waiting for an answer',
  );
  await centreShot(page, 'contracts-1280-en-daily-upline');
  centre = await openAgentPage(page, AGENT01.account, 'Dividend contracts');
  await offer(centre, sub.account, { 'Ratio (%)': '10' }, 'Daily');

  // ── The downline signs in and accepts both, then bets once (a slot spin for real money).
  const down = await newClient(browser);
  await down.page.goto('/index');
  await logIn(down.page, sub.account, sub.password);
  await expectLoggedIn(down.page, sub.account);
  let downCentre = await openAgentPage(down.page, sub.account, 'Daily salary');
  await acceptRequest(down.page, downCentre, AGENT01.account);
  downCentre = await openAgentPage(down.page, sub.account, 'Dividend contracts');
  await acceptRequest(down.page, downCentre, AGENT01.account);
  await down.page.keyboard.press('Escape');

  const rounds = recordRounds(down.page);
  await down.page.goto(`/rng?q=${encodeURIComponent(SLOT.search)}`);
  await expect(lobbySearch(down.page)).toHaveValue(SLOT.search);
  await playButton(down.page, SLOT.name).click();
  const frame = studio(down.page);
  await waitForIdle(frame);
  await spinButton(frame).click();
  await expect.poll(() => rounds.length, { message: 'the spin answered' }).toBe(1);
  await waitForIdle(frame);

  // ── The operator settles every contract up to now.
  ops('contracts', 'settle-now');

  // agent01: the daily wage paid to the downline, and its account record.
  centre = await openAgentPage(page, AGENT01.account, 'Daily salary');
  const paidRow = settlementRow(centre, `To ${sub.account}`);
  await expect(paidRow).toContainText('Paid');
  expect(minorIn((await paidRow.textContent())!.split(`To ${sub.account}`)[1]!)).toBeGreaterThan(0);
  await expect(paidRow.getByText(`-${(WAGE / 100).toFixed(2)}`)).toBeVisible();
  await centreShot(page, 'contracts-1280-en-daily-records');
  const paidTx = await apiValue<{ items: { type: string; amount: number }[] }>(
    page,
    '/wps/member/transactions?type=contract_pay',
    'MEM',
  );
  // The daily wage among them (the dividend settled in the same run may be paid too).
  expect(paidTx.items.map((i) => [i.type, i.amount])).toContainEqual(['contract_pay', -WAGE]);

  // The downline: the same payout received, and its account record.
  await down.page.goto('/index');
  downCentre = await openAgentPage(down.page, sub.account, 'Daily salary');
  const receivedRow = settlementRow(downCentre, `From ${AGENT01.account}`);
  await expect(receivedRow).toContainText('Paid');
  await expect(receivedRow.getByText(`+${(WAGE / 100).toFixed(2)}`)).toBeVisible();
  await expect(downCentre.getByLabel('Totals for the period')).toContainText((WAGE / 100).toFixed(2));
  const incomeTx = await apiValue<{ items: { type: string; amount: number }[] }>(
    down.page,
    '/wps/member/transactions?type=contract_income',
    'MEM',
  );
  expect(incomeTx.items.map((i) => [i.type, i.amount])).toContainEqual(['contract_income', WAGE]);

  // ── The downline cannot reach agent01's things: one refusal for each, the same answer.
  for (const attempt of [
    await api(down.page, 'DELETE', `/wps/agent/links?id=${linkId}`, 'AGT'),
    await api(down.page, 'GET', `/wps/agent/downlines?parentId=${invitedId}`, 'AGT'),
  ]) {
    expect(attempt).toMatchObject({ status: 404, success: false, message: 'agent.errors.not_in_team' });
  }
  // The contract pages at 360 px, in Burmese (the default language) and dark, as the downline:
  // the records with the payout, then the offer form and the contract cards.
  await down.page.setViewportSize({ width: 360, height: 740 });
  await down.page.evaluate(() => {
    localStorage.setItem('lang', 'MY');
    localStorage.setItem('theme', 'dark');
  });
  await down.page.goto('/index?panel=agent&page=agentDailyWages2');
  downCentre = down.page.getByRole('dialog', { name: 'ကိုယ်စားလှယ်စင်တာ' });
  await expect(downCentre.getByRole('heading', { name: 'နေ့စဉ်လစာ', level: 2 })).toBeVisible();
  await expect(downCentre.getByRole('table', { name: 'ငွေရှင်းမှုများ' })).toBeVisible();
  await noSidewaysScroll(down.page);
  await centreShot(down.page, 'contracts-360-my-dark-daily', 2800);
  await down.context.close();

  // The dividend page at 360 px in English (agent01), without sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 });
  centre = await openAgentPage(page, AGENT01.account, 'Dividend contracts');
  await noSidewaysScroll(page);
  await centreShot(page, 'contracts-360-en-dividend', 3000);
  await page.keyboard.press('Escape');

  // ── A member: no agent centre in the menu, 403 on an agent call.
  const member = await newClient(browser);
  await member.page.goto('/index');
  await logIn(member.page, PLAYER01.account, PLAYER01.password);
  await expectLoggedIn(member.page, PLAYER01.account);
  expect(await api(member.page, 'GET', '/wps/agent/team/overview', 'AGT')).toMatchObject({
    status: 403,
    success: false,
  });
  await accountMenu(member.page, PLAYER01.account).click();
  await expect(
    member.page
      .getByRole('menuitem', { name: 'Member centre' })
      .or(member.page.getByRole('button', { name: 'Member centre' }))
      .first(),
  ).toBeVisible();
  await expect(member.page.getByRole('menuitem', { name: 'Agent centre' })).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: 'Agent centre' })).toHaveCount(0);
  await member.context.close();
});
