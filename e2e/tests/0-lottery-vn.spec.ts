import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInPlayer, verticalTotals, PLAYER } from '../support/games.ts';
import { apiValue, minorIn, openCentrePage, readHeaderBalance } from '../support/money.ts';
import { ops } from '../support/ops.ts';
import { noSidewaysScroll, recordPlaced, setLanguage } from '../support/lottery.ts';

// Issue 7, "Done when", the Vietnamese half: the demo player opens /vnlottery, picks the North
// (Miền Bắc, draws every day), places a bao lô 2 số (LO_2D) bet on two numbers, the operator draws
// the period now (`npm run ops -- lottery draw-now VN_MB`), and the player sees the draw's result
// sheet, the bet settled in My bets and in the betting record, and the balance changed by exactly
// −stake + payout. Screenshots of /vnlottery, /elott and the home widget at 1280 and 360 px.
test.describe.configure({ mode: 'serial' });

const NORTH = { code: 'VN_MB', label: 'Miền Bắc' };
const SHOTS = '/tmp/shots';

test('a bao lô 2 số bet on the North: drawn now, the sheet shown, settled in My bets and the betting record, balance −stake + payout', async ({
  page,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  await setLanguage(page, 'EN');
  const placed = recordPlaced(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInPlayer(page);
  const before = await readHeaderBalance(page);
  const totalsBefore = await verticalTotals(page, 'lottery');

  // Miền Bắc sells nothing in the 15 minutes before its 18:15 draw (11:00–11:15 UTC): the period
  // of the day is drawn first, which puts the next one on sale whatever the time of the run.
  ops('lottery', 'draw-now', NORTH.code);

  await page.goto('/vnlottery');
  const regions = page.getByRole('tablist', { name: 'Regions' });
  await regions.getByRole('tab', { name: 'North' }).click();
  await page
    .getByRole('tablist', { name: 'Provinces' })
    .getByRole('tab', { name: new RegExp(NORTH.label) })
    .click();
  await expect(page).toHaveURL(new RegExp(`gameCode=${NORTH.code}`));
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(NORTH.label) })).toContainText('Draw');
  await expect(page.getByText('Closes in')).toBeVisible();

  const types = page.getByRole('tablist', { name: 'Bet types' });
  await expect(types.getByRole('tab', { name: 'Lô 2 (2 digits)' })).toHaveAttribute('aria-selected', 'true');
  const grid = page.getByRole('group', { name: 'Numbers' });
  await grid.getByRole('button', { name: '07', exact: true }).click();
  await grid.getByRole('button', { name: '68', exact: true }).click();
  await expect(page.getByText('Bets: 2')).toBeVisible();
  await page.getByRole('button', { name: 'Add to slip' }).click();
  const slip = page.getByRole('region', { name: /Bet slip/ });
  await expect(slip.getByText('07 68')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lottery-vn-bet-1280-en.png`, fullPage: true });

  await slip.getByRole('button', { name: 'Place bets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your bets' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => placed.length, { message: 'bet placed' }).toBe(1);
  const bet = placed[0]!;
  expect(bet.selection).toEqual([['07', '68']]);
  await expect(slip.getByText('Your bets are placed.')).toBeVisible();
  await expect.poll(() => readHeaderBalance(page), { timeout: 15_000 }).toBe(before - bet.stake);
  const myBets = page.getByRole('list', { name: 'My bets' });
  await expect(myBets.getByText('Waiting for the draw')).toBeVisible();

  // The operator draws the North's period now: the bet settles at the draw.
  const out = ops('lottery', 'draw-now', NORTH.code);
  expect(out).toContain(`${NORTH.code} ${bet.numero} drawn`);

  // My bets asks again (the balance moved: the live stream) and the bet is settled.
  const settled = myBets
    .getByRole('listitem')
    .filter({ hasText: `Draw ${bet.numero}` })
    .first();
  await expect(settled).toContainText(/Won|Lost/, { timeout: 30_000 });
  const mine = await apiValue<{ items: { id: number; state: string; payout: number; stake: number }[] }>(
    page,
    `/lotto/lgw/bets?gameCode=${NORTH.code}&pageSize=20`,
    'LOT',
  );
  const detail = mine.items.find((b) => b.id === bet.id)!;
  expect(['won', 'lost']).toContain(detail.state);
  expect(detail.stake).toBe(bet.stake);
  await expect(settled).toContainText(detail.state === 'won' ? 'Won' : 'Lost');

  // The sheet of the draw: the North's 27 prizes, special to 7th.
  await page.reload();
  const sheet = page.getByRole('table', { name: `Result sheet of ${NORTH.label}, draw ${bet.numero}` });
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(sheet.getByRole('row')).toHaveCount(8);
  await expect(sheet.locator('strong')).toHaveCount(27);
  const lo = (await sheet.locator('strong').allTextContents()).map((s) => s.trim());
  // Bao lô pays once per occurrence of each number among the 27 lô: the payout follows the sheet.
  const hits = lo.filter((n) => n === '07' || n === '68').length;
  expect(detail.payout > 0).toBe(hits > 0);
  await page.screenshot({ path: `${SHOTS}/lottery-vn-sheet-1280-en.png`, fullPage: true });

  // The balance: exactly −stake + payout.
  await expect
    .poll(() => readHeaderBalance(page), { timeout: 15_000 })
    .toBe(before - bet.stake + detail.payout);

  // The betting record: the bet settled with its stake and payout; the lottery totals moved by it.
  expect(await verticalTotals(page, 'lottery')).toEqual({
    count: totalsBefore.count + 1,
    stake: totalsBefore.stake + bet.stake,
    payout: totalsBefore.payout + detail.payout,
    winLoss: totalsBefore.winLoss + detail.payout - bet.stake,
  });
  const centre = await openCentrePage(page, PLAYER.account, 'Betting record');
  await centre.getByRole('combobox', { name: 'Game type' }).selectOption({ label: 'Lottery' });
  const table = centre.getByRole('table', { name: 'Bets' });
  const row = table.getByRole('row').filter({ hasText: NORTH.label }).first();
  await expect(row).toBeVisible();
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const cells = row.getByRole('cell');
  expect(minorIn((await cells.nth(headers.indexOf('Stake')).textContent()) ?? '')).toBe(bet.stake);
  expect(minorIn((await cells.nth(headers.indexOf('Payout')).textContent()) ?? '')).toBe(detail.payout);
  await expect(cells.nth(headers.indexOf('Status'))).toHaveText('Settled');
});

test('partner lotteries from /elott (spec §4): TCG_SEA opens our SEA lottery entry in a new window, GPI a lottery page in the game frame', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await setLanguage(page, 'EN');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInPlayer(page);
  await page.goto('/elott');
  const partners = page.getByRole('region', { name: 'Partner lotteries' });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    partners.getByRole('button', { name: 'TCG Lottery SEA Lottery' }).click(),
  ]);
  await expect(popup).toHaveURL(/\/vnlottery$/);
  await expect(popup.getByRole('tablist', { name: 'Regions' })).toBeVisible({ timeout: 20_000 });
  await popup.close();
  await expect(page).toHaveURL(/\/elott$/);

  await partners.getByRole('button', { name: 'GPI Lottery Keno Express' }).click();
  await expect(page).toHaveURL(/\/game$/);
  const frame = page.locator('iframe');
  await expect(frame).toHaveAttribute('src', /\/lottery\?(.*&)?embed=1/);
  await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  // Not the studio's "soon" page.
  await expect(page.frameLocator('iframe').getByText(/coming soon/i)).toHaveCount(0);
});

for (const [lang, width, theme] of [
  ['VI', 360, undefined],
  ['MY', 360, 'dark'],
  ['EN', 1280, undefined],
] as const) {
  test(`screenshots of /vnlottery, /elott and the home widget in ${lang} at ${width} px${theme ? ' (dark)' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    await setLanguage(page, lang, theme);
    await page.setViewportSize({ width, height: width < 400 ? 740 : 800 });
    const tag = `${width}-${lang.toLowerCase()}${theme ? '-dark' : ''}`;

    await page.goto(`/vnlottery?gameCode=${NORTH.code}`);
    await expect(page.getByRole('tablist').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('table').first()).toBeVisible({ timeout: 20_000 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/lottery-vn-vnlottery-${tag}.png`, fullPage: true });

    await page.goto('/elott');
    await expect(page.locator('article').first()).toBeVisible({ timeout: 20_000 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/lottery-vn-elott-${tag}.png`, fullPage: true });

    await page.goto('/index');
    const widget = page.getByTestId('popular-lottery');
    await widget.scrollIntoViewIfNeeded();
    await expect(widget.locator('li').first()).toBeVisible({ timeout: 20_000 });
    await noSidewaysScroll(page);
    await widget.screenshot({ path: `${SHOTS}/lottery-vn-home-${tag}.png` });
  });
}
