// Slot game math for the built-in game studio (issue 5): 5 reels × 3 rows, 20 fixed paylines, wilds,
// scatters and free spins, six families. Pure and dependency-free: the caller passes an Rng, gets the
// whole round (base spin and every free spin it awards) in one call, stores it, and only then shows it.
//
// Fairness rules this module keeps:
// - Every stop is uniform on a fixed reel strip (`rng.int(strip.length)` per reel, reels 1→5);
//   nothing is ever redrawn or adjusted after looking at a result, and there are no near-miss tricks.
// - Payouts are integers in minor units: line bet = bet / 20, a line pays lineBet × paytable multiplier,
//   scatters pay bet × multiplier, free spins multiply the spin's total by an integer.
//
// Wild rule (documented choice): a wild substitutes for any normal symbol, never for a scatter. A line
// that starts with wilds is evaluated twice — as the wilds' own run (paid at the wild's pay) and as
// the first non-wild symbol with the wilds standing in for it — and pays the higher of the two (the
// wild's own pay on a tie). Five wilds pay the wild's 5-of-a-kind. Only the highest win per line pays.
//
// The tuned RTP of each family (exact, see rtp.ts) is recorded in families.ts and checked by rtp.test.ts.
import { randomInt } from 'node:crypto';
import { FAMILY_DEFS, FREE_SPIN_AWARDS, MAX_FREE_SPINS, SYMBOL_IDS, type FamilyDef } from './families.ts';

export const SLOT_FAMILIES = ['fruits', 'gems', 'dragon', 'pharaoh', 'ocean', 'jungle'] as const;
export type SlotFamilyId = (typeof SLOT_FAMILIES)[number];
export const REELS = 5;
export const ROWS = 3;
export const LINE_COUNT = 20;
/** Allowed total stakes per spin in integer minor units (1 MMK = 100 minor). Every one divisible by the line count. */
export const BET_LEVELS: readonly number[] = Object.freeze([2000, 5000, 10000, 20000, 50000, 100000]);
/** Most free spins one round can award in total, retriggers included. */
export const MAX_FREE_SPINS_PER_ROUND = MAX_FREE_SPINS;

/** The 20 fixed paylines: the row (0 top, 1 middle, 2 bottom) on each reel. `LineWin.line` indexes this. */
export const PAYLINES: readonly (readonly number[])[] = Object.freeze([
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 0, 0],
  [2, 2, 1, 2, 2],
  [1, 2, 2, 2, 1],
  [1, 0, 0, 0, 1],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
]);

export interface Rng {
  /** Uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

/** The production source: node:crypto's randomInt (CSPRNG, unbiased). */
export function cryptoRng(): Rng {
  return { int: (maxExclusive) => randomInt(maxExclusive) };
}

/**
 * Deterministic generator (mulberry32) for tests and simulation only — never for real rounds.
 * `int` rejects the top partial range, so results are exactly uniform.
 */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    int(maxExclusive) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) {
        throw new RangeError(`seededRng.int: bad bound ${maxExclusive}`);
      }
      const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
      for (;;) {
        const x = next();
        if (x < limit) return x % maxExclusive;
      }
    },
  };
}

export interface LineWin {
  /** 0-based index into `paytable(family).lines` (display as line + 1). */
  line: number;
  symbol: string;
  count: number;
  /** Paytable multiplier of the line bet. */
  multiplier: number;
  /** lineBet × multiplier, minor units, before any free-spin multiplier. */
  amount: number;
  /** [reel, row] of the `count` cells that form the win, left to right. */
  positions: [number, number][];
}

/** What a grid pays, independent of how it was drawn. */
export interface GridEvaluation {
  lineWins: LineWin[];
  scatterCount: number;
  /** bet × scatter multiplier, minor units, before any free-spin multiplier. */
  scatterWin: number;
  /** Free spins this grid's scatters earn before the per-round cap (0 below 3 scatters). */
  freeSpinsAwarded: number;
  /** 1 in the base game, the free-spin multiplier in free spins. */
  multiplier: number;
  /** (sum of line amounts + scatterWin) × multiplier, minor units. */
  win: number;
}

export interface SpinOutcome extends GridEvaluation {
  /** grid[reel][row], symbol ids; reel-major, 5 × 3. */
  grid: string[][];
  /** The stop drawn on each reel (index of the top row's symbol on the strip), for audit and replay. */
  stops: number[];
  /** Free spins actually added to the round by this spin (after the per-round cap). */
  freeSpinsAwarded: number;
  free: boolean;
}

export interface RoundOutcome {
  family: SlotFamilyId;
  bet: number;
  /** Base spin first, then every free spin it awarded (retriggers included, capped). */
  spins: SpinOutcome[];
  totalWin: number;
}

