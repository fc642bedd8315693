import { seededRng, type Rng } from '../slots/engine.ts';
import { playHand, type PvpGame } from './engine.ts';

export interface SimulationResult {
  hands: number;
  wins: number;
  winRate: number;
  staked: number;
  /** Before the rake. */
  grossPaid: number;
  /** Credited: gross − rake. */
  paid: number;
  rake: number;
  /** The house's result against the player: staked − paid. */
  houseTake: number;
  rtpBeforeRake: number;
  rtp: number;
  /** Player categories: how often each came up. */
  categories: number[];
}

/** Plays `hands` hands with a seeded generator unless given one (tests and bench only). */
export function simulate(o: {
  game: PvpGame;
  hands: number;
  seats: number;
  stake: number;
  rakeBps: number;
  seed: number;
  /** Another generator instead of the seeded one (the bench passes node:crypto). */
  rng?: Rng;
}): SimulationResult {
  const rng = o.rng ?? seededRng(o.seed);
  let wins = 0;
  let grossPaid = 0;
  let paid = 0;
  let rake = 0;
  const categories: number[] = [];
  for (let i = 0; i < o.hands; i++) {
    const h = playHand(o.game, o.stake, o.seats, rng, o.rakeBps);
    if (h.winnerSeat === 0) wins++;
    grossPaid += h.grossPayout;
    paid += h.payout;
    rake += h.rake;
    categories[h.playerRank] = (categories[h.playerRank] ?? 0) + 1;
  }
  const staked = o.hands * o.stake;
  return {
    hands: o.hands,
    wins,
    winRate: wins / o.hands,
    staked,
    grossPaid,
    paid,
    rake,
    houseTake: staked - paid,
    rtpBeforeRake: grossPaid / staked,
    rtp: paid / staked,
    categories: Array.from(categories, (x) => x ?? 0),
  };
}
