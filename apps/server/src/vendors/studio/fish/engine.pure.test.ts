import { describe, expect, it } from 'vitest';
import {
  catchOdds,
  catchProbability,
  decideShot,
  expectedReturn,
  FISH_BET_LEVELS,
  FISH_RTP,
  FISH_RTP_MAX,
  FISH_RTP_MIN,
  FISH_SPECIES,
  playFishRound,
  seededRng,
  shotProblem,
  simulateShots,
  speciesOf,
} from './engine.ts';

describe('fish engine: the table', () => {
  it('every species returns exactly the RTP per shot (p × mean multiplier), p in (0, 1]', () => {
    for (const s of FISH_SPECIES) {
      const { num, den } = catchOdds(s);
      expect(Number.isInteger(num) && Number.isInteger(den)).toBe(true);
      // p × Σm / n = RTP exactly, in integers: num × Σm = RTP_BP/10000 × den × n
      const sum = s.multipliers.reduce((a, b) => a + b, 0);
      expect(num * sum * 10_000).toBe(FISH_RTP * 10_000 * den * s.multipliers.length);
      expect(catchProbability(s)).toBeGreaterThan(0);
      expect(catchProbability(s)).toBeLessThanOrEqual(1);
      expect(expectedReturn(s)).toBeGreaterThanOrEqual(FISH_RTP_MIN);
      expect(expectedReturn(s)).toBeLessThanOrEqual(FISH_RTP_MAX);
    }
    expect(FISH_SPECIES.map((s) => s.multipliers[0])).toEqual([2, 3, 5, 8, 10, 15, 20, 30, 50, 100, 200]);
    expect(speciesOf('kraken')!.multipliers).toEqual([200, 225, 250, 275, 300]);
  });

  it('refuses a bet that is not a level and a species it does not know', () => {
    expect(FISH_BET_LEVELS).toEqual([100, 200, 500, 1000, 2000, 5000]);
    expect(shotProblem({ fishId: 1, species: 'minnow', bet: 100 })).toBeNull();
    expect(shotProblem({ fishId: 1, species: 'minnow', bet: 150 })).toBe('bet');
    expect(shotProblem({ fishId: 1, species: 'goldfish', bet: 100 })).toBe('species');
    expect(() => decideShot({ fishId: 1, species: 'goldfish', bet: 100 }, seededRng(1))).toThrow();
  });

  it('a caught shot pays bet × multiplier, a miss pays 0; a round adds its shots up', () => {
    const r = playFishRound(
      Array.from({ length: 200 }, (_, i) => ({ fishId: i, species: 'minnow', bet: 500 })),
      seededRng(3),
    );
    expect(r.bet).toBe(100_000);
    for (const s of r.shots) expect(s.win).toBe(s.caught ? 1_000 : 0);
    expect(r.win).toBe(r.shots.reduce((a, s) => a + s.win, 0));
    expect(r.shots.some((s) => s.caught) && r.shots.some((s) => !s.caught)).toBe(true);
  });
});

describe('fish engine: simulated', () => {
  it('10⁵ shots at what swims: the RTP is within 4 standard errors of 96%', () => {
    const r = simulateShots(100_000, seededRng(2026));
    expect(Math.abs(r.rtp - FISH_RTP)).toBeLessThan(4 * r.stdErr);
  });

  it('4 × 10⁶ shots at what swims: RTP in [95%, 97%] (standard error ≈ 0.16%)', () => {
    const r = simulateShots(4_000_000, seededRng(61));
    expect(r.stdErr).toBeLessThan(0.002);
    expect(r.rtp).toBeGreaterThanOrEqual(FISH_RTP_MIN);
    expect(r.rtp).toBeLessThanOrEqual(FISH_RTP_MAX);
  });

  it('aiming only at big fish does not raise it: 10⁵ shots at each species, catch rate = RTP / m', () => {
    const rng = seededRng(99);
    const n = 100_000;
    for (const s of FISH_SPECIES) {
      const r = simulateShots(n, rng, () => s);
      const p = catchProbability(s);
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(r.caught / n - p)).toBeLessThan(4 * se);
      // The return of aiming at this species only, within 4 SE of the RTP.
      expect(Math.abs(r.rtp - FISH_RTP)).toBeLessThan(4 * r.stdErr + 1e-9);
    }
  });

  it('the boss pays each of its multipliers about equally often', () => {
    const kraken = speciesOf('kraken')!;
    const rng = seededRng(5);
    const seen = new Map<number, number>();
    let caught = 0;
    for (let i = 0; i < 2_000_000 && caught < 2_000; i++) {
      const o = decideShot({ fishId: i, species: 'kraken', bet: 100 }, rng);
      if (!o.caught) continue;
      caught++;
      seen.set(o.multiplier, (seen.get(o.multiplier) ?? 0) + 1);
    }
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual([...kraken.multipliers]);
    for (const k of seen.values()) expect(Math.abs(k - 400)).toBeLessThan(4 * Math.sqrt(2_000 * 0.2 * 0.8));
  });
});
