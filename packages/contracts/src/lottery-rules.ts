import { DIGIT_PLAY_TYPES, LINE_BETS_MAX, VN_PLAY_TYPES } from './endpoints/lottery.ts';
import type { LotteryKind, PlayType } from './endpoints/lottery.ts';

/**
 * The play types' rules shared by the client (pickers, bet counts, the slip's total) and the
 * server (validation before any money moves). Settlement lives on the server
 * (apps/server/src/modules/lottery/rules.ts) and uses these counts.
 *
 * A selection is a list of rows; each row a list of tokens picked from that row's tokens.
 *
 * Digit games (digit5: positions pos1…pos5, digit3: pos1…pos3):
 * - STRAIGHT_1: one row per position ('0'…'9'); a row may be empty, at least one digit in all;
 *   every (position, digit) picked is one bet, won when that position shows that digit.
 * - STRAIGHT_2: the last two positions, one row each (≥ 1 digit); bets = product of the rows;
 *   a bet wins when both positions match exactly.
 * - STRAIGHT_3: the first three positions, one row each; product; exact match.
 * - BOX_2: one row of 2…10 distinct digits; bets = C(n, 2); a pair wins when the last two drawn
 *   digits are that pair in any order (and differ: a double such as 7-7 wins no pair).
 * - BOX_3: one row of 3…10 distinct digits; bets = C(n, 3); a triple wins when the first three
 *   drawn digits are those three in any order (all distinct).
 * - BIG_SMALL: one row ⊆ {big, small} of the sum of all digits (digit5: big 23–45, small 0–22;
 *   digit3: big 14–27, small 0–13). ODD_EVEN: one row ⊆ {odd, even} of that sum.
 * - SUM_RANGE: one row of range ids of SUM_RANGES; each range has its own odds.
 *
 * Vietnamese games (vn_north, vn_south), one row each:
 * - LO_2D (bao lô 2): 1…10 numbers '00'…'99'; each number one bet, paid once per occurrence among
 *   the last two digits of every prize of the sheet (27 in the north, 18 in the south).
 * - LO_3D (bao lô 3): 1…10 numbers '000'…'999' (typed); paid per occurrence among the last three
 *   digits of every prize of ≥ 3 digits (north 23, south 17).
 * - DE (đề): 1…10 numbers '00'…'99', the last two digits of the special prize.
 * - DAU / DUOI (đầu / đuôi): 1…10 digits, the tens / units digit of the special prize's last two.
 * - BA_CANG (3 càng): 1…10 numbers '000'…'999' (typed), the last three digits of the special prize.
 * - XIEN_2 / XIEN_3 / XIEN_4 (xiên): k…10 distinct numbers '00'…'99'; bets = C(n, k); a group wins
 *   (once) when every one of its numbers is among the lô of the sheet.
 * - DA (đá): 2…10 distinct numbers '00'…'99'; bets = C(n, 2); a pair wins when both numbers are
 *   among the lô; it is paid by its extra hits, occurrences(a) + occurrences(b) − 1 (1, 2 or 3+,
 *   each with its own odds; see the server's rules).
 */

export interface PickerRow {
  /** i18n key of the row's label (lottery.rows.<id>), e.g. lottery.rows.pos1, lottery.rows.numbers. */
  labelKey: string;
  /** Every token that may be picked in this row, in display order ('0'…'9', '00'…'99', 'big' …). */
  tokens: readonly string[];
  /** Large rows (000–999) are typed rather than shown as a grid. */
  typed: boolean;
}

export interface PlayTypeRules {
  playType: PlayType;
  rows: readonly PickerRow[];
  /** Fewest and most tokens in one row (e.g. BOX_3: 3 … 10). */
  minPerRow: number;
  maxPerRow: number;
}

/** The sum ranges of SUM_RANGE (ids are the tokens). */
export interface SumRange {
  id: string;
  min: number;
  max: number;
}

/**
 * Ranges of the sum of the digits, covering every sum once, symmetric around the middle
 * (digit5: 0–45, digit3: 0–27).
 */
export const SUM_RANGES: Record<'digit5' | 'digit3', readonly SumRange[]> = {
  digit5: [
    { id: 's0_15', min: 0, max: 15 },
    { id: 's16_20', min: 16, max: 20 },
    { id: 's21_24', min: 21, max: 24 },
    { id: 's25_29', min: 25, max: 29 },
    { id: 's30_45', min: 30, max: 45 },
  ],
  digit3: [
    { id: 's0_9', min: 0, max: 9 },
    { id: 's10_13', min: 10, max: 13 },
    { id: 's14_17', min: 14, max: 17 },
    { id: 's18_27', min: 18, max: 27 },
  ],
};

