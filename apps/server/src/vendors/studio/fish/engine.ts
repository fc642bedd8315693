// The fish game's engine (issue 6): species, bet levels and the catch of one shot. Pure and
// dependency-free: the caller passes an Rng (crypto on the server, a seeded one in tests and the
// bench).
//
// Fairness: a shot that hits a fish whose catch pays m × bet (m the species' mean multiplier)
// catches it with probability p = RTP / m, so every shot returns RTP × bet on average, whatever fish
// it names — the page cannot raise the return by claiming to hit big fish. RTP is 96%; the table
// below is checked when the module loads (each species' p × E[m] in [95%, 97%], p ≤ 1).
import type { Rng } from '../slots/engine.ts';

export { cryptoRng, seededRng, type Rng } from '../slots/engine.ts';

/** The return of a shot, in basis points (9600 = 96%). */
export const FISH_RTP_BP = 9600;
export const FISH_RTP = FISH_RTP_BP / 10_000;
export const FISH_RTP_MIN = 0.95;
export const FISH_RTP_MAX = 0.97;

/** Bet per shot, minor units (1.00 … 50.00 MMK). */
export const FISH_BET_LEVELS: readonly number[] = Object.freeze([100, 200, 500, 1000, 2000, 5000]);

export interface FishSpeciesDef {
  id: string;
  /** The multipliers a catch may pay, drawn uniformly (one for every fish but the boss). */
  multipliers: readonly number[];
  /** Relative spawn weight (how often it swims in). */
  weight: number;
  /** Body length relative to the smallest fish. */
  size: number;
  boss: boolean;
}

const species = (
  id: string,
  multipliers: number[],
  weight: number,
  size: number,
  boss = false,
): FishSpeciesDef => Object.freeze({ id, multipliers: Object.freeze(multipliers), weight, size, boss });

/** From the smallest to the boss. */
export const FISH_SPECIES: readonly FishSpeciesDef[] = Object.freeze([
  species('minnow', [2], 30, 1),
  species('clown', [3], 24, 1.1),
  species('puffer', [5], 18, 1.25),
  species('angel', [8], 14, 1.4),
  species('turtle', [10], 11, 1.7),
  species('lion', [15], 9, 1.8),
  species('ray', [20], 7, 2.2),
  species('shark', [30], 5, 2.8),
  species('whale', [50], 3, 3.4),
  species('dragon', [100], 2, 3.6),
  species('kraken', [200, 225, 250, 275, 300], 1, 4.4, true),
]);

const BY_ID = new Map(FISH_SPECIES.map((s) => [s.id, s]));
export const speciesOf = (id: string): FishSpeciesDef | undefined => BY_ID.get(id);

/** Sum of the species' multipliers (integers, so the catch's odds are exact fractions). */
const sumOf = (s: FishSpeciesDef) => s.multipliers.reduce((a, b) => a + b, 0);

/** The chance a shot at `s` catches it: RTP / mean multiplier (an exact fraction num / den). */
export function catchOdds(s: FishSpeciesDef): { num: number; den: number } {
  // p = (RTP_BP / 10000) / (sum / n) = RTP_BP × n / (10000 × sum)
  return { num: FISH_RTP_BP * s.multipliers.length, den: 10_000 * sumOf(s) };
}
export const catchProbability = (s: FishSpeciesDef) => {
  const o = catchOdds(s);
  return o.num / o.den;
};
/** What one shot at `s` returns on average, × bet (= RTP by construction). */
export const expectedReturn = (s: FishSpeciesDef) => (catchProbability(s) * sumOf(s)) / s.multipliers.length;

// The table's bounds, checked once: a mistake in it stops the server from starting.
for (const s of FISH_SPECIES) {
  const p = catchProbability(s);
  const r = expectedReturn(s);
  if (!(p > 0 && p <= 1) || r < FISH_RTP_MIN || r > FISH_RTP_MAX || s.multipliers.some((m) => m < 2))
    throw new Error(`fish species ${s.id} out of bounds: p=${p} return=${r}`);
}

export interface ShotInput {
  fishId: number;
  species: string;
  bet: number;
}
export interface ShotOutcome {
  fishId: number;
  species: string;
  /** What the catch pays (× bet); for a miss, the species' mean multiplier shown on the fish. */
  multiplier: number;
  bet: number;
  caught: boolean;
  win: number;
}
export interface FishRoundOutcome {
  shots: ShotOutcome[];
  bet: number;
  win: number;
}

/** Why a shot is refused before anything is decided. */
export type ShotProblem = 'bet' | 'species';

export function shotProblem(s: ShotInput): ShotProblem | null {
  if (!FISH_BET_LEVELS.includes(s.bet)) return 'bet';
  if (!BY_ID.has(s.species)) return 'species';
  return null;
}

/** One shot (the input must have passed shotProblem). */
export function decideShot(s: ShotInput, rng: Rng): ShotOutcome {
  const def = BY_ID.get(s.species);
  if (!def) throw new RangeError(`unknown fish species ${s.species}`);
  const { num, den } = catchOdds(def);
  const caught = rng.int(den) < num;
  const multiplier = caught
    ? def.multipliers[def.multipliers.length === 1 ? 0 : rng.int(def.multipliers.length)]!
    : Math.round(sumOf(def) / def.multipliers.length);
  return {
    fishId: s.fishId,
    species: def.id,
    multiplier,
    bet: s.bet,
    caught,
    win: caught ? s.bet * multiplier : 0,
  };
}

/** A round of shots, decided in order. */
export function playFishRound(shots: readonly ShotInput[], rng: Rng): FishRoundOutcome {
  const out = shots.map((s) => decideShot(s, rng));
  return {
    shots: out,
    bet: out.reduce((a, s) => a + s.bet, 0),
    win: out.reduce((a, s) => a + s.win, 0),
  };
}

/** A species drawn by spawn weight (the simulation's "realistic player", who shoots what swims). */
export function spawnSpecies(rng: Rng): FishSpeciesDef {
  const total = FISH_SPECIES.reduce((a, s) => a + s.weight, 0);
  let x = rng.int(total);
  for (const s of FISH_SPECIES) {
    if (x < s.weight) return s;
    x -= s.weight;
  }
  return FISH_SPECIES[0]!;
}

export interface RtpReport {
  shots: number;
  bet: number;
  win: number;
  rtp: number;
  /** Standard error of the RTP estimate (from the sample's variance of win/bet per shot). */
  stdErr: number;
  caught: number;
}

/**
 * Simulates `shots` shots of bet 100 with `aim` choosing the species of each (default: what swims,
 * by spawn weight). Used by the RTP test and `npm run bench:fish`.
 */
export function simulateShots(
  shots: number,
  rng: Rng,
  aim: (rng: Rng) => FishSpeciesDef = spawnSpecies,
): RtpReport {
  const bet = 100;
  let win = 0;
  let sumSq = 0;
  let caught = 0;
  const input: ShotInput = { fishId: 0, species: '', bet };
  for (let i = 0; i < shots; i++) {
    input.species = aim(rng).id;
    const o = decideShot(input, rng);
    if (o.caught) {
      caught++;
      win += o.win;
      const r = o.win / bet;
      sumSq += r * r;
    }
  }
  const rtp = win / (bet * shots);
  const variance = sumSq / shots - rtp * rtp;
  return { shots, bet: bet * shots, win, rtp, stdErr: Math.sqrt(variance / shots), caught };
}
