import { createHash, createHmac } from 'node:crypto';
import {
  BIG_FROM,
  DIGIT_POSITIONS,
  SUM_RANGES,
  VN_SHEETS,
  choose,
  selectionError,
  type BetLine,
  type LotteryKind,
  type LotteryResult,
  type PlayType,
} from '@app/contracts';

/**
 * Draws and settlement of the lottery (issue 7). Pure: no database, no clock.
 *
 * - `commitOf(seed)`: hex SHA-256 of the seed bytes (published with the period).
 * - `resultFromSeed(kind, seed)`: the result, by LOTTERY_DRAW_ALGORITHM of the contract.
 * - `settleLine(kind, line, result, odds)`: what one placed line wins.
 * - `defaultOdds(kind)`: the merchant's starting payout table (odds × 10 000), each with the
 *   house edge it gives; `winProbability` gives the exact chance (or expected hits) behind it.
 *
 * The payout table (odds are paid per winning single bet, stake included; edge = 1 − return):
 *
 * | play type    | digit5 / digit3 | P(win) or E[hits]            | edge  |
 * |--------------|-----------------|------------------------------|-------|
 * | STRAIGHT_1   | 9.8             | 1/10                         | 2 %   |
 * | STRAIGHT_2   | 98              | 1/100                        | 2 %   |
 * | STRAIGHT_3   | 980             | 1/1000                       | 2 %   |
 * | BOX_2        | 49              | 2/100                        | 2 %   |
 * | BOX_3        | 163.3333        | 6/1000                       | 2.00 %|
 * | BIG_SMALL    | 1.96            | 1/2 (the sum is symmetric)   | 2 %   |
 * | ODD_EVEN     | 1.96            | 1/2                          | 2 %   |
 * | SUM_RANGE    | per range, 0.98 / P(range) rounded down to 0.01 (P by convolution) | ≈ 2 % |
 *
 * Vietnamese lottery (north: 27 prizes, 23 of ≥ 3 digits; south/central: 18 and 17). Every prize
 * digit is uniform and independent, so a given 2-digit number's hits among n endings are
 * Binomial(n, 1/100) and a 3-digit number's Binomial(n3, 1/1000):
 *
 * | play type | north | south | north E / P           | south E / P           | edge N / S    |
 * |-----------|-------|-------|-----------------------|-----------------------|---------------|
 * | LO_2D     | 3.5   | 5.3   | E[hits] = 0.27        | 0.18                  | 5.5 % / 4.6 % |
 * | LO_3D     | 41    | 56    | E[hits] = 0.023       | 0.017                 | 5.7 % / 4.8 % |
 * | DE        | 95    | 95    | 1/100                 | 1/100                 | 5 %           |
 * | DAU, DUOI | 9.5   | 9.5   | 1/10                  | 1/10                  | 5 %           |
 * | BA_CANG   | 950   | 950   | 1/1000                | 1/1000                | 5 %           |
 * | XIEN_2    | 17    | 36    | 0.0548821             | 0.0261078             | 6.7 % / 6.0 % |
 * | XIEN_3    | 76    | 240   | 0.0122979             | 0.0039134             | 6.5 % / 6.1 % |
 * | XIEN_4    | 350   | 1700  | 0.0026699             | 0.00055522            | 6.6 % / 5.6 % |
 * | DA        | 13.5  | 31    | E[extra] = 0.0692946  | 0.0304326             | 6.5 % / 5.7 % |
 *
 * xiên: P(all k numbers among the lô) = Σ_{j=0..k} (−1)^j C(k, j) (1 − j/100)^n (inclusion–exclusion).
 * đá: a pair (a, b) wins when both numbers are among the lô; it is paid odds × its extra hits,
 * occurrences(a) + occurrences(b) − 1 (so a pair seen once each pays once, a number seen twice
 * with its partner once pays twice …); E[extra] sums the trinomial law of (occ(a), occ(b)).
 * Its one odds row has option '' (no separate odds per extra-hit count).
 */

