import { mkdirSync } from 'node:fs';
import { expect, test, type FrameLocator, type Page, type Response } from '@playwright/test';
import { playButton, studio, signInPlayer, verticalTotals, PLAYER } from '../support/games.ts';
import { minorIn, openCentrePage, readHeaderBalance } from '../support/money.ts';

// Issue 6, "Done when" for the PVP card rooms: a player logs in, opens /pvp, launches a Niu-Niu
// game, joins a room, plays hands with the mouse and the keyboard (Enter), sees each result and
// the balance change by exactly Σ(payout − stake) of the hands the server answered, and finds
// every hand in the betting record with its seats in the details. Esc leaves the room (its seat
// is given back). Screenshots at 1280 and 360 px.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
});

/** The seeded Niu-Niu game of Niu-Niu House (seamless wallet) and its 100.00 room. */
const GAME = { name: 'Niu-Niu House Niu-Niu', room: 'Beginner 1' };
const SHOTS = '/tmp/shots';

interface Hand {
  handId: string;
  stake: number;
  payout: number;
  rake: number;
  profit: number;
  balance: number;
  winnerSeat: number;
  seats: unknown[];
}

/** Every hand the pvp page's deal call answers (the frame's requests are the page's too). */
function recordHands(page: Page): Hand[] {
  const hands: Hand[] = [];
  page.on('response', async (res: Response) => {
    if (!res.url().includes('/studio/api/pvp/deal') || res.request().method() !== 'POST') return;
    const body = (await res.json().catch(() => null)) as { success?: boolean; value?: Hand } | null;
    if (body?.success && body.value) hands.push(body.value);
  });
  return hands;
}

const cardTotals = (page: Page) => verticalTotals(page, 'card');

async function openGame(page: Page): Promise<FrameLocator> {
  await page.goto('/pvp');
  await playButton(page, GAME.name).click();
  await expect(page).toHaveURL(/\/game$/);
  const frame = studio(page);
  await expect(frame.getByRole('heading', { name: /Niu-Niu · Choose a room/ })).toBeVisible({
    timeout: 30_000,
  });
  return frame;
}

const roomButton = (frame: FrameLocator) =>
  frame.getByRole('button', { name: new RegExp(`^${GAME.room}: stake`) });
const dealButton = (frame: FrameLocator) => frame.locator('.pvp-deal');

/** Waits for hand n to be answered and shown, and checks the page against the server's answer. */
async function handShown(frame: FrameLocator, hands: Hand[], n: number) {
  await expect.poll(() => hands.length, { message: `hand ${n} answered` }).toBe(n);
  const hand = hands[n - 1]!;
  await expect(dealButton(frame)).toHaveText('Play again', { timeout: 15_000 });
  await expect(dealButton(frame)).toBeEnabled();
  expect(minorIn((await frame.locator('.pvp-balance').textContent()) ?? '')).toBe(hand.balance);
  expect(minorIn((await frame.locator('.pvp-result').textContent()) ?? '')).toBe(hand.profit);
  await expect(frame.locator('.pvp-seat.is-winner')).toHaveCount(1);
  await expect(frame.locator('.pvp-card.is-down')).toHaveCount(0);
  const status = frame.locator('.pvp-status');
  if (hand.winnerSeat === 0) await expect(status).toContainText('You win with');
  else await expect(status).toContainText('You lose 100.00 MMK');
  return hand;
}

