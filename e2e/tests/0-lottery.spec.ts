import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInPlayer, verticalTotals, PLAYER } from '../support/games.ts';
import { apiValue, mainBalance, minorIn, openCentrePage, readHeaderBalance } from '../support/money.ts';
import { ops } from '../support/ops.ts';
import { noSidewaysScroll, recordPlaced, setLanguage } from '../support/lottery.ts';
import { whenInteractive } from '../support/page.ts';

// Issue 7, "Done when", the digit half: the demo player opens /lottery?gameCode=<a 5D game>, picks
// every digit of the first position (exactly one of the ten bets wins, so the payout is never 0),
// adds the line to the slip, confirms, sees the bet pending in My bets; the operator draws the
// period now (`npm run ops -- lottery draw-now LUCKY5D_5M`); the page shows the result, the bet is
// settled in My bets and in the betting record, and the balance changed by exactly −stake + payout.
// Screenshots at 1280 and 360 px (EN and MY, dark once) to /tmp/shots/lottery-*.png.
test.describe.configure({ mode: 'serial' });

/** A 5-digit game of the demo lotteries (apps/server/src/seed/demo-lottery.ts; e2e never imports it). */
const GAME = { code: 'LUCKY5D_5M', label: 'Lucky 5D 5 Min' };
const SHOTS = '/tmp/shots';

interface Opened {
  current: { numero: string; closeAt: string } | null;
  serverTime: string;
}

/** Waits until the open period has at least 45 s of sales left (a 5-minute game closes 10 s before its draw). */
async function waitForRoomToBet(page: Page): Promise<string> {
  for (;;) {
    const o = await apiValue<Opened>(page, `/lotto/lgw/games/opened/numero?gameCode=${GAME.code}`, 'LOT');
    const left = o.current ? Date.parse(o.current.closeAt) - Date.parse(o.serverTime) : 0;
    if (o.current && left > 45_000) return o.current.numero;
    await page.waitForTimeout(Math.max(1_000, left + 12_000));
  }
}

