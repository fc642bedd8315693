import { expect, type Page, type Response } from '@playwright/test';

/** What the e2e reads of one placed lottery bet (the contract's lotteryBetSchema, in part). */
export interface PlacedBet {
  id: number;
  numero: string;
  stake: number;
  betCount: number;
  unit: number;
  selection: string[][];
}

/** The bets the place-bets call answered (the ground truth the page and the records are checked against). */
export function recordPlaced(page: Page): PlacedBet[] {
  const placed: PlacedBet[] = [];
  page.on('response', async (res: Response) => {
    if (!res.url().endsWith('/lotto/lgw/bets') || res.request().method() !== 'POST') return;
    const body = (await res.json().catch(() => null)) as {
      success?: boolean;
      value?: { bets: PlacedBet[] };
    } | null;
    if (body?.success && body.value) placed.push(...body.value.bets);
  });
  return placed;
}

/** The language (and theme) the page starts in. */
export const setLanguage = (page: Page, lang: string, theme?: 'dark' | 'light') =>
  page.addInitScript(
    ({ lang, theme }) => {
      localStorage.setItem('lang', lang);
      if (theme) localStorage.setItem('theme', theme);
    },
    { lang, theme },
  );

/** Nothing on the page is wider than the screen. */
export async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