/** One payout of the table; option as in the contract's oddsItemSchema. */
export interface OddsRow {
  playType: PlayType;
  option: string;
  oddsX10000: number;
}
export type OddsTable = readonly OddsRow[];

export interface LineOutcome {
  /** Winning single bets (bao lô: hits; DA: extra hits of the winning pairs). */
  winCount: number;
  /** Minor units paid, stake included (0 on a loss); integer, rounded down per single bet. */
  payout: number;
}

// ---------------------------------------------------------------------------------------------
// The draw.

/** Hex SHA-256 of the seed bytes: the commitment published with the period. */
export function commitOf(seed: Uint8Array): string {
  return createHash('sha256').update(seed).digest('hex');
}

/** Uniform digits from the seed: HMAC-SHA256(seed, "0"), ("1") … read as big-endian uint32 values. */
export function digitStream(seed: Uint8Array): () => number {
  let counter = 0;
  let block = Buffer.alloc(0);
  let at = 0;
  const LIMIT = 4_294_967_290; // 429 496 729 × 10: the largest multiple of 10 ≤ 2³²
  return () => {
    for (;;) {
      if (at >= block.length) {
        block = createHmac('sha256', seed).update(String(counter)).digest();
        counter += 1;
        at = 0;
      }
      const v = block.readUInt32BE(at);
      at += 4;
      if (v < LIMIT) return v % 10;
    }
  };
}

/** The VN sheets' layouts are the contract's (the pages show the same). */
export { VN_SHEETS };

/**
 * The result of a seed (LOTTERY_DRAW_ALGORITHM 'hmac-sha256-counter-v1'): digit games take the
 * stream's digits in position order; a VN sheet draws its tiers from the lowest (p7 north, p8
 * south) up to the special prize, in each tier its numbers in listed order, each number's digits
 * left to right. `prizes` lists the special prize first.
 */
export function resultFromSeed(kind: LotteryKind, seed: Uint8Array): LotteryResult {
  const next = digitStream(seed);
  if (kind === 'digit5' || kind === 'digit3')
    return { digits: Array.from({ length: DIGIT_POSITIONS[kind] }, () => next()) };
  const drawn = [...VN_SHEETS[kind]].reverse().map(([tier, count, width]) => ({
    tier,
    numbers: Array.from({ length: count }, () => Array.from({ length: width }, () => next()).join('')),
  }));
  return { prizes: drawn.reverse() };
}

// ---------------------------------------------------------------------------------------------
// Reading a result.

const isDigitKind = (kind: LotteryKind): kind is 'digit5' | 'digit3' =>
  kind === 'digit5' || kind === 'digit3';

function digitsOf(result: LotteryResult, kind: 'digit5' | 'digit3'): number[] {
  const d = result.digits;
  if (!d || d.length !== DIGIT_POSITIONS[kind]) throw new Error(`lottery: a ${kind} result needs its digits`);
  return d;
}

function prizesOf(result: LotteryResult): string[] {
  const p = result.prizes;
  if (!p || p.length === 0 || p[0]!.tier !== 'special')
    throw new Error('lottery: a VN result needs its sheet');
  return p.flatMap((t) => t.numbers);
}

/** The lô: the last two digits of every prize of the sheet. */
function lo2(result: LotteryResult): string[] {
  return prizesOf(result).map((n) => n.slice(-2));
}
/** The last three digits of every prize of ≥ 3 digits. */
function lo3(result: LotteryResult): string[] {
  return prizesOf(result)
    .filter((n) => n.length >= 3)
    .map((n) => n.slice(-3));
}

/** Occurrences of every ending: index = the number ('07' → 7), value = how many prizes end so. */
function occurrences(endings: readonly string[], size: number): Uint8Array {
  const c = new Uint8Array(size);
  for (const e of endings) c[Number(e)]! += 1;
  return c;
}
// One-entry memo: settling a period reads the same result object for every line.
let memo: { result: LotteryResult; two?: Uint8Array; three?: Uint8Array } | null = null;
const memoOf = (result: LotteryResult) => (memo?.result === result ? memo : (memo = { result }));
const occ2 = (result: LotteryResult) => (memoOf(result).two ??= occurrences(lo2(result), 100));
const occ3 = (result: LotteryResult) => (memoOf(result).three ??= occurrences(lo3(result), 1000));

