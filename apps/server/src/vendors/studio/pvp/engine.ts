import type { Rng } from '../slots/engine.ts';

/**
 * The PVP card rooms' engine (issue 6): a banker-less showdown. Every seat (the player and the
 * room's bots) puts in the same stake; one deck shuffled with the given Rng deals every hand;
 * the best hand takes the pot. Hands are totally ordered (category, then the highest card by rank
 * and suit), so there is never a tie and each seat wins with probability 1/seats: the game is
 * fair between the player and the bots (a win pays seats × stake), and the house's only edge is
 * the rake, a share of the winner's profit.
 *
 * Two games: Niu-Niu (5 cards) and Teen Patti (3 cards).
 */

export const PVP_GAMES = ['niuniu', 'teenpatti'] as const;
export type PvpGame = (typeof PVP_GAMES)[number];

/** Cards are 0…51: rank = floor(c / 4) + 1 (1 = A … 13 = K), suit = c % 4 (0 ♦ < 1 ♣ < 2 ♥ < 3 ♠). */
export type Card = number;
const RANKS = 'A23456789TJQK';
const SUITS = 'DCHS';

export const rankOf = (c: Card) => Math.floor(c / 4) + 1;
export const suitOf = (c: Card) => c % 4;
/** "AS", "TH", "KD" … (rank then suit letter). */
export const cardCode = (c: Card) => `${RANKS[rankOf(c) - 1]}${SUITS[suitOf(c)]}`;
export function parseCard(code: string): Card {
  const r = RANKS.indexOf(code[0] ?? '');
  const s = SUITS.indexOf(code[1] ?? '');
  if (r < 0 || s < 0 || code.length !== 2) throw new RangeError(`bad card ${code}`);
  return r * 4 + s;
}

export const HAND_SIZE: Record<PvpGame, number> = { niuniu: 5, teenpatti: 3 };