/** The sum of the digits is big from this value (inclusive); below it, small. */
export const BIG_FROM: Record<'digit5' | 'digit3', number> = { digit5: 23, digit3: 14 };

/** Positions of the digit games. */
export const DIGIT_POSITIONS: Record<'digit5' | 'digit3', number> = { digit5: 5, digit3: 3 };

/** Most numbers in one row of a VN play type (a line holds at most C(10, 4) = 210 bets). */
export const VN_ROW_MAX = 10;

/** The number of a VN play type's combination (XIEN_k: k; DA: 2; others: 1). */
export function groupSizeOf(playType: PlayType): number {
  switch (playType) {
    case 'XIEN_2':
    case 'DA':
      return 2;
    case 'XIEN_3':
      return 3;
    case 'XIEN_4':
      return 4;
    default:
      return 1;
  }
}

const isDigitKind = (kind: LotteryKind): kind is 'digit5' | 'digit3' =>
  kind === 'digit5' || kind === 'digit3';

const padded = (width: number): string[] =>
  Array.from({ length: 10 ** width }, (_, i) => String(i).padStart(width, '0'));
const DIGITS = padded(1);
const TWO = padded(2);
const THREE = padded(3);

const row = (id: string, tokens: readonly string[], typed = false): PickerRow => ({
  labelKey: `lottery.rows.${id}`,
  tokens,
  typed,
});

/** Play types offered by a kind of game, in tab order. */
export function playTypesOf(kind: LotteryKind): readonly PlayType[] {
  return isDigitKind(kind) ? DIGIT_PLAY_TYPES : VN_PLAY_TYPES;
}

function buildRules(kind: LotteryKind, playType: PlayType): PlayTypeRules | null {
  if (!(playTypesOf(kind) as readonly string[]).includes(playType)) return null;
  if (isDigitKind(kind)) {
    const n = DIGIT_POSITIONS[kind];
    const pos = (i: number) => row(`pos${i}`, DIGITS);
    switch (playType) {
      case 'STRAIGHT_1':
        return {
          playType,
          rows: Array.from({ length: n }, (_, i) => pos(i + 1)),
          minPerRow: 0,
          maxPerRow: 10,
        };
      case 'STRAIGHT_2':
        return { playType, rows: [pos(n - 1), pos(n)], minPerRow: 1, maxPerRow: 10 };
      case 'STRAIGHT_3':
        return { playType, rows: [pos(1), pos(2), pos(3)], minPerRow: 1, maxPerRow: 10 };
      case 'BOX_2':
        return { playType, rows: [row('numbers', DIGITS)], minPerRow: 2, maxPerRow: 10 };
      case 'BOX_3':
        return { playType, rows: [row('numbers', DIGITS)], minPerRow: 3, maxPerRow: 10 };
      case 'BIG_SMALL':
        return { playType, rows: [row('sum', ['big', 'small'])], minPerRow: 1, maxPerRow: 2 };
      case 'ODD_EVEN':
        return { playType, rows: [row('sum', ['odd', 'even'])], minPerRow: 1, maxPerRow: 2 };
      case 'SUM_RANGE': {
        const ids = SUM_RANGES[kind].map((r) => r.id);
        return { playType, rows: [row('sum', ids)], minPerRow: 1, maxPerRow: ids.length };
      }
      default:
        return null;
    }
  }
  switch (playType) {
    case 'LO_2D':
    case 'DE':
      return { playType, rows: [row('numbers', TWO)], minPerRow: 1, maxPerRow: VN_ROW_MAX };
    case 'LO_3D':
    case 'BA_CANG':
      return { playType, rows: [row('numbers', THREE, true)], minPerRow: 1, maxPerRow: VN_ROW_MAX };
    case 'DAU':
      return { playType, rows: [row('tens', DIGITS)], minPerRow: 1, maxPerRow: 10 };
    case 'DUOI':
      return { playType, rows: [row('units', DIGITS)], minPerRow: 1, maxPerRow: 10 };
    case 'XIEN_2':
    case 'XIEN_3':
    case 'XIEN_4':
    case 'DA':
      return {
        playType,
        rows: [row('numbers', TWO)],
        minPerRow: groupSizeOf(playType),
        maxPerRow: VN_ROW_MAX,
      };
    default:
      return null;
  }
}