/** The numbers a result shows for "hot numbers" (digit games: the digits; VN: the lô, last two digits of every prize). */
export function numbersOf(kind: LotteryKind, result: LotteryResult): string[] {
  return isDigitKind(kind) ? digitsOf(result, kind).map(String) : lo2(result);
}

/** The sum range (its id) a digit result falls in. */
export function sumRangeOf(kind: 'digit5' | 'digit3', sum: number): string {
  return SUM_RANGES[kind].find((r) => r.min <= sum && sum <= r.max)!.id;
}

// ---------------------------------------------------------------------------------------------
// Settlement.

/** Winning single bets of a line, grouped by the odds option they are paid at. */
function wins(
  kind: LotteryKind,
  playType: PlayType,
  sel: readonly (readonly string[])[],
  result: LotteryResult,
): Map<string, number> {
  const out = new Map<string, number>();
  const add = (n: number, option = '') => {
    if (n > 0) out.set(option, (out.get(option) ?? 0) + n);
  };
  const has = (row: number, token: string) => sel[row]!.includes(token);
  if (isDigitKind(kind)) {
    const d = digitsOf(result, kind);
    const n = d.length;
    const sum = d.reduce((a, b) => a + b, 0);
    switch (playType) {
      case 'STRAIGHT_1':
        add(d.filter((digit, i) => has(i, String(digit))).length);
        break;
      case 'STRAIGHT_2':
        add(has(0, String(d[n - 2])) && has(1, String(d[n - 1])) ? 1 : 0);
        break;
      case 'STRAIGHT_3':
        add(has(0, String(d[0])) && has(1, String(d[1])) && has(2, String(d[2])) ? 1 : 0);
        break;
      case 'BOX_2': {
        const [a, b] = [d[n - 2]!, d[n - 1]!];
        add(a !== b && has(0, String(a)) && has(0, String(b)) ? 1 : 0);
        break;
      }
      case 'BOX_3': {
        const three = d.slice(0, 3);
        add(new Set(three).size === 3 && three.every((x) => has(0, String(x))) ? 1 : 0);
        break;
      }
      case 'BIG_SMALL':
        add(has(0, sum >= BIG_FROM[kind] ? 'big' : 'small') ? 1 : 0);
        break;
      case 'ODD_EVEN':
        add(has(0, sum % 2 === 0 ? 'even' : 'odd') ? 1 : 0);
        break;
      case 'SUM_RANGE': {
        const id = sumRangeOf(kind, sum);
        add(has(0, id) ? 1 : 0, id);
        break;
      }
      default:
        throw new Error(`lottery: ${playType} is not a ${kind} play type`);
    }
    return out;
  }
  prizesOf(result);
  const special = result.prizes![0]!.numbers[0]!;
  const row = sel[0]!;
  switch (playType) {
    case 'LO_2D': {
      const c = occ2(result);
      add(row.reduce((s, x) => s + c[Number(x)]!, 0));
      break;
    }
    case 'LO_3D': {
      const c = occ3(result);
      add(row.reduce((s, x) => s + c[Number(x)]!, 0));
      break;
    }
    case 'DE':
      add(row.includes(special.slice(-2)) ? 1 : 0);
      break;
    case 'DAU':
      add(row.includes(special.slice(-2, -1)) ? 1 : 0);
      break;
    case 'DUOI':
      add(row.includes(special.slice(-1)) ? 1 : 0);
      break;
    case 'BA_CANG':
      add(row.includes(special.slice(-3)) ? 1 : 0);
      break;
    case 'XIEN_2':
    case 'XIEN_3':
    case 'XIEN_4': {
      const c = occ2(result);
      const present = row.filter((x) => c[Number(x)]! > 0).length;
      add(choose(present, Number(playType.slice(-1))));
      break;
    }
    case 'DA': {
      // Every pair of present numbers wins occ(a) + occ(b) − 1 extra hits (≥ 1):
      // Σ over pairs = (p − 1) Σ occ − C(p, 2), with p present numbers.
      const c = occ2(result);
      const occ = row.map((x) => c[Number(x)]!).filter((k) => k > 0);
      const p = occ.length;
      add((p - 1) * occ.reduce((a, b) => a + b, 0) - choose(p, 2));
      break;
    }
    default:
      throw new Error(`lottery: ${playType} is not a ${kind} play type`);
  }
  return out;
}

