import { describe, expect, it } from 'vitest';
import { seededRng } from '../slots/engine.ts';
import {
  cardCode,
  compareHands,
  DEFAULT_RAKE_BPS,
  gameOfCode,
  niuCategory,
  parseCard,
  playHand,
  shuffledDeck,
  teenCategory,
  type PvpGame,
} from './engine.ts';
import { simulate } from './simulate.ts';

const cards = (s: string) => s.split(' ').map(parseCard);

describe('cards', () => {
  it('codes every card once and parses it back', () => {
    const codes = Array.from({ length: 52 }, (_, c) => cardCode(c));
    expect(new Set(codes).size).toBe(52);
    expect(codes.map(parseCard)).toEqual(Array.from({ length: 52 }, (_, c) => c));
    expect(() => parseCard('1S')).toThrow();
  });

  it('a shuffle is a permutation of the deck', () => {
    const d = shuffledDeck(seededRng(7));
    expect([...d].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, c) => c));
  });
});

describe('Niu-Niu ranking', () => {
  it('agrees with the rule written out (every 3 + 2 split) on 20,000 random hands', () => {
    const rng = seededRng(5);
    for (let i = 0; i < 20_000; i++) {
      const h = shuffledDeck(rng).slice(0, 5);
      expect(niuCategory(h)).toBe(bruteNiu(h));
    }
  });

  it('the table of categories', () => {
    const table: [string, number][] = [
      ['KS QH JD 5C 2H', 7],
      ['TS 5H 5D 3C 7H', 10],
      ['AS AH 2D 3C 2H', 12],
      ['JS QH KD JC QD', 11],
      ['2S 3H 4D 7C 8H', 0],
      ['KS QH 2D 8C 9H', 9],
      ['7S 3H KD 4C 2H', 6],
      ['5S 5H KD AC 9H', 10],
      ['TS JH QD KC 5H', 5],
    ];
    for (const [hand, cat] of table) expect([hand, niuCategory(cards(hand))]).toEqual([hand, cat]);
  });

  it('a higher category wins; the same category goes to the highest card (rank, then suit)', () => {
    expect(compareHands('niuniu', cards('TS 5H 5D 3C 7H'), cards('KS QH 2D 8C 9H'))).toBeGreaterThan(0);
    // Both bull 9: the king of spades beats the king of hearts.
    expect(compareHands('niuniu', cards('KS QH 2D 8C 9H'), cards('KH QD 2C 8D 9S'))).toBeGreaterThan(0);
    expect(compareHands('niuniu', cards('AS AH 2D 3C 2H'), cards('JS QH KD JC QD'))).toBeGreaterThan(0);
  });
});

/** Every split of 5 into 3 + 2 (the rule as written), for the table's check. */
function bruteNiu(h: number[]): number {
  const p = h.map((c) => Math.min(Math.floor(c / 4) + 1, 10));
  const r = h.map((c) => Math.floor(c / 4) + 1);
  if (r.every((x) => x < 5) && p.reduce((s, x) => s + x, 0) <= 10) return 12;
  if (r.every((x) => x > 10)) return 11;
  let best = 0;
  for (let a = 0; a < 5; a++)
    for (let b = a + 1; b < 5; b++)
      for (let c = b + 1; c < 5; c++) {
        if ((p[a]! + p[b]! + p[c]!) % 10) continue;
        const rest = p.reduce((s, x) => s + x, 0) - p[a]! - p[b]! - p[c]!;
        best = Math.max(best, rest % 10 === 0 ? 10 : rest % 10);
      }
  return best;
}