test('a digit-lottery bet: placed from the slip, drawn now, the result shown, settled in My bets and the betting record, balance −stake + payout', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await setLanguage(page, 'EN');
  const placed = recordPlaced(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPlayer(page);
  const before = await readHeaderBalance(page);
  const mainBefore = await mainBalance(page);
  const totalsBefore = await verticalTotals(page, 'lottery');
  const numero = await waitForRoomToBet(page);

  await page.goto(`/lottery?gameCode=${GAME.code}`);
  await expect(page.getByRole('heading', { level: 2, name: GAME.label })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('lottery-numero')).toHaveText(`Period ${numero}`);
  await expect(page.getByText('Closes in')).toBeVisible();
  // The query names the game and its default play type (spec §2).
  await expect(page).toHaveURL(
    new RegExp(`gameCode=${GAME.code}.*playType=STRAIGHT_1|playType=STRAIGHT_1.*gameCode=${GAME.code}`),
  );
  await expect(page.getByRole('tab', { name: 'Single position' })).toHaveAttribute('aria-selected', 'true');

  // Every digit of the 1st position: ten bets, exactly one wins.
  const first = page.getByRole('group', { name: '1st digit' });
  await first
    .getByRole('group', { name: /Quick picks/ })
    .getByRole('button', { name: 'All', exact: true })
    .click();
  for (const d of ['0', '5', '9'])
    await expect(first.getByRole('button', { name: d, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('10 bets')).toBeVisible();
  await page.getByRole('button', { name: 'Add to slip' }).click();
  const slip = page.getByRole('region', { name: /Bet slip/ });
  await expect(slip.getByText('10 bets × 1.00 × 1 = 10.00')).toBeVisible();
  await expect(slip.getByTestId('slip-total')).toHaveText('10.00');
  await page.screenshot({ path: `${SHOTS}/lottery-1280-en-slip.png`, fullPage: true });
  await slip.getByRole('button', { name: 'Place bets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your bets' });
  await expect(dialog).toContainText(`Period ${numero}`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(slip.getByRole('status')).toHaveText('Your bets are placed.');
  await expect.poll(() => placed.length, { message: 'the bet answered' }).toBe(1);
  const bet = placed[0]!;
  expect(bet).toMatchObject({ numero, stake: 1_000, betCount: 10, unit: 100 });
  await expect.poll(() => mainBalance(page)).toBe(mainBefore - 1_000);

  // My bets: pending, cancellable.
  const mine = page.getByTestId('lottery-my-bets').locator(`[data-bet-id="${bet.id}"]`);
  await expect(mine).toContainText('Pending');
  await expect(mine.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lottery-1280-en-pending.png`, fullPage: true });

  // The operator draws the period now: the bet settles at the draw.
  const out = ops('lottery', 'draw-now', GAME.code);
  expect(out).toContain(`${GAME.code} ${numero} drawn: `);
  const digits = /drawn: (\d{5})/.exec(out)![1]!;
  // The page shows the result (the last results, newest first) and the settled bet.
  const last = page.getByTestId('lottery-last-result');
  await expect(last).toContainText(`Period ${numero}`, { timeout: 30_000 });
  await expect(last.getByRole('list').first()).toHaveAccessibleName(`Result ${digits.split('').join(' ')}`);
  await expect(mine).toContainText('Won', { timeout: 30_000 });
  const payout = minorIn((/Payout ([\d,.]+)/.exec((await mine.textContent()) ?? '') ?? ['', ''])[1]!);
  expect(payout).toBeGreaterThan(0);
  await expect(mine.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect.poll(() => mainBalance(page)).toBe(mainBefore - 1_000 + payout);
  await expect.poll(() => readHeaderBalance(page), { timeout: 15_000 }).toBe(before - 1_000 + payout);
  await page.screenshot({ path: `${SHOTS}/lottery-1280-en-settled.png`, fullPage: true });

  // Draw results: the draw with its commit and seed, verified in the browser.
  await page.getByRole('button', { name: 'Draw results' }).click();
  await expect(page).toHaveURL(/view=results/);
  const draw = page.getByTestId('lottery-draws').locator(`[data-numero="${numero}"]`);
  await expect(draw).toContainText('Seed');
  await draw.getByRole('button', { name: 'Verify' }).click();
  await expect(draw.getByRole('status')).toHaveText(/^✓/);
  await page.screenshot({ path: `${SHOTS}/lottery-1280-en-results.png`, fullPage: true });

  // The betting record: one more lottery bet, settled, its payout, and the detail.
  const totals = await verticalTotals(page, 'lottery');
  expect(totals.count).toBe(totalsBefore.count + 1);
  expect(totals.winLoss).toBe(totalsBefore.winLoss + payout - 1_000);
  const centre = await openCentrePage(page, PLAYER.account, 'Betting record');
  await centre.getByRole('combobox', { name: 'Game type' }).selectOption({ label: 'Lottery' });
  const table = centre.getByRole('table', { name: 'Bets' });
  const details = page.getByRole('button', {
    name: `Details of ${GAME.label}, round LOT-${bet.id}`,
    exact: true,
  });
  const row = table.getByRole('row').filter({ has: details });
  await expect(row).toHaveCount(1);
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const cells = row.getByRole('cell');
  expect(minorIn((await cells.nth(headers.indexOf('Stake')).textContent()) ?? '')).toBe(1_000);
  expect(minorIn((await cells.nth(headers.indexOf('Payout')).textContent()) ?? '')).toBe(payout);
  await expect(cells.nth(headers.indexOf('Status'))).toHaveText('Settled');
  await details.click();
  const detail = page.getByRole('dialog').last();
  await expect(detail.getByRole('heading', { name: `${GAME.label} · Period ${numero}` })).toBeVisible();
  await expect(detail.getByTestId('lottery-detail-result')).toHaveText(digits);
  await expect(detail).toContainText('Won');
  await page.screenshot({ path: `${SHOTS}/lottery-1280-en-record.png` });
});

for (const [lang, width, theme] of [
  ['EN', 360, undefined],
  ['MY', 360, undefined],
  ['MY', 1280, 'dark'],
] as const) {
  test(`/lottery in ${lang} at ${width} px${theme ? ' (dark)' : ''}: the picker, the slip and the results without sideways scroll`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    await setLanguage(page, lang, theme);
    await page.setViewportSize({ width, height: width < 400 ? 740 : 900 });
    const tag = `${width}-${lang.toLowerCase()}${theme ? '-dark' : ''}`;
    await page.goto(`/lottery?gameCode=${GAME.code}`);
    await expect(page.getByRole('heading', { level: 2, name: GAME.label })).toBeVisible({ timeout: 20_000 });
    // In MY a guest gets the page rendered by the server: a pick before it is live would be lost.
    await whenInteractive(page);
    await expect(page.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    // A random pick into the slip (a guest: the slip asks to log in).
    await page.getByRole('button', { name: lang === 'EN' ? 'Random pick' : 'ကျပန်းရွေး' }).click();
    await page.getByRole('button', { name: lang === 'EN' ? 'Add to slip' : 'လောင်းစာရင်းသို့ ထည့်ရန်' }).click();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/lottery-${tag}.png`, fullPage: true });
    await page.goto(`/lottery?gameCode=${GAME.code}&view=results`);
    await expect(page.getByTestId('lottery-draws')).toBeVisible({ timeout: 20_000 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/lottery-results-${tag}.png`, fullPage: true });
  });
}