/** A Fisher–Yates shuffle of a fresh deck, every draw from `rng`. */
export function shuffledDeck(rng: Rng): Card[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

/**
 * Niu-Niu categories: 0 no bull, 1–9 bull n, 10 Niu-Niu, 11 five faces (all J/Q/K), 12 five small
 * (all below 5, summing to at most 10). Card points: A = 1, 2–10 face value, J/Q/K = 10.
 */
export const NIU_CATEGORIES = 13;
const points = (c: Card) => Math.min(rankOf(c), 10);

export function niuCategory(hand: readonly Card[]): number {
  if (hand.length !== 5) throw new RangeError('a Niu-Niu hand has 5 cards');
  const p = hand.map(points);
  const total = p.reduce((s, x) => s + x, 0);
  if (hand.every((c) => rankOf(c) < 5) && total <= 10) return 12;
  if (hand.every((c) => rankOf(c) > 10)) return 11;
  for (let a = 0; a < 5; a++)
    for (let b = a + 1; b < 5; b++)
      for (let c = b + 1; c < 5; c++) {
        if ((p[a]! + p[b]! + p[c]!) % 10 !== 0) continue;
        const bull = (total - p[a]! - p[b]! - p[c]!) % 10;
        return bull === 0 ? 10 : bull;
      }
  return 0;
}

/**
 * Teen Patti categories: 0 high card, 1 pair, 2 colour (flush), 3 sequence, 4 pure sequence
 * (straight flush), 5 trail (three of a kind). Aces are high (A-K-Q the top sequence) and low
 * (A-2-3, the second sequence after A-K-Q, as the game is usually played).
 */
export const TEEN_CATEGORIES = 6;

/** Teen Patti rank values: 2 … 14 (A high). */
const teenValue = (c: Card) => (rankOf(c) === 1 ? 14 : rankOf(c));

function teenSequence(vals: number[]): number | null {
  const [a, b, c] = vals; // descending
  if (a === 14 && b === 3 && c === 2) return 14.5; // A-2-3: just below A-K-Q, above K-Q-J
  if (a! - b! === 1 && b! - c! === 1) return a === 14 ? 15 : a!;
  return null;
}

export function teenCategory(hand: readonly Card[]): number {
  if (hand.length !== 3) throw new RangeError('a Teen Patti hand has 3 cards');
  const vals = hand.map(teenValue).sort((x, y) => y - x);
  const flush = hand.every((c) => suitOf(c) === suitOf(hand[0]!));
  if (vals[0] === vals[2]) return 5;
  const seq = teenSequence(vals) !== null;
  if (seq && flush) return 4;
  if (seq) return 3;
  if (flush) return 2;
  if (vals[0] === vals[1] || vals[1] === vals[2]) return 1;
  return 0;
}

/** Niu-Niu tie-break: the highest card (rank K high … A low, then suit). */
const niuCardKey = (c: Card) => rankOf(c) * 4 + suitOf(c);
/** Teen Patti tie-break within a category: rank values (pair first), then the best card's suit. */
const teenCardKey = (c: Card) => teenValue(c) * 4 + suitOf(c);

/** A sortable key (array compared element by element, higher is better); no two hands are equal. */
export function handKey(game: PvpGame, hand: readonly Card[]): number[] {
  if (game === 'niuniu') {
    const best = Math.max(...hand.map(niuCardKey));
    return [niuCategory(hand), best];
  }
  const cat = teenCategory(hand);
  const vals = hand.map(teenValue).sort((x, y) => y - x);
  const bestCard = Math.max(...hand.map(teenCardKey));
  if (cat === 3 || cat === 4) return [cat, teenSequence(vals)!, bestCard];
  if (cat === 1) {
    const pair = vals[0] === vals[1] ? vals[0]! : vals[1]!;
    const kicker = vals[0] === vals[1] ? vals[2]! : vals[0]!;
    return [cat, pair, kicker, bestCard];
  }
  return [cat, ...vals, bestCard];
}

export function compareHands(game: PvpGame, a: readonly Card[], b: readonly Card[]): number {
  const ka = handKey(game, a);
  const kb = handKey(game, b);
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const d = (ka[i] ?? 0) - (kb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export const category = (game: PvpGame, hand: readonly Card[]) =>
  game === 'niuniu' ? niuCategory(hand) : teenCategory(hand);

/** The house's rake: basis points of the winner's profit (500 = 5%). */
export const DEFAULT_RAKE_BPS = 500;
/** The most seats a table deals (10 Niu-Niu hands use 50 of the 52 cards). */
export const MAX_SEATS = 10;
/** Seats of a table without a room (a sub-game of a lobby): the player and five bots. */
export const DEFAULT_SEATS = 6;
/** Stakes offered where a game has no rooms, minor units. */
export const DEFAULT_STAKES = [1_000, 5_000, 10_000, 50_000] as const;

const BOT_NAMES = [
  'Aung Ko',
  'Mya Mya',
  'Lucky Lin',
  'Tiger Wei',
  'Somchai',
  'Linh Tran',
  'Ko Zaw',
  'Nadia',
  'Big Bull',
  'Jade',
  'Mr. Chen',
  'Ploy',
];

export interface SeatOutcome {
  seat: number;
  /** false for the player's seat. */
  bot: boolean;
  name: string;
  cards: string[];
  rank: number;
  result: 'win' | 'lose';
}

export interface HandOutcome {
  game: PvpGame;
  stake: number;
  /** Seat 0 is the player. */
  seats: SeatOutcome[];
  winnerSeat: number;
  playerRank: number;
  /** What the player gets back before the rake: the pot (seats × stake) on a win, else 0. */
  grossPayout: number;
  /** The rake on the player's profit when the player wins. */
  rake: number;
  /** What is credited: grossPayout − rake. */
  payout: number;
  /** payout − stake. */
  profit: number;
}

/**
 * One hand, decided entirely here (before anything is shown): shuffle, deal `seats` hands, rank
 * them, pay the pot to the best one and take the rake from the player's profit.
 */
export function playHand(
  game: PvpGame,
  stake: number,
  seats: number,
  rng: Rng,
  rakeBps = DEFAULT_RAKE_BPS,
): HandOutcome {
  if (!Number.isInteger(stake) || stake <= 0) throw new RangeError('stake must be a positive integer');
  if (!Number.isInteger(seats) || seats < 2 || seats > MAX_SEATS) throw new RangeError('seats out of range');
  if (!Number.isInteger(rakeBps) || rakeBps < 0 || rakeBps > 10_000) throw new RangeError('bad rake');
  const deck = shuffledDeck(rng);
  const size = HAND_SIZE[game];
  const hands = Array.from({ length: seats }, (_, s) => deck.slice(s * size, (s + 1) * size));
  let winner = 0;
  for (let s = 1; s < seats; s++) if (compareHands(game, hands[s]!, hands[winner]!) > 0) winner = s;
  // Bot names: a fresh pick per hand from the same rng (they are for show only).
  const names = [...BOT_NAMES];
  for (let i = names.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  const grossPayout = winner === 0 ? stake * seats : 0;
  const rake = winner === 0 ? Math.floor((stake * (seats - 1) * rakeBps) / 10_000) : 0;
  const payout = grossPayout - rake;
  return {
    game,
    stake,
    seats: hands.map((cards, s) => ({
      seat: s,
      bot: s !== 0,
      name: s === 0 ? '' : names[(s - 1) % names.length]!,
      cards: cards.map(cardCode),
      rank: category(game, cards),
      result: s === winner ? 'win' : 'lose',
    })),
    winnerSeat: winner,
    playerRank: category(game, hands[0]!),
    grossPayout,
    rake,
    payout,
    profit: payout - stake,
  };
}

/** Niu-Niu for NIU*, CARD_NIU* …; Teen Patti for TEEN*, CARD_TEEN* …; Niu-Niu for any other. */
export function gameOfCode(code: string): PvpGame {
  return /TEEN/i.test(code) ? 'teenpatti' : 'niuniu';
}