/** One winning single bet's payout: floor(unit × multiplier × odds × 10 000 / 10 000), exact. */
export function payoutPerWin(unit: number, multiplier: number, oddsX10000: number): number {
  const v = (BigInt(unit) * BigInt(multiplier) * BigInt(oddsX10000)) / 10_000n;
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('lottery: payout beyond safe integers');
  return Number(v);
}

function oddsFor(odds: OddsTable, playType: PlayType, option: string): number {
  const row = odds.find((o) => o.playType === playType && o.option === option);
  if (!row) throw new Error(`lottery: no odds for ${playType} '${option}'`);
  return row.oddsX10000;
}

/** What one placed line wins (the line must be a valid selection: it was checked when placed). */
export function settleLine(
  kind: LotteryKind,
  line: Pick<BetLine, 'playType' | 'selection' | 'unit' | 'multiplier'>,
  result: LotteryResult,
  odds: OddsTable,
): LineOutcome {
  const error = selectionError(kind, line.playType, line.selection);
  if (error) throw new Error(`lottery: cannot settle an invalid line (${error})`);
  let winCount = 0;
  let payout = 0;
  for (const [option, n] of wins(kind, line.playType, line.selection, result)) {
    winCount += n;
    payout += payoutPerWin(line.unit, line.multiplier, oddsFor(odds, line.playType, option)) * n;
  }
  if (!Number.isSafeInteger(payout)) throw new Error('lottery: payout beyond safe integers');
  return { winCount, payout };
}

// ---------------------------------------------------------------------------------------------
// Odds and their exact returns.

const x = (odds: number) => Math.round(odds * 10_000);

const DIGIT_ODDS: readonly [PlayType, number][] = [
  ['STRAIGHT_1', 9.8],
  ['STRAIGHT_2', 98],
  ['STRAIGHT_3', 980],
  ['BOX_2', 49],
  ['BIG_SMALL', 1.96],
  ['ODD_EVEN', 1.96],
];
const SUM_RANGE_ODDS: Record<'digit5' | 'digit3', Record<string, number>> = {
  digit5: { s0_15: 6.88, s16_20: 4.1, s21_24: 4.12, s25_29: 4.1, s30_45: 6.88 },
  digit3: { s0_9: 4.45, s10_13: 3.5, s14_17: 3.5, s18_27: 4.45 },
};
const VN_ODDS: Record<'vn_north' | 'vn_south', Record<string, number>> = {
  vn_north: {
    LO_2D: 3.5,
    LO_3D: 41,
    DE: 95,
    DAU: 9.5,
    DUOI: 9.5,
    BA_CANG: 950,
    XIEN_2: 17,
    XIEN_3: 76,
    XIEN_4: 350,
    DA: 13.5,
  },
  vn_south: {
    LO_2D: 5.3,
    LO_3D: 56,
    DE: 95,
    DAU: 9.5,
    DUOI: 9.5,
    BA_CANG: 950,
    XIEN_2: 36,
    XIEN_3: 240,
    XIEN_4: 1700,
    DA: 31,
  },
};

/** The merchant's starting payout table (see the tables above). */
export function defaultOdds(kind: LotteryKind): OddsTable {
  if (isDigitKind(kind)) {
    const rows: OddsRow[] = DIGIT_ODDS.map(([playType, o]) => ({ playType, option: '', oddsX10000: x(o) }));
    rows.splice(4, 0, { playType: 'BOX_3', option: '', oddsX10000: 1_633_333 }); // 0.98 / 0.006
    for (const r of SUM_RANGES[kind])
      rows.push({ playType: 'SUM_RANGE', option: r.id, oddsX10000: x(SUM_RANGE_ODDS[kind][r.id]!) });
    return rows;
  }
  return Object.entries(VN_ODDS[kind]).map(([playType, o]) => ({
    playType: playType as PlayType,
    option: '',
    oddsX10000: x(o),
  }));
}

