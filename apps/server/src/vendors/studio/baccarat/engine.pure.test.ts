import { describe, expect, it } from 'vitest';
import { seededRng } from '../slots/engine.ts';
import {
  bankerDraws,
  cardValue,
  dealFrom,
  drawFromShoe,
  handTotal,
  spotPayout,
  type Card,
} from './engine.ts';
import { simulate } from './sim.ts';

/**
 * The standard punto banco tableau: the banker's two-card total (rows 0–7) against the player's
 * third card (columns 0–9, then "-" when the player stood). D draws, S stands.
 */
const TABLEAU: Record<number, string> = {
  //  0123456789-
  0: 'DDDDDDDDDDD',
  1: 'DDDDDDDDDDD',
  2: 'DDDDDDDDDDD',
  3: 'DDDDDDDDSDD',
  4: 'SSDDDDDDSSD',
  5: 'SSSSDDDDSSD',
  6: 'SSSSSSDDSSS',
  7: 'SSSSSSSSSSS',
};

/** A card of a value (0 → a ten), of a suit. */
const c = (v: number, suit = 'S'): Card => `${v === 0 ? 'T' : v === 1 ? 'A' : String(v)}${suit}`;

describe('baccarat engine', () => {
  it('card values: A = 1, 2–9 face value, T J Q K = 0; totals modulo 10', () => {
    expect(['AS', '2H', '9D', 'TC', 'JS', 'QH', 'KD'].map(cardValue)).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(handTotal(['9S', '8H'])).toBe(7);
    expect(handTotal(['KS', 'QH', '5D'])).toBe(5);
  });

  it.each(Object.entries(TABLEAU))('the banker with %s follows the tableau', (total, row) => {
    for (let col = 0; col < 11; col++) {
      const third = col === 10 ? null : col;
      expect(bankerDraws(Number(total), third), `banker ${total}, player third ${third ?? '-'}`).toBe(
        row[col] === 'D',
      );
    }
  });

  it('dealing: naturals stand, the player draws on 0–5 and stands on 6–7, the banker follows the tableau', () => {
    // Player natural 9 against banker 7: nobody draws.
    let d = dealFrom([c(4), c(3), c(5), c(4), c(9), c(9)]);
    expect(d).toMatchObject({
      playerTotal: 9,
      bankerTotal: 7,
      winner: 'player',
      order: ['P', 'B', 'P', 'B'],
    });
    // Banker natural 8 against player 5: nobody draws.
    d = dealFrom([c(2), c(4), c(3), c(4), c(9), c(9)]);
    expect(d).toMatchObject({ playerTotal: 5, bankerTotal: 8, winner: 'banker' });
    expect(d.playerCards).toHaveLength(2);
    // Player 6 stands, banker 5 draws (a 3 → 8).
    d = dealFrom([c(3), c(2), c(3), c(3), c(3), c(9)]);
    expect(d).toMatchObject({
      playerTotal: 6,
      bankerTotal: 8,
      winner: 'banker',
      order: ['P', 'B', 'P', 'B', 'B'],
    });
    // Player 7, banker 6: both stand.
    d = dealFrom([c(3), c(3), c(4), c(3), c(1), c(1)]);
    expect(d).toMatchObject({
      playerTotal: 7,
      bankerTotal: 6,
      winner: 'player',
      order: ['P', 'B', 'P', 'B'],
    });
    // Player 0 draws a 4 (→ 4); banker 5 draws on a 4 (a 2 → 7).
    d = dealFrom([c(0), c(2), c(0), c(3), c(4), c(2)]);
    expect(d).toMatchObject({
      playerTotal: 4,
      bankerTotal: 7,
      winner: 'banker',
      order: ['P', 'B', 'P', 'B', 'P', 'B'],
    });
    // Player draws an 8; banker 3 stands on it: a tie at 3? player 5+8=13→3, banker 3.
    d = dealFrom([c(2), c(1), c(3), c(2), c(8), c(5)]);
    expect(d).toMatchObject({
      playerTotal: 3,
      bankerTotal: 3,
      winner: 'tie',
      order: ['P', 'B', 'P', 'B', 'P'],
    });
    // Pairs are by rank of the first two cards.
    d = dealFrom(['KS', 'QH', 'KD', 'QC', '2S', '2H']);
    expect(d.pairs).toEqual({ player: true, banker: true });
    d = dealFrom(['KS', 'QH', 'JD', 'QC', '2S', '2H']);
    expect(d.pairs).toEqual({ player: false, banker: true });
  });

  it('payouts: player 1:1, banker 0.95:1, tie 8:1, pairs 11:1; player and banker push on a tie', () => {
    const r = (winner: 'player' | 'banker' | 'tie', player = false, banker = false) => ({
      winner,
      pairs: { player, banker },
    });
    expect(spotPayout('player', 1000, r('player'))).toBe(2000);
    expect(spotPayout('player', 1000, r('banker'))).toBe(0);
    expect(spotPayout('player', 1000, r('tie'))).toBe(1000);
    expect(spotPayout('banker', 1000, r('banker'))).toBe(1950);
    expect(spotPayout('banker', 1001, r('banker'))).toBe(1001 + 950);
    expect(spotPayout('banker', 1000, r('player'))).toBe(0);
    expect(spotPayout('banker', 1000, r('tie'))).toBe(1000);
    expect(spotPayout('tie', 1000, r('tie'))).toBe(9000);
    expect(spotPayout('tie', 1000, r('player'))).toBe(0);
    expect(spotPayout('playerPair', 1000, r('banker', true))).toBe(12000);
    expect(spotPayout('bankerPair', 1000, r('banker', true))).toBe(0);
    expect(spotPayout('bankerPair', 1000, r('player', false, true))).toBe(12000);
  });

  it('the shoe: eight decks, draws without replacement, every card equally likely', () => {
    const rng = seededRng(7);
    const counts = new Map<string, number>();
    const n = 52_000;
    for (let i = 0; i < n / 4; i++) {
      const cards = drawFromShoe(rng, 4);
      for (const x of cards) counts.set(x, (counts.get(x) ?? 0) + 1);
    }
    expect(counts.size).toBe(52);
    // Each card ≈ 1000 times (σ ≈ 31).
    for (const v of counts.values()) expect(Math.abs(v - 1000)).toBeLessThan(160);
    // 416 draws of one shoe: each of the 52 cards exactly 8 times.
    const all = drawFromShoe(seededRng(3), 416);
    const per = new Map<string, number>();
    for (const x of all) per.set(x, (per.get(x) ?? 0) + 1);
    expect([...per.values()].every((v) => v === 8)).toBe(true);
  });

  it('exact 8-deck probabilities (every ordered 6-card value sequence): banker 45.86%, player 44.62%, tie 9.52%', () => {
    // Value counts of an 8-deck shoe: 128 tens and faces (0), 32 of each of 1–9.
    const count = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
    const p = { banker: 0, player: 0, tie: 0 };
    const seq: number[] = [];
    const walk = (depth: number, weight: number, left: number) => {
      if (depth === 6) {
        p[dealFrom(seq.map((v) => c(v))).winner] += weight;
        return;
      }
      for (let v = 0; v < 10; v++) {
        if (count[v] === 0) continue;
        const w = weight * (count[v]! / left);
        count[v]!--;
        seq.push(v);
        walk(depth + 1, w, left - 1);
        seq.pop();
        count[v]!++;
      }
    };
    walk(0, 1, 416);
    expect(p.banker).toBeCloseTo(0.458597, 5);
    expect(p.player).toBeCloseTo(0.446247, 5);
    expect(p.tie).toBeCloseTo(0.095156, 5);
    // House edges from the exact figures.
    expect(1 - (2 * p.player + p.tie)).toBeCloseTo(0.012351, 5);
    expect(1 - (1.95 * p.banker + p.tie)).toBeCloseTo(0.010579, 5);
    expect(1 - 9 * p.tie).toBeCloseTo(0.143596, 5);
  });

  it('10⁵ simulated rounds: frequencies and house edges within 4σ of the standard figures', () => {
    const n = 100_000;
    const s = simulate(n, seededRng(20261124));
    const within = (got: number, want: number, sd: number) =>
      expect(Math.abs(got - want), `${got} vs ${want} (4σ = ${4 * sd})`).toBeLessThan(4 * sd);
    const sdShare = (p: number) => Math.sqrt((p * (1 - p)) / n);
    within(s.frequency.banker, 0.458597, sdShare(0.458597));
    within(s.frequency.player, 0.446247, sdShare(0.446247));
    within(s.frequency.tie, 0.095156, sdShare(0.095156));
    // Per-unit return standard deviations: player ≈ 0.95, banker ≈ 0.93, tie ≈ 2.64, pairs ≈ 3.3.
    within(s.edge.player, 0.012351, 0.95 / Math.sqrt(n));
    within(s.edge.banker, 0.010579, 0.93 / Math.sqrt(n));
    within(s.edge.tie, 0.143596, 2.64 / Math.sqrt(n));
    within(s.edge.playerPair, 0.103614, 3.3 / Math.sqrt(n));
    within(s.edge.bankerPair, 0.103614, 3.3 / Math.sqrt(n));
  });
});
