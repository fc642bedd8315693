import { expect, type FrameLocator, type Page, type Response } from '@playwright/test';
import { asNewClient, expectLoggedIn, logIn } from './accounts.ts';
import { apiValue, minorIn } from './money.ts';

/**
 * Games helpers (issue 5): the lobby, the game frame and the slot studio inside it. Games are
 * named by the deterministic seed (apps/server/src/seed/demo-games.ts; e2e never imports it).
 */

/** The lobby's search box (an input of type search). */
export function lobbySearch(page: Page) {
  return page.getByRole('main').getByRole('searchbox');
}

/** A lobby tile's play button, by the game's exact name. */
export function playButton(page: Page, name: string) {
  return page.getByRole('button', { name: `Play ${name}`, exact: true });
}

/** The tiles of the lobby grid (play buttons). */
export function tiles(page: Page) {
  return page.getByRole('main').getByRole('button', { name: /^Play / });
}

/** The studio inside the /game frame. */
export function studio(page: Page): FrameLocator {
  return page.frameLocator('iframe');
}

export function spinButton(frame: FrameLocator) {
  return frame.getByRole('button', { name: 'Spin', exact: true });
}

/** One slot round as the studio's spin call answered it (minor units). */
export interface Round {
  roundId: string;
  bet: number;
  totalWin: number;
  balance: number;
  freeSpins: number;
}

/**
 * Collects every round the studio's spin call answers, from the page's network (the frame's
 * requests are the page's too): the ground truth the screen and the records are checked against.
 */
export function recordRounds(page: Page): Round[] {
  const rounds: Round[] = [];
  page.on('response', async (res: Response) => {
    if (!res.url().includes('/studio/api/spin') || res.request().method() !== 'POST') return;
    const body = (await res.json().catch(() => null)) as {
      success?: boolean;
      value?: { roundId: string; bet: number; totalWin: number; balance: number; spins: unknown[] };
    } | null;
    if (!body?.success || !body.value) return;
    const v = body.value;
    rounds.push({
      roundId: v.roundId,
      bet: v.bet,
      totalWin: v.totalWin,
      balance: v.balance,
      freeSpins: Math.max(0, v.spins.length - 1),
    });
  });
  return rounds;
}

/** Waits until the studio is ready for the next spin (the reels and any free spins have stopped). */
export async function waitForIdle(frame: FrameLocator) {
  await expect(spinButton(frame)).toBeEnabled({ timeout: 30_000 });
}

/**
 * The amount a figure of the studio shows under its label ("Balance", "Win"), in minor units.
 * The figures are <output>s after their label (no accessible name of their own).
 */
export async function studioFigure(frame: FrameLocator, label: 'Balance' | 'Win'): Promise<number> {
  const figure = frame.getByText(label, { exact: true }).locator('xpath=following-sibling::output[1]');
  await expect(figure).toHaveText(/\d\.\d{2}/);
  return minorIn((await figure.textContent()) ?? '');
}

/** Space or Enter on the studio page (not on one of its buttons): the studio's own spin key. */
export async function spinByKey(page: Page, frame: FrameLocator, key: 'Space' | 'Enter') {
  // A click on the standing reels does nothing but take the focus off the buttons.
  await frame.getByRole('img', { name: 'Reels' }).click();
  await page.keyboard.press(key);
}

/** The demo player the table-game specs play with (each compares its balance before and after). */
export const PLAYER = { account: 'player01', password: 'Player2026!' };

/** Signs the demo player in on /index, as a client the server has not seen. */
export async function signInPlayer(page: Page): Promise<void> {
  await asNewClient(page);
  await page.goto('/index');
  await logIn(page, PLAYER.account, PLAYER.password);
  await expectLoggedIn(page, PLAYER.account);
}

export interface BetTotals {
  count: number;
  stake: number;
  payout: number;
  winLoss: number;
}

/** The betting record's totals of one vertical (live, sports, fish, card …). */
export const verticalTotals = async (page: Page, vertical: string): Promise<BetTotals> =>
  (await apiValue<{ totals: BetTotals }>(page, `/wps/member/bets?vertical=${vertical}`, 'GAM')).totals;