/** P(sum of n uniform digits = s), s = 0 … 9n, by convolution (exact in doubles: counts / 10ⁿ). */
export function sumDistribution(positions: number): number[] {
  let d = [1];
  for (let i = 0; i < positions; i++) {
    const next = Array.from({ length: d.length + 9 }, () => 0);
    d.forEach((v, s) => {
      for (let k = 0; k < 10; k++) next[s + k]! += v;
    });
    d = next;
  }
  const total = 10 ** positions;
  return d.map((c) => c / total);
}

/** Prizes of the sheet whose last two / last three digits count as lô. */
export function loCounts(kind: 'vn_north' | 'vn_south'): { two: number; three: number } {
  const tiers = VN_SHEETS[kind];
  return {
    two: tiers.reduce((s, [, n]) => s + n, 0),
    three: tiers.reduce((s, [, n, w]) => s + (w >= 3 ? n : 0), 0),
  };
}

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/**
 * The exact chance that one single bet wins (or, for the play types paid per hit, LO_2D, LO_3D,
 * STRAIGHT_1 per picked digit, and DA, its expected number of paid hits).
 */
export function winProbability(kind: LotteryKind, playType: PlayType, option: string): number {
  if (isDigitKind(kind)) {
    switch (playType) {
      case 'STRAIGHT_1':
        return 0.1;
      case 'STRAIGHT_2':
        return 0.01;
      case 'STRAIGHT_3':
        return 0.001;
      case 'BOX_2':
        return 2 / 100;
      case 'BOX_3':
        return 6 / 1000;
      case 'BIG_SMALL': {
        const d = sumDistribution(DIGIT_POSITIONS[kind]);
        const big = d.slice(BIG_FROM[kind]).reduce((a, b) => a + b, 0);
        return option === 'small' ? 1 - big : big;
      }
      case 'ODD_EVEN':
        return 0.5;
      case 'SUM_RANGE': {
        const r = SUM_RANGES[kind].find((s) => s.id === option);
        if (!r) throw new Error(`lottery: no sum range ${option}`);
        return sumDistribution(DIGIT_POSITIONS[kind])
          .slice(r.min, r.max + 1)
          .reduce((a, b) => a + b, 0);
      }
      default:
        throw new Error(`lottery: ${playType} is not a ${kind} play type`);
    }
  }
  const { two: n, three: n3 } = loCounts(kind);
  switch (playType) {
    case 'LO_2D':
      return n / 100;
    case 'LO_3D':
      return n3 / 1000;
    case 'DE':
      return 1 / 100;
    case 'DAU':
    case 'DUOI':
      return 1 / 10;
    case 'BA_CANG':
      return 1 / 1000;
    case 'XIEN_2':
    case 'XIEN_3':
    case 'XIEN_4': {
      const k = Number(playType.slice(-1));
      let p = 0;
      for (let j = 0; j <= k; j++) p += (j % 2 === 0 ? 1 : -1) * choose(k, j) * (1 - j / 100) ** n;
      return p;
    }
    case 'DA': {
      // occ(a), occ(b) of a pair among n endings are trinomial (1/100, 1/100, 98/100).
      let e = 0;
      for (let i = 1; i <= n; i++)
        for (let j = 1; i + j <= n; j++)
          e +=
            (factorial(n) / (factorial(i) * factorial(j) * factorial(n - i - j))) *
            0.01 ** (i + j) *
            0.98 ** (n - i - j) *
            (i + j - 1);
      return e;
    }
    default:
      throw new Error(`lottery: ${playType} is not a ${kind} play type`);
  }
}

/** The exact expected return of one single bet of a play type/option at these odds (1 − house edge). */
export function expectedReturn(
  kind: LotteryKind,
  playType: PlayType,
  option: string,
  oddsX10000: number,
): number {
  return (winProbability(kind, playType, option) * oddsX10000) / 10_000;
}
