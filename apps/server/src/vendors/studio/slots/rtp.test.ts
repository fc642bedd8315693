// RTP of every slot family (issue 5: "RTP measured by a simulation of ≥ 10⁶ spins in a test: 95–97%").
// Two independent measures must agree: the exact figure from rtp.ts (enumeration, no sampling) and a
// seeded simulation of 3,000,000 rounds per family (18M rounds, about 20M spins with free spins) through
// roundWin(), which engine.test.ts proves returns playRound(...).totalWin for the same draws.
import { afterAll, describe, expect, it } from 'vitest';
import { SLOT_FAMILIES, roundWin, seededRng } from './engine.ts';
import { FAMILY_DEFS } from './families.ts';
import { theoreticalRtp } from './rtp.ts';

const ROUNDS = 3_000_000;
const BET = 2000;
const rows: string[] = [];

describe('slot RTP', () => {
  SLOT_FAMILIES.forEach((family, i) => {
    it(`${family}: exact and simulated RTP within 95–97%`, () => {
      const exact = theoreticalRtp(family);
      expect(exact.rtp).toBeGreaterThanOrEqual(0.95);
      expect(exact.rtp).toBeLessThanOrEqual(0.97);
      // The published figure (families.ts, paytable().rtp) is the exact one.
      expect(Math.abs(exact.rtp - FAMILY_DEFS[family].rtp)).toBeLessThan(1e-6);

      const rng = seededRng(0x5107 + i);
      let sum = 0;
      let sumSq = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const x = roundWin(family, BET, rng) / BET;
        sum += x;
        sumSq += x * x;
      }
      const rtp = sum / ROUNDS;
      const sd = Math.sqrt(sumSq / ROUNDS - rtp * rtp);
      const se = sd / Math.sqrt(ROUNDS);
      rows.push(
        `${family.padEnd(8)} exact ${(exact.rtp * 100).toFixed(3)}%  simulated ${(rtp * 100).toFixed(3)}% ` +
          `± ${(se * 100).toFixed(3)} (1 s.e.)  sd/round ${sd.toFixed(2)} bets  ` +
          `free-spin trigger 1 in ${(1 / exact.triggerProbability).toFixed(0)}`,
      );
      expect(rtp).toBeGreaterThanOrEqual(0.95);
      expect(rtp).toBeLessThanOrEqual(0.97);
      // The simulation and the exact figure agree within 4 standard errors.
      expect(Math.abs(rtp - exact.rtp)).toBeLessThan(4 * se);
    });
  });

  afterAll(() => {
    console.log(`slot RTP, ${ROUNDS.toLocaleString('en')} rounds per family:\n${rows.join('\n')}`);
  });
});
