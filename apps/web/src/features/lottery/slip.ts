import type { PlayType } from '@app/contracts';

/** One line of the bet slip: a play type's picks, its single bets, unit and multiplier. */
export interface SlipLine {
  playType: PlayType;
  selection: string[][];
  unit: number;
  multiplier: number;
  betCount: number;
}

/** The stake of one line (minor units): bets × unit × multiplier. */
export function lineStake(line: Pick<SlipLine, 'betCount' | 'unit' | 'multiplier'>): number {
  return line.betCount * line.unit * line.multiplier;
}

/** The slip's total: every line, times the periods of a chase (1 without one). */
export function slipTotal(lines: readonly SlipLine[], periods = 1): number {
  return lines.reduce((sum, l) => sum + lineStake(l), 0) * Math.max(1, periods);
}

/** Picks as shown: rows joined by " | ", tokens by a space. */
export function formatSelection(selection: readonly (readonly string[])[]): string {
  return selection.map((row) => (row.length ? row.join(' ') : '-')).join(' | ');
}