describe('Teen Patti ranking', () => {
  it.each([
    ['AS AH AD', 5],
    ['QH KH AH', 4],
    ['AH 2H 3H', 4],
    ['4S 5H 6D', 3],
    ['AS KD QC', 3],
    ['2H 9H KH', 2],
    ['9S 9D 4C', 1],
    ['2S 7D KC', 0],
    ['AS 2D 4C', 0],
  ] as const)('%s → %i', (hand, cat) => {
    expect(teenCategory(cards(hand))).toBe(cat);
  });

  it('orders hands within a category', () => {
    const wins = (a: string, b: string) => compareHands('teenpatti', cards(a), cards(b)) > 0;
    expect(wins('AS KD QC', 'AH 2D 3C')).toBe(true); // A-K-Q is the top sequence
    expect(wins('AH 2D 3C', 'KS QD JC')).toBe(true); // A-2-3 next
    expect(wins('9S 9D 4C', '8S 8D AC')).toBe(true); // higher pair
    expect(wins('9S 9D 5C', '9H 9C 4D')).toBe(true); // same pair: kicker
    expect(wins('AS 7D 3C', 'KS QD 9C')).toBe(true); // high card
    expect(wins('2S 2D 2C', 'AS KS QS')).toBe(true); // trail beats pure sequence
  });
});

describe('hands', () => {
  it('never tie: every seat has its own place', () => {
    const rng = seededRng(3);
    for (const game of ['niuniu', 'teenpatti'] as PvpGame[])
      for (let i = 0; i < 2_000; i++) {
        const h = playHand(game, 100, 6, rng);
        const all = h.seats.flatMap((s) => s.cards);
        expect(new Set(all).size).toBe(all.length);
        expect(h.seats.filter((s) => s.result === 'win')).toHaveLength(1);
        const w = h.seats[h.winnerSeat]!;
        for (const s of h.seats)
          if (s !== w)
            expect(compareHands(game, s.cards.map(parseCard), w.cards.map(parseCard))).toBeLessThan(0);
      }
  });

  it('pays the pot less the rake on a win, nothing on a loss', () => {
    const rng = seededRng(11);
    let won = false;
    let lost = false;
    for (let i = 0; i < 200; i++) {
      const h = playHand('niuniu', 10_000, 6, rng, 500);
      if (h.winnerSeat === 0) {
        won = true;
        expect(h).toMatchObject({ grossPayout: 60_000, rake: 2_500, payout: 57_500, profit: 47_500 });
      } else {
        lost = true;
        expect(h).toMatchObject({ grossPayout: 0, rake: 0, payout: 0, profit: -10_000 });
      }
    }
    expect(won && lost).toBe(true);
  });

  it('Niu-Niu for NIU and CARD_NIU games, Teen Patti for TEEN ones', () => {
    expect(gameOfCode('NIU_NIU_NIU')).toBe('niuniu');
    expect(gameOfCode('CARD_NIU_NIU')).toBe('niuniu');
    expect(gameOfCode('KINGS_PAI_GOW')).toBe('niuniu');
    expect(gameOfCode('TEEN_TEEN_PATTI')).toBe('teenpatti');
    expect(gameOfCode('CARD_TEEN_PATTI')).toBe('teenpatti');
  });
});

describe('simulation (10^5 hands per game, seeded)', () => {
  it.each(['niuniu', 'teenpatti'] as const)(
    '%s: fair before the rake (RTP ≈ 1, wins ≈ 1/6), the house takes exactly the rake',
    (game) => {
      const r = simulate({
        game,
        hands: 100_000,
        seats: 6,
        stake: 1_000,
        rakeBps: DEFAULT_RAKE_BPS,
        seed: 42,
      });
      // One hand: payout 6× stake with p = 1/6 → sd of the RTP over n hands = √5/√n ≈ 0.71%.
      expect(Math.abs(r.rtpBeforeRake - 1)).toBeLessThan(0.03);
      expect(Math.abs(r.winRate - 1 / 6)).toBeLessThan(0.005);
      // House result = stakes − payouts = rake + (stakes − gross payouts): the fair part is ~0
      // and the rake is exactly 5% of the profit of every winning hand.
      expect(r.houseTake).toBe(r.staked - r.paid);
      expect(r.rake).toBe(r.wins * Math.floor((1_000 * 5 * DEFAULT_RAKE_BPS) / 10_000));
      expect(r.paid + r.rake).toBe(r.grossPaid);
      expect(Math.abs(r.houseTake - r.rake) / r.staked).toBeLessThan(0.03);
      expect(r.rtp).toBeCloseTo(r.rtpBeforeRake - r.rake / r.staked, 10);
    },
    20_000,
  );
});
