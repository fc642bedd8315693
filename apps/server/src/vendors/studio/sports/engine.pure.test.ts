import { describe, expect, it } from 'vitest';
import {
  combinedOdds,
  linesOf,
  newModel,
  parseResult,
  potentialReturn,
  priceMarkets,
  seededRng,
  settleMarket,
  simulateResult,
  slipPayout,
  SPORT_IDS,
  SPORTS,
  type Model,
} from './engine.ts';

describe('settling markets', () => {
  it('1X2 against the score', () => {
    expect(settleMarket('1x2', null, { home: 2, away: 1 })).toEqual({
      home: 'won',
      draw: 'lost',
      away: 'lost',
    });
    expect(settleMarket('1x2', null, { home: 1, away: 1 })).toEqual({
      home: 'lost',
      draw: 'won',
      away: 'lost',
    });
    expect(settleMarket('1x2', null, { home: 0, away: 3 })).toEqual({
      home: 'lost',
      draw: 'lost',
      away: 'won',
    });
  });

  it('handicap: half lines never push, whole lines push on the line', () => {
    // Home -1.5
    expect(settleMarket('handicap', -150, { home: 2, away: 0 })).toEqual({ home: 'won', away: 'lost' });
    expect(settleMarket('handicap', -150, { home: 2, away: 1 })).toEqual({ home: 'lost', away: 'won' });
    // Home +0.5
    expect(settleMarket('handicap', 50, { home: 1, away: 1 })).toEqual({ home: 'won', away: 'lost' });
    // Home -1: a one-goal win pushes, two wins, a draw loses
    expect(settleMarket('handicap', -100, { home: 2, away: 1 })).toEqual({ home: 'push', away: 'push' });
    expect(settleMarket('handicap', -100, { home: 3, away: 1 })).toEqual({ home: 'won', away: 'lost' });
    expect(settleMarket('handicap', -100, { home: 1, away: 1 })).toEqual({ home: 'lost', away: 'won' });
    // Level (0): a draw pushes
    expect(settleMarket('handicap', 0, { home: 0, away: 0 })).toEqual({ home: 'push', away: 'push' });
    // Away +2 (home -2) in basketball points
    expect(settleMarket('handicap', -450, { home: 101, away: 96 })).toEqual({ home: 'won', away: 'lost' });
  });

  it('over/under: half lines never push, whole lines push on the total', () => {
    expect(settleMarket('total', 250, { home: 2, away: 1 })).toEqual({ over: 'won', under: 'lost' });
    expect(settleMarket('total', 250, { home: 1, away: 1 })).toEqual({ over: 'lost', under: 'won' });
    expect(settleMarket('total', 300, { home: 2, away: 1 })).toEqual({ over: 'push', under: 'push' });
    expect(settleMarket('total', 300, { home: 3, away: 1 })).toEqual({ over: 'won', under: 'lost' });
    expect(settleMarket('total', 20050, { home: 100, away: 101 })).toEqual({ over: 'won', under: 'lost' });
  });
});

describe('slip payouts (exact, rounded down to the minor unit)', () => {
  it('a single pays stake × odds', () => {
    expect(slipPayout(1000, [{ odds: 1950, outcome: 'won' }])).toEqual({ payout: 1950, allVoid: false });
    expect(slipPayout(333, [{ odds: 1950, outcome: 'won' }])).toEqual({ payout: 649, allVoid: false }); // 649.35
    expect(slipPayout(1000, [{ odds: 1950, outcome: 'lost' }])).toEqual({ payout: 0, allVoid: false });
    expect(slipPayout(1000, [{ odds: 1950, outcome: 'push' }])).toEqual({ payout: 1000, allVoid: false });
    expect(slipPayout(1000, [{ odds: 1950, outcome: 'void' }])).toEqual({ payout: 1000, allVoid: true });
  });

  it('a parlay multiplies; push and void legs count 1.000; one lost leg loses it', () => {
    const legs = [
      { odds: 1910, outcome: 'won' as const },
      { odds: 2370, outcome: 'won' as const },
      { odds: 3150, outcome: 'push' as const },
    ];
    // 777 × 1.91 × 2.37 = 3517.3239 → 3517
    expect(slipPayout(777, legs).payout).toBe(3517);
    expect(slipPayout(777, [...legs, { odds: 1500, outcome: 'void' }]).payout).toBe(3517);
    expect(slipPayout(777, [...legs, { odds: 1500, outcome: 'lost' }]).payout).toBe(0);
    // Ten legs at 1.999 on the maximum stake stays exact (BigInt).
    const ten = Array.from({ length: 10 }, () => 1999);
    expect(potentialReturn(5_000_000, ten)).toBe(Number((5_000_000n * 1999n ** 10n) / 1000n ** 10n));
    expect(combinedOdds([1910, 2370])).toBe(4526);
  });
});