export interface PaytableSymbol {
  id: string;
  kind: 'normal' | 'wild' | 'scatter';
  /** "3","4","5" → multiplier of the line bet (scatter: of the total bet). */
  pays: Record<string, number>;
  /** Themed display name (English) and a glyph (emoji or short text) for the front end. */
  label: string;
  glyph: string;
}

export interface PaytableInfo {
  family: SlotFamilyId;
  /** Display name of the family's theme (English). */
  name: string;
  /** Row index per reel for each payline. */
  lines: number[][];
  symbols: PaytableSymbol[];
  freeSpins: { scatters: number; spins: number; multiplier: number }[];
  /** Cap on free spins awarded in one round, retriggers included. */
  maxFreeSpins: number;
  betLevels: readonly number[];
  /** Theoretical return to player (exact, e.g. 0.9612), as tuned and tested. */
  rtp: number;
  /** symbol id → themed display name, same data as `symbols[].label`. */
  theme: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Compiled tables. Symbols are small integers in the hot path: 0..8 normal, 9 wild, 10 scatter.

const NSYM = SYMBOL_IDS.length;
export const WILD = SYMBOL_IDS.indexOf('W');
export const SCATTER = SYMBOL_IDS.indexOf('SC');
const SYMBOL_INDEX = new Map<string, number>(SYMBOL_IDS.map((id, i) => [id, i]));

/** Cell index of each payline position: reel * ROWS + row, flat, LINE_COUNT × REELS. */
const LINE_CELLS = Uint8Array.from(PAYLINES.flatMap((rows) => rows.map((row, reel) => reel * ROWS + row)));

export interface CompiledFamily {
  def: FamilyDef;
  /** Reel strips as symbol indices. */
  strips: Uint8Array[];
  /** pays[sym * 6 + count] → line multiplier (scatter: total-bet multiplier). */
  pays: Int32Array;
}

const compiled = new Map<SlotFamilyId, CompiledFamily>();

export function compileFamily(family: SlotFamilyId): CompiledFamily {
  const hit = compiled.get(family);
  if (hit) return hit;
  const def = FAMILY_DEFS[family];
  if (!def) throw new Error(`unknown slot family: ${String(family)}`);
  const strips = def.strips.map((text, reel) => {
    const ids = text.trim().split(/\s+/);
    return Uint8Array.from(ids, (id) => {
      const i = SYMBOL_INDEX.get(id);
      if (i === undefined) throw new Error(`${family} reel ${reel + 1}: unknown symbol ${id}`);
      return i;
    });
  });
  if (strips.length !== REELS) throw new Error(`${family}: needs ${REELS} reel strips`);
  const pays = new Int32Array(NSYM * 6);
  SYMBOL_IDS.forEach((id, s) => {
    const p = def.pays[id];
    if (!p) throw new Error(`${family}: no pays for ${id}`);
    p.forEach((mult, k) => {
      if (!Number.isInteger(mult) || mult < 0) throw new Error(`${family}: bad pay ${id}`);
      pays[s * 6 + 3 + k] = mult;
    });
  });
  const c: CompiledFamily = { def, strips, pays };
  compiled.set(family, c);
  return c;
}

/**
 * Best pay of payline `line` on grid `g` (cells reel * ROWS + row). Returns the paytable multiplier
 * and writes the winning symbol and count to `out` ([symbol, count]); 0 when the line does not pay.
 */
export function evaluateLine(g: ArrayLike<number>, line: number, pays: Int32Array, out: Int32Array): number {
  const base = line * REELS;
  const s0 = g[LINE_CELLS[base]!]!;
  if (s0 === SCATTER) return 0;
  if (s0 !== WILD) {
    let n = 1;
    while (n < REELS) {
      const s = g[LINE_CELLS[base + n]!]!;
      if (s !== s0 && s !== WILD) break;
      n++;
    }
    const p = pays[s0 * 6 + n]!;
    out[0] = s0;
    out[1] = n;
    return p;
  }
  // Leading wilds: the wilds' own run against the first non-wild symbol substituted.
  let w = 1;
  while (w < REELS && g[LINE_CELLS[base + w]!] === WILD) w++;
  const wildPay = pays[WILD * 6 + w]!;
  let symPay = 0;
  let n = w;
  let x = -1;
  if (w < REELS) {
    x = g[LINE_CELLS[base + w]!]!;
    if (x !== SCATTER) {
      n = w + 1;
      while (n < REELS) {
        const s = g[LINE_CELLS[base + n]!]!;
        if (s !== x && s !== WILD) break;
        n++;
      }
      symPay = pays[x * 6 + n]!;
    }
  }
  if (symPay > wildPay) {
    out[0] = x;
    out[1] = n;
    return symPay;
  }
  out[0] = WILD;
  out[1] = w;
  return wildPay;
}

const scratch = new Int32Array(2);

/** Free spins earned by a scatter count, before the per-round cap (table indexed by count). */
const AWARD_BY_COUNT = Int32Array.from({ length: REELS * ROWS + 1 }, (_, count) => {
  let spins = 0;
  for (const a of FREE_SPIN_AWARDS) if (count >= a.scatters) spins = a.spins;
  return spins;
});
const scatterAward = (count: number): number => AWARD_BY_COUNT[count]!;

/** Evaluate the 15-cell grid `g` (symbol indices). Builds LineWin objects only for paying lines. */
function evaluateCells(
  c: CompiledFamily,
  g: ArrayLike<number>,
  bet: number,
  multiplier: number,
): GridEvaluation {
  const lineBet = bet / LINE_COUNT;
  const lineWins: LineWin[] = [];
  let lineTotal = 0;
  for (let line = 0; line < LINE_COUNT; line++) {
    const mult = evaluateLine(g, line, c.pays, scratch);
    if (mult === 0) continue;
    const count = scratch[1]!;
    const amount = lineBet * mult;
    lineTotal += amount;
    const positions: [number, number][] = [];
    for (let reel = 0; reel < count; reel++) positions.push([reel, PAYLINES[line]![reel]!]);
    lineWins.push({ line, symbol: SYMBOL_IDS[scratch[0]!]!, count, multiplier: mult, amount, positions });
  }
  let scatterCount = 0;
  for (let i = 0; i < REELS * ROWS; i++) if (g[i] === SCATTER) scatterCount++;
  const scatterWin = bet * c.pays[SCATTER * 6 + Math.min(scatterCount, REELS)]!;
  return {
    lineWins,
    scatterCount,
    scatterWin,
    freeSpinsAwarded: scatterAward(scatterCount),
    multiplier,
    win: (lineTotal + scatterWin) * multiplier,
  };
}

function assertFamily(family: SlotFamilyId): CompiledFamily {
  if (!(SLOT_FAMILIES as readonly string[]).includes(family)) {
    throw new RangeError(`unknown slot family: ${String(family)}`);
  }
  return compileFamily(family);
}

function assertBet(bet: number): void {
  if (!BET_LEVELS.includes(bet)) throw new RangeError(`bet ${bet} is not one of ${BET_LEVELS.join(', ')}`);
}

/**
 * What a hand-built grid pays (grid[reel][row], symbol ids). Pure; for tests and for re-checking a
 * stored round. `freeSpinsAwarded` here is before the per-round cap.
 */
export function evaluateGrid(
  family: SlotFamilyId,
  grid: readonly (readonly string[])[],
  bet: number,
  multiplier = 1,
): GridEvaluation {
  const c = assertFamily(family);
  assertBet(bet);
  if (!Number.isInteger(multiplier) || multiplier < 1) throw new RangeError(`bad multiplier ${multiplier}`);
  if (grid.length !== REELS || grid.some((col) => col.length !== ROWS)) {
    throw new RangeError(`grid must be ${REELS} reels × ${ROWS} rows`);
  }
  const g = new Uint8Array(REELS * ROWS);
  grid.forEach((col, reel) =>
    col.forEach((id, row) => {
      const s = SYMBOL_INDEX.get(id);
      if (s === undefined) throw new RangeError(`unknown symbol ${id}`);
      g[reel * ROWS + row] = s;
    }),
  );
  return evaluateCells(c, g, bet, multiplier);
}

/** Draw one stop per reel (uniform, reels 1→5) and fill the 15-cell grid `g`. */
function drawStops(c: CompiledFamily, rng: Rng, g: Uint8Array, stops: Int32Array): void {
  for (let reel = 0; reel < REELS; reel++) {
    const strip = c.strips[reel]!;
    const len = strip.length;
    const stop = rng.int(len);
    if (!Number.isInteger(stop) || stop < 0 || stop >= len) throw new RangeError(`rng returned ${stop}`);
    stops[reel] = stop;
    for (let row = 0; row < ROWS; row++) g[reel * ROWS + row] = strip[(stop + row) % len]!;
  }
}

function spin(
  c: CompiledFamily,
  rng: Rng,
  bet: number,
  multiplier: number,
  free: boolean,
  g: Uint8Array,
  stops: Int32Array,
): SpinOutcome {
  drawStops(c, rng, g, stops);
  const ev = evaluateCells(c, g, bet, multiplier);
  const grid: string[][] = [];
  for (let reel = 0; reel < REELS; reel++) {
    const col: string[] = [];
    for (let row = 0; row < ROWS; row++) col.push(SYMBOL_IDS[g[reel * ROWS + row]!]!);
    grid.push(col);
  }
  return {
    grid,
    stops: Array.from(stops),
    lineWins: ev.lineWins,
    scatterCount: ev.scatterCount,
    scatterWin: ev.scatterWin,
    freeSpinsAwarded: ev.freeSpinsAwarded,
    multiplier,
    win: ev.win,
    free,
  };
}

/**
 * Decide a whole round: the base spin and, if it awards any, every free spin (retriggers add spins
 * up to MAX_FREE_SPINS_PER_ROUND in total). Throws on a bet not in BET_LEVELS or an unknown family.
 */
export function playRound(family: SlotFamilyId, bet: number, rng: Rng): RoundOutcome {
  const c = assertFamily(family);
  assertBet(bet);
  const g = new Uint8Array(REELS * ROWS);
  const stops = new Int32Array(REELS);
  const spins: SpinOutcome[] = [];
  let awardedTotal = 0;
  const grant = (earned: number): number => {
    const granted = Math.min(earned, MAX_FREE_SPINS - awardedTotal);
    awardedTotal += granted;
    return granted;
  };
  const first = spin(c, rng, bet, 1, false, g, stops);
  first.freeSpinsAwarded = grant(first.freeSpinsAwarded);
  spins.push(first);
  let totalWin = first.win;
  let remaining = first.freeSpinsAwarded;
  while (remaining > 0) {
    remaining--;
    const s = spin(c, rng, bet, c.def.freeSpinMultiplier, true, g, stops);
    s.freeSpinsAwarded = grant(s.freeSpinsAwarded);
    remaining += s.freeSpinsAwarded;
    totalWin += s.win;
    spins.push(s);
  }
  return { family, bet, spins, totalWin };
}

/** Win of the grid in `g` in line-bet units (line multipliers + 20 × scatter multiplier); scatters to out[0]. */
function cellsLineBets(c: CompiledFamily, g: Uint8Array, out: Int32Array): number {
  let total = 0;
  for (let line = 0; line < LINE_COUNT; line++) total += evaluateLine(g, line, c.pays, scratch);
  let scatters = 0;
  for (let i = 0; i < REELS * ROWS; i++) if (g[i] === SCATTER) scatters++;
  out[0] = scatters;
  return total + LINE_COUNT * c.pays[SCATTER * 6 + Math.min(scatters, REELS)]!;
}

const roundScratch = { g: new Uint8Array(REELS * ROWS), stops: new Int32Array(REELS), sc: new Int32Array(1) };

/**
 * The total win of a round without building any display objects — the simulation path used by the
 * RTP test. It consumes the Rng exactly as playRound does and applies the same rules, so for the same
 * Rng state it returns playRound(...).totalWin (engine.test.ts checks this on many rounds).
 */
export function roundWin(family: SlotFamilyId, bet: number, rng: Rng): number {
  const c = assertFamily(family);
  assertBet(bet);
  const lineBet = bet / LINE_COUNT;
  const mult = c.def.freeSpinMultiplier;
  const g = roundScratch.g;
  const stops = roundScratch.stops;
  const sc = roundScratch.sc;
  drawStops(c, rng, g, stops);
  let units = cellsLineBets(c, g, sc);
  let awardedTotal = Math.min(scatterAward(sc[0]!), MAX_FREE_SPINS);
  let remaining = awardedTotal;
  while (remaining > 0) {
    remaining--;
    drawStops(c, rng, g, stops);
    units += mult * cellsLineBets(c, g, sc);
    const granted = Math.min(scatterAward(sc[0]!), MAX_FREE_SPINS - awardedTotal);
    awardedTotal += granted;
    remaining += granted;
  }
  return units * lineBet;
}

export function paytable(family: SlotFamilyId): PaytableInfo {
  const { def } = assertFamily(family);
  const symbols: PaytableSymbol[] = SYMBOL_IDS.map((id) => {
    const [label, glyph] = def.theme[id] ?? [id, id];
    const p = def.pays[id] ?? [0, 0, 0];
    return {
      id,
      kind: id === 'W' ? 'wild' : id === 'SC' ? 'scatter' : 'normal',
      pays: { '3': p[0] ?? 0, '4': p[1] ?? 0, '5': p[2] ?? 0 },
      label,
      glyph,
    };
  });
  return {
    family,
    name: def.name,
    lines: PAYLINES.map((l) => [...l]),
    symbols,
    freeSpins: FREE_SPIN_AWARDS.map((a) => ({ ...a, multiplier: def.freeSpinMultiplier })),
    maxFreeSpins: MAX_FREE_SPINS,
    betLevels: BET_LEVELS,
    rtp: def.rtp,
    theme: Object.fromEntries(symbols.map((s) => [s.id, s.label])),
  };
}
