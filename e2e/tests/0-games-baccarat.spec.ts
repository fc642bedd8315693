import { mkdirSync } from 'node:fs';
import { expect, test, type FrameLocator, type Page, type Response } from '@playwright/test';
import {
  lobbySearch,
  playButton,
  studio,
  studioFigure,
  signInPlayer,
  verticalTotals,
  PLAYER,
} from '../support/games.ts';
import { minorIn, openCentrePage, readHeaderBalance } from '../support/money.ts';

// Issue 6, "Done when" for the live-casino stand-in: a player logs in, opens /live, launches a
// baccarat table, places chips with the mouse and the keyboard during betting, confirms, waits for
// the dealt result, sees the balance change by exactly the bet's payout − stake, and finds the bet
// with its cards in the betting record. The e2e server bets for 10 s (STUDIO_BACCARAT_BETTING_SECONDS
// in support/env.ts). Screenshots at 1280 and 360 px.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
});

/** A seeded live table of Royal Live (seamless wallet: bets from the main wallet). */
const GAME = { name: 'Royal Live Baccarat', vendor: 'Royal Live', search: 'royal live bac' };
const SHOTS = '/tmp/shots';

interface PlacedBet {
  id: string;
  stake: number;
  balance: number;
}
interface MyBet {
  id: string;
  stake: number;
  payout: number | null;
  state: string;
}

/** The bets the page placed and the latest settled view of each (from the frame's network). */
function recordBaccarat(page: Page) {
  const placed: PlacedBet[] = [];
  const settled = new Map<string, MyBet>();
  page.on('response', async (res: Response) => {
    const url = res.url();
    if (!url.includes('/studio/api/baccarat/')) return;
    const body = (await res.json().catch(() => null)) as {
      success?: boolean;
      value?: { bet?: MyBet; balance: number; myBets?: MyBet[] };
    } | null;
    if (!body?.success || !body.value) return;
    if (url.includes('/bet') && res.request().method() === 'POST' && body.value.bet)
      placed.push({ id: body.value.bet.id, stake: body.value.bet.stake, balance: body.value.balance });
    for (const b of body.value.myBets ?? []) if (b.state === 'settled') settled.set(b.id, b);
  });
  return { placed, settled };
}

const liveTotals = (page: Page) => verticalTotals(page, 'live');

/** Waits for a betting phase with at least `seconds` left (a fresh round if needed). */
async function waitForBetting(frame: FrameLocator, seconds = 5) {
  await expect
    .poll(
      async () => {
        const phase = (await frame.locator('.bac-phase').textContent()) ?? '';
        const left = Number(((await frame.locator('.bac-seconds').textContent()) ?? '').replace(/\D/g, ''));
        return phase === 'Place your bets' && left >= seconds;
      },
      { timeout: 45_000, intervals: [250] },
    )
    .toBe(true);
}

async function openTable(page: Page) {
  await page.goto('/live');
  await lobbySearch(page).fill(GAME.search);
  await playButton(page, GAME.name).click();
  await expect(page).toHaveURL(/\/game$/);
  const frame = studio(page);
  await expect(frame.getByRole('button', { name: /^Table A/ })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 30_000,
  });
  return frame;
}

