import { BACCARAT_SPOTS, type BaccaratSpot } from '@app/contracts';
import type { Rng } from '../slots/engine.ts';
import { deal, spotPayout } from './engine.ts';

export interface BaccaratSimulation {
  rounds: number;
  /** Share of rounds each side won. */
  frequency: { banker: number; player: number; tie: number };
  /** House edge per spot: 1 − returned / staked (one unit on every spot every round). */
  edge: Record<BaccaratSpot, number>;
  /** House edge of the player and banker bets with ties left out (the usual "per resolved bet" figure). */
  edgeExcludingTies: { player: number; banker: number };
}

/** Deals `rounds` rounds and stakes 100 minor units on each spot of every one (tests, bench). */
export function simulate(rounds: number, rng: Rng): BaccaratSimulation {
  const wins = { banker: 0, player: 0, tie: 0 };
  const returned: Record<BaccaratSpot, number> = {
    player: 0,
    banker: 0,
    tie: 0,
    playerPair: 0,
    bankerPair: 0,
  };
  for (let i = 0; i < rounds; i++) {
    const d = deal(rng);
    wins[d.winner]++;
    for (const s of BACCARAT_SPOTS) returned[s] += spotPayout(s, 100, d);
  }
  const staked = rounds * 100;
  const edge = Object.fromEntries(BACCARAT_SPOTS.map((s) => [s, 1 - returned[s] / staked])) as Record<
    BaccaratSpot,
    number
  >;
  const resolved = (rounds - wins.tie) * 100;
  return {
    rounds,
    frequency: { banker: wins.banker / rounds, player: wins.player / rounds, tie: wins.tie / rounds },
    edge,
    edgeExcludingTies: {
      player: (staked - returned.player) / resolved,
      banker: (staked - returned.banker) / resolved,
    },
  };
}
