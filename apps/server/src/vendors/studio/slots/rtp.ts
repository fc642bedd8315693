// Exact return to player of a slot family, from its reel strips and paytable — no sampling.
//
// - Line wins: stops are uniform and independent per reel, so the symbol a payline shows on reel r is
//   distributed as the strip's symbol frequencies, independently across reels, whatever the row. The
//   expected pay of one line is then a sum over the 11^5 symbol tuples (evaluated by the engine's
//   own evaluateLine), and the 20 lines together return exactly that many line bets = that × bet.
// - Scatters: each reel's visible-scatter count is enumerated over its stops and convolved.
// - Free spins: every free spin is an independent draw on the same strips, so by Wald's identity the
//   feature returns E[number of free spins] × multiplier × E[one spin]; E[number] follows from a small
//   recursion over (spins left, spins awarded) with the per-round cap.
import { FREE_SPIN_AWARDS, MAX_FREE_SPINS, SYMBOL_IDS } from './families.ts';
import { REELS, ROWS, SCATTER, compileFamily, evaluateLine, type SlotFamilyId } from './engine.ts';

export interface RtpBreakdown {
  family: SlotFamilyId;
  /** Expected line wins of one spin, as a fraction of the bet. */
  lineRtp: number;
  /** Expected scatter pay of one spin, as a fraction of the bet. */
  scatterRtp: number;
  /** Probability that the base spin triggers free spins. */
  triggerProbability: number;
  /** Expected free spins per round (0 when not triggered). */
  meanFreeSpins: number;
  /** Base-game part of the RTP (lineRtp + scatterRtp). */
  baseRtp: number;
  /** Free-spin part of the RTP. */
  freeRtp: number;
  /** Total RTP of a round. */
  rtp: number;
  /** Probability that some payline pays (per line, averaged): a rough hit-rate figure. */
  lineHitRate: number;
}

export function theoreticalRtp(family: SlotFamilyId): RtpBreakdown {
  const c = compileFamily(family);
  const nsym = SYMBOL_IDS.length;
  // Symbol frequencies per reel.
  const freq = c.strips.map((strip) => {
    const f = new Float64Array(nsym);
    for (const s of strip) f[s]! += 1 / strip.length;
    return f;
  });
  // Line: enumerate symbol tuples on line 0 (middle row) of a scratch grid.
  const g = new Uint8Array(REELS * ROWS);
  const out = new Int32Array(2);
  let lineMean = 0;
  let lineHit = 0;
  const walk = (reel: number, p: number): void => {
    if (reel === REELS) {
      const m = evaluateLine(g, 0, c.pays, out);
      lineMean += p * m;
      if (m > 0) lineHit += p;
      return;
    }
    const f = freq[reel]!;
    for (let s = 0; s < nsym; s++) {
      const q = f[s]!;
      if (q === 0) continue;
      g[reel * ROWS + 1] = s;
      walk(reel + 1, p * q);
    }
  };
  walk(0, 1);
  // Scatters: distribution of the visible count.
  let dist = [1];
  for (const strip of c.strips) {
    const per = [0, 0, 0, 0];
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === SCATTER) k++;
      per[k]! += 1 / strip.length;
    }
    const next = new Array<number>(dist.length + ROWS).fill(0);
    dist.forEach((a, i) => per.forEach((b, k) => (next[i + k]! += a * b)));
    dist = next;
  }
  const award = (k: number): number => {
    let spins = 0;
    for (const a of FREE_SPIN_AWARDS) if (k >= a.scatters) spins = a.spins;
    return spins;
  };
  let scatterRtp = 0;
  const awardProb = new Map<number, number>();
  dist.forEach((p, k) => {
    scatterRtp += p * c.pays[SCATTER * 6 + Math.min(k, REELS)]!;
    const a = award(k);
    if (a > 0) awardProb.set(a, (awardProb.get(a) ?? 0) + p);
  });
  // E[final awarded total | left spins to play, total awarded so far].
  const memo = new Map<number, number>();
  const expectedTotal = (left: number, total: number): number => {
    if (left === 0) return total;
    const key = left * 1000 + total;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let e = 0;
    let pNone = 1;
    for (const [a, p] of awardProb) {
      const granted = Math.min(a, MAX_FREE_SPINS - total);
      e += p * expectedTotal(left - 1 + granted, total + granted);
      pNone -= p;
    }
    e += pNone * expectedTotal(left - 1, total);
    memo.set(key, e);
    return e;
  };
  let meanFreeSpins = 0;
  let triggerProbability = 0;
  for (const [a, p] of awardProb) {
    const first = Math.min(a, MAX_FREE_SPINS);
    meanFreeSpins += p * expectedTotal(first, first);
    triggerProbability += p;
  }
  const lineRtp = lineMean; // 20 lines × lineBet × mean = bet × mean
  const baseRtp = lineRtp + scatterRtp;
  const freeRtp = meanFreeSpins * c.def.freeSpinMultiplier * baseRtp;
  return {
    family,
    lineRtp,
    scatterRtp,
    triggerProbability,
    meanFreeSpins,
    baseRtp,
    freeRtp,
    rtp: baseRtp + freeRtp,
    lineHitRate: lineHit,
  };
}