test('a player joins a Niu-Niu room, plays hands with the mouse and Enter; the balance moves by exactly the wins and losses and every hand is in the betting record', async ({
  page,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const hands = recordHands(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInPlayer(page);
  const before = await readHeaderBalance(page);
  const totalsBefore = await cardTotals(page);

  const frame = await openGame(page);
  await expect(frame.getByText('Play money')).toHaveCount(0);
  const room = roomButton(frame);
  await expect(room).toBeEnabled();
  const seatsBefore = /(\d+)\/6/.exec((await room.textContent()) ?? '')![1];
  await page.screenshot({ path: `${SHOTS}/pvp-rooms-1280.png` });
  await room.click();
  await expect(frame.getByText(`Room ${GAME.room}`)).toBeVisible();
  await expect(frame.locator('.pvp-seat')).toHaveCount(6);
  const frameBefore = minorIn((await frame.locator('.pvp-balance').textContent()) ?? '');

  // The mouse, then Enter on the table (not on a button), then the mouse again.
  await dealButton(frame).click();
  await handShown(frame, hands, 1);
  await page.screenshot({ path: `${SHOTS}/pvp-table-1280.png` });
  await frame.locator('.pvp-felt').click();
  await page.keyboard.press('Enter');
  await handShown(frame, hands, 2);
  await dealButton(frame).click();
  await handShown(frame, hands, 3);

  const stake = hands.reduce((s, h) => s + h.stake, 0);
  const payout = hands.reduce((s, h) => s + h.payout, 0);
  expect(stake).toBe(3 * 10_000);
  for (const h of hands) {
    expect(h.payout - h.stake).toBe(h.profit);
    // A win pays the pot of six stakes less 5% of the profit; a loss pays nothing.
    expect(h.payout).toBe(h.winnerSeat === 0 ? 60_000 - 2_500 : 0);
  }
  expect(hands.at(-1)!.balance).toBe(frameBefore - stake + payout);

  // The header balance follows by the live stream: exactly Σ(payout − stake).
  await expect.poll(() => readHeaderBalance(page), { timeout: 15_000 }).toBe(before - stake + payout);

  // Esc leaves the room: the list again, the seat given back.
  await frame.locator('.pvp-felt').click();
  await page.keyboard.press('Escape');
  await expect(roomButton(frame)).toBeVisible();
  await expect(roomButton(frame)).toContainText(`${seatsBefore}/6`);

  // The betting record: every hand with its stake and payout; its seats in the details.
  const centre = await openCentrePage(page, PLAYER.account, 'Betting record');
  await centre.getByRole('combobox', { name: 'Game type' }).selectOption({ label: 'Card games' });
  const table = centre.getByRole('table', { name: 'Bets' });
  const rows = table.getByRole('row').filter({ hasText: GAME.name });
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const column = (name: string) => {
    const i = headers.indexOf(name);
    expect(i, `column ${name} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return i;
  };
  const [stakeCol, payoutCol, winLossCol, statusCol] = ['Stake', 'Payout', 'Win/loss', 'Status'].map(column);
  for (const hand of hands) {
    const details = page.getByRole('button', {
      name: `Details of ${GAME.name}, round ${hand.handId}`,
      exact: true,
    });
    const row = rows.filter({ has: details });
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    expect(minorIn((await cells.nth(stakeCol!).textContent()) ?? '')).toBe(hand.stake);
    expect(minorIn((await cells.nth(payoutCol!).textContent()) ?? '')).toBe(hand.payout);
    expect(minorIn((await cells.nth(winLossCol!).textContent()) ?? '')).toBe(hand.profit);
    await expect(cells.nth(statusCol!)).toHaveText('Settled');
  }
  expect(await cardTotals(page)).toEqual({
    count: totalsBefore.count + hands.length,
    stake: totalsBefore.stake + stake,
    payout: totalsBefore.payout + payout,
    winLoss: totalsBefore.winLoss + payout - stake,
  });
  const first = hands[0]!;
  await page
    .getByRole('button', { name: `Details of ${GAME.name}, round ${first.handId}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Niu-Niu · room ${GAME.room}` })).toBeVisible();
  await expect(dialog.getByRole('table').last().getByRole('row')).toHaveCount(first.seats.length + 1);
  await page.screenshot({ path: `${SHOTS}/pvp-record-1280.png` });
});

test('the card room at 360 px: taps join and deal, the result shows, nothing overflows @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 360, height: 740 });
  const hands = recordHands(page);
  await signInPlayer(page);
  const frame = await openGame(page);
  await page.screenshot({ path: `${SHOTS}/pvp-rooms-360.png`, fullPage: true });
  await roomButton(frame).click();
  await expect(frame.locator('.pvp-seat')).toHaveCount(6);
  await dealButton(frame).click();
  await handShown(frame, hands, 1);
  await page.screenshot({ path: `${SHOTS}/pvp-table-360.png`, fullPage: true });
  const f = page.frames().find((x) => x.url().includes('/studio/'))!;
  const overflow = await f.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await frame.getByRole('button', { name: 'Leave room' }).click();
  await expect(roomButton(frame)).toBeVisible();

  // The same launch in Burmese (the default language, the longest texts), the studio on its own.
  const src = await page.locator('iframe').getAttribute('src');
  const my = await page.context().newPage();
  await my.setViewportSize({ width: 360, height: 740 });
  await my.goto(src!.replace(/([?&]lang=)[^&]*/i, '$1my'));
  await expect(my.locator('.pvp-room').first()).toBeVisible({ timeout: 30_000 });
  await my.screenshot({ path: `${SHOTS}/pvp-rooms-360-my.png`, fullPage: true });
  await my.locator('.pvp-room').first().click();
  await my.locator('.pvp-deal').click();
  await expect(my.locator('.pvp-seat.is-winner')).toHaveCount(1, { timeout: 15_000 });
  await expect(my.locator('.pvp-deal')).toBeEnabled();
  await my.screenshot({ path: `${SHOTS}/pvp-table-360-my.png`, fullPage: true });
  expect(
    await my.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await my.keyboard.press('Escape');
  await expect(my.locator('.pvp-room').first()).toBeVisible();
  await my.close();
});