const rulesCache = new Map<string, PlayTypeRules | null>();
const tokenSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function tokenSet(tokens: readonly string[]): ReadonlySet<string> {
  let set = tokenSets.get(tokens);
  if (!set) tokenSets.set(tokens, (set = new Set(tokens)));
  return set;
}

/** The picker of a play type in a kind of game; null when the kind does not offer it. */
export function rulesOf(kind: LotteryKind, playType: PlayType): PlayTypeRules | null {
  const key = `${kind}:${playType}`;
  if (!rulesCache.has(key)) rulesCache.set(key, buildRules(kind, playType));
  return rulesCache.get(key) ?? null;
}

/** C(n, k) for small n. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

/** Bets of a selection whose rows have the right shape (no limit checks). */
function rawCount(playType: PlayType, selection: readonly (readonly string[])[]): number {
  const sizes = selection.map((r) => r.length);
  switch (playType) {
    case 'STRAIGHT_1':
      return sizes.reduce((a, b) => a + b, 0);
    case 'STRAIGHT_2':
    case 'STRAIGHT_3':
      return sizes.reduce((a, b) => a * b, 1);
    case 'BOX_2':
      return choose(sizes[0] ?? 0, 2);
    case 'BOX_3':
      return choose(sizes[0] ?? 0, 3);
    case 'XIEN_2':
    case 'XIEN_3':
    case 'XIEN_4':
    case 'DA':
      return choose(sizes[0] ?? 0, groupSizeOf(playType));
    default:
      return sizes[0] ?? 0;
  }
}

/**
 * Why a selection cannot be bet: an i18n key (lottery.errors.bad_selection,
 * lottery.errors.bad_play_type, lottery.errors.too_many_bets), or null when it is valid.
 */
export function selectionError(
  kind: LotteryKind,
  playType: PlayType,
  selection: readonly (readonly string[])[],
): string | null {
  const rules = rulesOf(kind, playType);
  if (!rules) return 'lottery.errors.bad_play_type';
  if (!Array.isArray(selection) || selection.length !== rules.rows.length)
    return 'lottery.errors.bad_selection';
  for (let i = 0; i < rules.rows.length; i++) {
    const picked = selection[i];
    const allowed = tokenSet(rules.rows[i]!.tokens);
    if (!Array.isArray(picked)) return 'lottery.errors.bad_selection';
    if (picked.length < rules.minPerRow || picked.length > rules.maxPerRow)
      return 'lottery.errors.bad_selection';
    const seen = new Set<string>();
    for (const token of picked) {
      if (typeof token !== 'string' || seen.has(token) || !allowed.has(token))
        return 'lottery.errors.bad_selection';
      seen.add(token);
    }
  }
  const bets = rawCount(playType, selection);
  if (bets < 1) return 'lottery.errors.bad_selection';
  if (bets > LINE_BETS_MAX) return 'lottery.errors.too_many_bets';
  return null;
}

/** Single bets (combinations) of a valid selection; 0 when it is not valid. */
export function countBets(
  kind: LotteryKind,
  playType: PlayType,
  selection: readonly (readonly string[])[],
): number {
  return selectionError(kind, playType, selection) === null ? rawCount(playType, selection) : 0;
}

/** k distinct tokens of a list, in the list's order. */
function pickDistinct(tokens: readonly string[], k: number, random: (n: number) => number): string[] {
  const pool = [...tokens];
  const out: string[] = [];
  for (let i = 0; i < k && pool.length > 0; i++) out.push(pool.splice(random(pool.length), 1)[0]!);
  return out.sort((a, b) => tokens.indexOf(a) - tokens.indexOf(b));
}

/** A random valid selection with the fewest picks (the "random pick" button; simulation). */
export function randomSelection(
  kind: LotteryKind,
  playType: PlayType,
  random: (n: number) => number,
): string[][] {
  const rules = rulesOf(kind, playType);
  if (!rules) return [];
  if (playType === 'STRAIGHT_1') {
    const at = random(rules.rows.length);
    return rules.rows.map((r, i) => (i === at ? pickDistinct(r.tokens, 1, random) : []));
  }
  return rules.rows.map((r) => pickDistinct(r.tokens, Math.max(1, rules.minPerRow), random));
}
