import type { SportsEvent, SportsMarket, SportsSelection } from '@app/contracts';

/**
 * The sportsbook page's pure parts (issue 6): odds formats, stakes typed in major units, the
 * slip's potential return — the same rounding as the server (floor of stake × Π odds / 1000ⁿ).
 */

export const ODDS_FORMATS = ['decimal', 'hongkong', 'fractional'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];
export const ODDS_FORMAT_KEY = 'studio.sports.oddsFormat';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Odds × 1000 in a format: decimal 1.95, Hong Kong 0.95, fractional 19/20. */
export function formatOdds(odds: number, format: OddsFormat): string {
  if (format === 'hongkong') return ((odds - 1000) / 1000).toFixed(2);
  if (format === 'fractional') {
    const num = Math.round((odds - 1000) / 10);
    const g = gcd(num, 100) || 1;
    return `${num / g}/${100 / g}`;
  }
  return (odds / 1000).toFixed(2);
}

/** A line in hundredths → "-1.5", "+0.5", "0", "2.5" (signed for handicaps). */
export function formatLine(line: number, signed: boolean): string {
  const text = (Math.abs(line) / 100).toFixed(line % 100 === 0 ? 0 : line % 50 === 0 ? 1 : 2);
  if (!signed || line === 0) return line < 0 ? `-${text}` : text;
  return line < 0 ? `-${text}` : `+${text}`;
}

/** "12.50" → 1250 minor units; null when it is not an amount with at most two decimals. */
export function parseStake(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(t)) return null;
  const [major, minor = ''] = t.split('.');
  return Number(major) * 100 + Number(minor.padEnd(2, '0'));
}

/** stake × Π odds / 1000ⁿ, rounded down to the minor unit (exact). */
export function potentialReturn(stake: number, odds: readonly number[]): number {
  let num = BigInt(stake);
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(o);
    den *= 1000n;
  }
  return Number(num / den);
}

export interface Pick {
  selectionId: number;
  eventId: number;
  /** The odds the player saw (sent with the bet). */
  odds: number;
  /** The odds before the last change the page learnt of (shown crossed out), if any. */
  was?: number;
}

/** A parlay takes 2-10 picks of different events. */
export function parlayValid(picks: readonly Pick[]): boolean {
  return (
    picks.length >= 2 && picks.length <= 10 && new Set(picks.map((p) => p.eventId)).size === picks.length
  );
}

/** Finds a selection (with its market and event) on the board. */
export function findSelection(
  events: readonly SportsEvent[],
  selectionId: number,
): { event: SportsEvent; market: SportsMarket; selection: SportsSelection } | null {
  for (const event of events)
    for (const market of event.markets)
      for (const selection of market.selections)
        if (selection.id === selectionId) return { event, market, selection };
  return null;
}
