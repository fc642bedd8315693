import type { BetLine, LotteryKind, LotteryResult, PlayType } from '@app/contracts';

/**
 * Draws and settlement of the lottery (issue 7). Pure: no database, no clock.
 * NOTE (scaffolding): the bodies are built by the rules work; the signatures are fixed.
 *
 * - `commitOf(seed)`: hex SHA-256 of the seed bytes (published with the period).
 * - `resultFromSeed(kind, seed)`: the result, by LOTTERY_DRAW_ALGORITHM of the contract.
 * - `settleLine(kind, line, result, odds)`: what one placed line wins.
 * - `defaultOdds(kind)`: the merchant's starting payout table (odds × 10 000), each with the
 *   house edge it gives; `winProbability` gives the exact chance (or expected hits) behind it.
 */

/** One payout of the table; option as in the contract's oddsItemSchema. */
export interface OddsRow {
  playType: PlayType;
  option: string;
  oddsX10000: number;
}
export type OddsTable = readonly OddsRow[];

export interface LineOutcome {
  /** Winning single bets (bao lô: hits; DA: per the đá rule). */
  winCount: number;
  /** Minor units paid, stake included (0 on a loss); integer, rounded down per single bet. */
  payout: number;
}

export declare function commitOf(seed: Uint8Array): string;
export declare function resultFromSeed(kind: LotteryKind, seed: Uint8Array): LotteryResult;
export declare function settleLine(
  kind: LotteryKind,
  line: Pick<BetLine, 'playType' | 'selection' | 'unit' | 'multiplier'>,
  result: LotteryResult,
  odds: OddsTable,
): LineOutcome;
export declare function defaultOdds(kind: LotteryKind): OddsTable;
/** The exact expected return of one single bet of a play type/option at these odds (1 − house edge). */
export declare function expectedReturn(
  kind: LotteryKind,
  playType: PlayType,
  option: string,
  oddsX10000: number,
): number;
/** The numbers a result shows for "hot numbers" (digit games: the digits; VN: the lô, last two digits of every prize). */
export declare function numbersOf(kind: LotteryKind, result: LotteryResult): string[];