test('a player bets at a baccarat table with the mouse and the keyboard; the balance moves by exactly payout − stake and the bet is in the betting record', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const net = recordBaccarat(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPlayer(page);
  const before = await readHeaderBalance(page);
  const totalsBefore = await liveTotals(page);

  const frame = await openTable(page);
  await expect(frame.getByText('Play money')).toHaveCount(0);
  const frameBefore = await studioFigure(frame, 'Balance');
  expect(frameBefore).toBe(before);
  await expect(frame.locator('.bac-bead').first()).toBeVisible({ timeout: 45_000 });

  // During betting: a 10.00 chip on Player with the mouse; the 50.00 chip (→) on Banker by key 3;
  // Enter confirms (the focus on the table, not on a button).
  await waitForBetting(frame);
  await frame.getByRole('button', { name: /^Player, pays 1:1/ }).click();
  await frame.locator('.bac-timer').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('3');
  await expect(frame.getByRole('button', { name: 'Confirm 60.00' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/baccarat-1280-betting.png` });
  await page.keyboard.press('Enter');
  await expect.poll(() => net.placed.length, { message: 'the bet answered' }).toBe(1);
  const bet = net.placed[0]!;
  expect(bet.stake).toBe(6_000);
  await expect(frame.getByText('Bet placed: 60.00 MMK')).toBeVisible();
  expect(await studioFigure(frame, 'Balance')).toBe(before - 6_000);

  // The deal, then the result and the settled bet.
  await expect(frame.locator('.bac-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator('.bac-result')).toHaveText(/(You win|No win|returned)/, { timeout: 30_000 });
  await expect.poll(() => net.settled.has(bet.id), { timeout: 15_000 }).toBe(true);
  const payout = net.settled.get(bet.id)!.payout!;
  await page.screenshot({ path: `${SHOTS}/baccarat-1280-result.png` });
  expect(await studioFigure(frame, 'Balance')).toBe(before - 6_000 + payout);
  expect(await studioFigure(frame, 'Win')).toBe(payout);

  // The header follows by the live stream: exactly payout − stake.
  await expect.poll(() => readHeaderBalance(page), { timeout: 15_000 }).toBe(before - 6_000 + payout);

  // The betting record: the bet with its stake, payout and win/loss, and its cards in the details.
  const totals = await liveTotals(page);
  expect(totals.count).toBe(totalsBefore.count + 1);
  expect(totals.winLoss).toBe(totalsBefore.winLoss + payout - 6_000);
  const centre = await openCentrePage(page, PLAYER.account, 'Betting record');
  await centre.getByRole('combobox', { name: 'Game type' }).selectOption({ label: 'Live casino' });
  const table = centre.getByRole('table', { name: 'Bets' });
  const details = page.getByRole('button', { name: `Details of ${GAME.name}, round ${bet.id}`, exact: true });
  const row = table.getByRole('row').filter({ has: details });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(GAME.vendor);
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const cells = row.getByRole('cell');
  const amount = async (name: string) =>
    minorIn((await cells.nth(headers.indexOf(name)).textContent()) ?? '');
  expect(await amount('Stake')).toBe(6_000);
  expect(await amount('Payout')).toBe(payout);
  expect(await amount('Win/loss')).toBe(payout - 6_000);
  await expect(cells.nth(headers.indexOf('Status'))).toHaveText('Settled');
  await details.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Baccarat, table A' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: /^Player: .+, total \d$/ })).toBeVisible();
  await expect(dialog.getByRole('group', { name: /^Banker: .+, total \d$/ })).toBeVisible();
});

test('the baccarat table at 360 px: every spot and the confirm button reachable, no sideways scroll @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInPlayer(page);
  const frame = await openTable(page);
  await waitForBetting(frame, 6);
  // Touch-sized: a tap on a spot stages a chip; Clear takes it back.
  await frame.getByRole('button', { name: /^Tie, pays 8:1/ }).click();
  await expect(frame.getByRole('button', { name: 'Confirm 10.00' })).toBeVisible();
  await frame.getByRole('button', { name: 'Clear' }).click();
  await expect(frame.getByRole('button', { name: 'Confirm bet' })).toBeVisible();
  await frame.getByRole('button', { name: /^Banker, pays/ }).click();
  await expect(frame.getByRole('button', { name: 'Confirm 10.00' })).toBeVisible();
  for (const name of [/^Player, pays/, /^Banker, pays/, /^Tie, pays/, /^Player pair/, /^Banker pair/])
    await expect(frame.getByRole('button', { name })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/baccarat-360.png` });
  const overflow = await frame
    .locator('body')
    .evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The picker: the VIP table's limits.
  await frame.getByRole('button', { name: /^Table VIP/ }).click();
  await expect(frame.getByRole('button', { name: /^Table VIP/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(frame.getByRole('button', { name: 'Chip 1,000.00 MMK' })).toBeVisible();
  await frame.locator('.bac-road-box').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/baccarat-360-vip.png`, fullPage: true });
});