describe('pricing', () => {
  it('every sport prices three markets with a 5% margin (within rounding) and odds above 1.01', () => {
    const rng = seededRng(7);
    for (const sport of SPORT_IDS) {
      for (let i = 0; i < 20; i++) {
        const m = newModel(SPORTS[sport].score, rng);
        const markets = priceMarkets(m, sport);
        expect(markets.map((x) => x.kind)).toEqual(['1x2', 'handicap', 'total']);
        expect(markets[0]!.selections.length).toBe(SPORTS[sport].draw ? 3 : 2);
        for (const mk of markets) {
          for (const s of mk.selections) expect(s.odds).toBeGreaterThanOrEqual(1010);
          const overround = mk.selections.reduce((a, s) => a + 1000 / s.odds, 0);
          // Push-adjusted markets only move it down a little; capped long shots can lower it too.
          expect(overround).toBeGreaterThan(0.95);
          expect(overround).toBeLessThan(1.2);
        }
      }
    }
  });

  it('the football handicap and total lines follow the model', () => {
    const m: Model = { score: 'goals', home: 2.1, away: 0.7 };
    expect(linesOf(m)).toEqual({ handicap: -150, total: 300 });
  });

  it('simulated results match the model (football home wins ≈ P(home) over 20,000 draws)', () => {
    const rng = seededRng(11);
    const m: Model = { score: 'goals', home: 1.6, away: 1.1 };
    const [x12] = priceMarkets(m, 'football');
    const fair = 1000 / x12!.selections[0]!.odds / 1.05;
    let home = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const s = simulateResult(m, rng);
      if (s.home > s.away) home++;
    }
    // Odds are floored to 0.01, so the fair probability from them is within about 1%.
    expect(Math.abs(home / n - fair)).toBeLessThan(0.02);
  });

  it('best-of-three and basketball results are never ties', () => {
    const rng = seededRng(3);
    for (let i = 0; i < 2000; i++) {
      const t = simulateResult({ score: 'bo3', p: 0.6 }, rng);
      expect(Math.max(t.home, t.away)).toBe(2);
      expect(Math.min(t.home, t.away)).toBeLessThan(2);
      const b = simulateResult({ score: 'points', home: 104, away: 101, sd: 11 }, rng);
      expect(b.home).not.toBe(b.away);
    }
  });
});

describe('parseResult', () => {
  it('reads scores per sport, and void', () => {
    expect(parseResult('football', '2-1')).toEqual({ home: 2, away: 1 });
    expect(parseResult('football', '0-0')).toEqual({ home: 0, away: 0 });
    expect(parseResult('basketball', '98-95')).toEqual({ home: 98, away: 95 });
    expect(parseResult('basketball', '98-98')).toBeNull();
    expect(parseResult('tennis', '2-1')).toEqual({ home: 2, away: 1 });
    expect(parseResult('tennis', '3-1')).toBeNull();
    expect(parseResult('cs2', '1-1')).toBeNull();
    expect(parseResult('lol', 'VOID')).toBe('void');
    expect(parseResult('football', 'x')).toBeNull();
  });
});
