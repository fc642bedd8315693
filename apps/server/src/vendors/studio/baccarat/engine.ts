import type { BaccaratSpot, BaccaratWinner } from '@app/contracts';
import type { Rng } from '../slots/engine.ts';

/**
 * Punto banco (issue 6), pure: the deal of one round from a freshly shuffled 8-deck shoe (416
 * cards; the six cards a round can need are drawn without replacement, like a continuous shuffler),
 * the standard third-card tableau, and what each spot returns. The server deals with node:crypto
 * (slots/engine cryptoRng); tests and the bench with a seeded generator.
 */

export const DECKS = 8;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;

/** A card's code: rank then suit ("AS", "TD"). */
export type Card = string;

/** Baccarat value of a card: A = 1, 2–9 face, T J Q K = 0. */
export function cardValue(card: Card): number {
  const i = RANKS.indexOf(card[0] as (typeof RANKS)[number]);
  if (i < 0) throw new Error(`not a card: ${card}`);
  return i >= 9 ? 0 : i + 1;
}

export const handTotal = (cards: readonly Card[]) => cards.reduce((s, c) => s + cardValue(c), 0) % 10;

/** Draws `n` distinct cards of a full 8-deck shoe (partial Fisher–Yates over the 416 positions). */
export function drawFromShoe(rng: Rng, n: number): Card[] {
  const size = DECKS * 52;
  const swapped = new Map<number, number>();
  const out: Card[] = [];
  for (let i = 0; i < n; i++) {
    const j = i + rng.int(size - i);
    const atJ = swapped.get(j) ?? j;
    swapped.set(j, swapped.get(i) ?? i);
    const c = atJ % 52;
    out.push(`${RANKS[c % 13]}${SUITS[Math.floor(c / 13)]}`);
  }
  return out;
}

/** Whether the banker draws, by its two-card total and the player's third card (null: player stood). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export interface Deal {
  playerCards: Card[];
  bankerCards: Card[];
  /** Who received each card, in the order dealt. */
  order: ('P' | 'B')[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  pairs: { player: boolean; banker: boolean };
}

/**
 * One round from the six top cards of the shoe: P B P B, then the player's third card if the
 * tableau says so, then the banker's. A natural (8 or 9 on two cards) on either side ends it.
 */
export function dealFrom(shoe: readonly Card[]): Deal {
  const [p1, b1, p2, b2] = shoe;
  if (!p1 || !b1 || !p2 || !b2 || shoe.length < 6) throw new Error('a deal needs six cards');
  const player = [p1, p2];
  const banker = [b1, b2];
  const order: ('P' | 'B')[] = ['P', 'B', 'P', 'B'];
  let next = 4;
  const p = handTotal(player);
  const b = handTotal(banker);
  if (p < 8 && b < 8) {
    let playerThird: number | null = null;
    if (p <= 5) {
      const c = shoe[next++]!;
      player.push(c);
      order.push('P');
      playerThird = cardValue(c);
    }
    if (bankerDraws(b, playerThird)) {
      banker.push(shoe[next++]!);
      order.push('B');
    }
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    playerCards: player,
    bankerCards: banker,
    order,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    pairs: { player: p1[0] === p2[0], banker: b1[0] === b2[0] },
  };
}

export const deal = (rng: Rng): Deal => dealFrom(drawFromShoe(rng, 6));

/**
 * What a winning spot returns per unit staked, stake included: player 1:1, banker 0.95:1 (5%
 * commission), tie 8:1, each pair 11:1. Player and banker bets are returned on a tie (push).
 */
export const RETURNS: Record<BaccaratSpot, number> = {
  player: 2,
  banker: 1.95,
  tie: 9,
  playerPair: 12,
  bankerPair: 12,
};

/** What `amount` on `spot` returns (stake included, minor units; the commission rounds down). */
export function spotPayout(spot: BaccaratSpot, amount: number, d: Pick<Deal, 'winner' | 'pairs'>): number {
  switch (spot) {
    case 'player':
      return d.winner === 'player' ? amount * 2 : d.winner === 'tie' ? amount : 0;
    case 'banker':
      return d.winner === 'banker'
        ? amount + Math.floor((amount * 95) / 100)
        : d.winner === 'tie'
          ? amount
          : 0;
    case 'tie':
      return d.winner === 'tie' ? amount * 9 : 0;
    case 'playerPair':
      return d.pairs.player ? amount * 12 : 0;
    case 'bankerPair':
      return d.pairs.banker ? amount * 12 : 0;
  }
}
