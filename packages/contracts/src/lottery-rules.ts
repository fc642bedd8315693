import type { LotteryKind, PlayType } from './endpoints/lottery.ts';

/**
 * The play types' rules shared by the client (pickers, bet counts, the slip's total) and the
 * server (validation before any money moves). Settlement lives on the server
 * (apps/server/src/modules/lottery/rules.ts) and uses these counts.
 *
 * A selection is a list of rows; each row a list of tokens picked from that row's tokens.
 * NOTE (scaffolding, issue 7): the bodies are built by the rules work; the signatures are fixed.
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
export declare const SUM_RANGES: Record<'digit5' | 'digit3', readonly SumRange[]>;

/** Play types offered by a kind of game, in tab order. */
export declare function playTypesOf(kind: LotteryKind): readonly PlayType[];

/** The picker of a play type in a kind of game; null when the kind does not offer it. */
export declare function rulesOf(kind: LotteryKind, playType: PlayType): PlayTypeRules | null;

/**
 * Why a selection cannot be bet: an i18n key (lottery.errors.bad_selection,
 * lottery.errors.bad_play_type, lottery.errors.too_many_bets), or null when it is valid.
 */
export declare function selectionError(
  kind: LotteryKind,
  playType: PlayType,
  selection: readonly (readonly string[])[],
): string | null;

/** Single bets (combinations) of a valid selection; 0 when it is not valid. */
export declare function countBets(
  kind: LotteryKind,
  playType: PlayType,
  selection: readonly (readonly string[])[],
): number;

/** A random valid selection with the fewest picks (the "random pick" button; simulation). */
export declare function randomSelection(
  kind: LotteryKind,
  playType: PlayType,
  random: (n: number) => number,
): string[][];
