import type { LotteryKind, LotteryResult, VnPrizeTier } from '@app/contracts';

/**
 * A Vietnamese result sheet as printed (issue 7): the North (27 prizes) reads from the special
 * prize down to the 7th; the South and Central (18 prizes) from the 8th up to the special prize.
 */
export const NORTH_TIERS: readonly VnPrizeTier[] = ['special', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
export const SOUTH_TIERS: readonly VnPrizeTier[] = [
  'p8',
  'p7',
  'p6',
  'p5',
  'p4',
  'p3',
  'p2',
  'p1',
  'special',
];

export const tiersOf = (kind: LotteryKind) => (kind === 'vn_north' ? NORTH_TIERS : SOUTH_TIERS);

export interface SheetRow {
  tier: VnPrizeTier;
  numbers: readonly string[];
}

/** The sheet's rows in print order (a tier the result lacks shows empty). */
export function sheetRows(kind: LotteryKind, result: LotteryResult | null): SheetRow[] {
  const prizes = result?.prizes ?? [];
  return tiersOf(kind).map((tier) => ({ tier, numbers: prizes.find((p) => p.tier === tier)?.numbers ?? [] }));
}

/** Every lô of the sheet: the last two digits of each prize number. */
export function lotoOf(result: LotteryResult | null): string[] {
  return (result?.prizes ?? []).flatMap((p) => p.numbers.map((n) => n.slice(-2)));
}

/**
 * The đầu/đuôi table VN sheets print: for each digit 0–9, the units digits of the lô whose tens
 * digit it is (đầu), and the tens digits of the lô whose units digit it is (đuôi), sorted.
 */
export function headsAndTails(loto: readonly string[]): { heads: string[][]; tails: string[][] } {
  const heads: string[][] = Array.from({ length: 10 }, () => []);
  const tails: string[][] = Array.from({ length: 10 }, () => []);
  for (const n of loto) {
    if (!/^\d\d$/.test(n)) continue;
    heads[Number(n[0])]!.push(n[1]!);
    tails[Number(n[1])]!.push(n[0]!);
  }
  for (const l of [...heads, ...tails]) l.sort();
  return { heads, tails };
}
