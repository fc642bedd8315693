import {
  countBets,
  randomSelection,
  rulesOf,
  selectionError,
  SUM_RANGES,
  type LotteryKind,
  type PickerRow,
  type PlayType,
} from '@app/contracts';

/** An empty selection of a play type: one empty row per picker row. */
export function emptySelection(kind: LotteryKind, playType: PlayType): string[][] {
  return (rulesOf(kind, playType)?.rows ?? []).map(() => []);
}

/** Tokens kept in the row's display order. */
function ordered(row: PickerRow, picked: Iterable<string>): string[] {
  const set = new Set(picked);
  return row.tokens.filter((t) => set.has(t));
}

/** Toggles one token of one row (a row at its most picks takes no more). */
export function toggleToken(
  kind: LotteryKind,
  playType: PlayType,
  selection: string[][],
  rowIndex: number,
  token: string,
): string[][] {
  const rules = rulesOf(kind, playType);
  const row = rules?.rows[rowIndex];
  if (!rules || !row) return selection;
  const current = selection[rowIndex] ?? [];
  let next: string[];
  if (current.includes(token)) next = current.filter((t) => t !== token);
  else if (current.length >= rules.maxPerRow) return selection;
  else next = ordered(row, [...current, token]);
  return selection.map((r, i) => (i === rowIndex ? next : r));
}

/** A row of the ten digits '0'…'9' (gets the quick buttons). */
export function isDigitRow(row: PickerRow): boolean {
  return row.tokens.length === 10 && row.tokens.every((t, i) => t === String(i));
}

export const QUICK_PICKS = ['all', 'big', 'small', 'odd', 'even', 'clear'] as const;
export type QuickPick = (typeof QUICK_PICKS)[number];

/** The digits of a quick button: big 5–9, small 0–4, odd, even, all, clear (none). */
export function quickDigits(quick: QuickPick): string[] {
  const digits = Array.from({ length: 10 }, (_, i) => i);
  const keep: Record<QuickPick, (d: number) => boolean> = {
    all: () => true,
    big: (d) => d >= 5,
    small: (d) => d < 5,
    odd: (d) => d % 2 === 1,
    even: (d) => d % 2 === 0,
    clear: () => false,
  };
  return digits.filter(keep[quick]).map(String);
}

/** Sets one digit row to a quick button's digits (capped at the row's most picks). */
export function applyQuick(
  kind: LotteryKind,
  playType: PlayType,
  selection: string[][],
  rowIndex: number,
  quick: QuickPick,
): string[][] {
  const rules = rulesOf(kind, playType);
  if (!rules?.rows[rowIndex]) return selection;
  const next = quickDigits(quick).slice(0, rules.maxPerRow);
  return selection.map((r, i) => (i === rowIndex ? next : r));
}

/** Typed numbers of a large row (000–999): separated by spaces, commas or semicolons; unknown ones dropped. */
export function parseTyped(row: PickerRow, text: string, max: number): string[] {
  const allowed = new Set(row.tokens);
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) if (allowed.has(part)) seen.add(part);
  return ordered(row, seen).slice(0, max);
}

/** An unbiased integer 0 … n−1 from the browser's crypto (rejection sampling). */
export function cryptoRandom(n: number): number {
  if (n <= 1) return 0;
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % n;
  }
}

export function randomPick(kind: LotteryKind, playType: PlayType): string[][] {
  return randomSelection(kind, playType, cryptoRandom);
}

/** The picker's figures: single bets and why it cannot be added yet (null when it can). */
export function lineStatus(kind: LotteryKind, playType: PlayType, selection: string[][]) {
  const error = selectionError(kind, playType, selection);
  return { error, betCount: error ? 0 : countBets(kind, playType, selection) };
}

/** A SUM_RANGE token's range, when it is one. */
export function sumRangeOf(kind: LotteryKind, token: string) {
  if (kind !== 'digit5' && kind !== 'digit3') return null;
  return SUM_RANGES[kind].find((r) => r.id === token) ?? null;
}
