import type { Spin, SpinRound, StudioSession } from '../api.ts';

const pays = (a: number, b: number, c: number) => ({ '3': a, '4': b, '5': c });

/** A session as the server answers it (issue 5 contract), for a trial of a fruits-family slot. */
export function sessionFixture(over: Partial<StudioSession> = {}): StudioSession {
  return {
    game: {
      id: 101,
      code: 'PG_FRUIT_1',
      name: 'Fruit Stand Deluxe',
      vassalage: 'PG',
      family: 'fruits',
      kind: 'slot',
    },
    mode: 'trial',
    currency: 'MMK',
    balance: 100_000,
    language: 'EN',
    betLevels: [2000, 5000, 10000],
    paytable: {
      lines: [
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
        [2, 2, 2, 2, 2],
        [0, 1, 2, 1, 0],
      ],
      symbols: [
        { id: 'S1', kind: 'normal', pays: pays(20, 80, 400), label: 'Lucky Seven' },
        { id: 'A', kind: 'normal', pays: pays(8, 20, 80), label: 'Orange' },
        { id: 'K', kind: 'normal', pays: pays(6, 15, 60), label: 'Lemon' },
        { id: 'W', kind: 'wild', pays: pays(30, 150, 750), label: 'Wild Star' },
        { id: 'SC', kind: 'scatter', pays: pays(2, 10, 50), label: 'Bonus Bag' },
      ],
      freeSpins: [
        { scatters: 3, spins: 10, multiplier: 2 },
        { scatters: 4, spins: 15, multiplier: 2 },
      ],
    },
    lobbyUrl: '/rng',
    ...over,
  };
}

const GRID = [
  ['A', 'K', 'S1'],
  ['K', 'A', 'S1'],
  ['S1', 'K', 'A'],
  ['A', 'S1', 'K'],
  ['K', 'A', 'W'],
];

export function spinFixture(over: Partial<Spin> = {}): Spin {
  return {
    grid: GRID.map((c) => [...c]),
    lineWins: [],
    scatterCount: 0,
    scatterWin: 0,
    freeSpinsAwarded: 0,
    multiplier: 1,
    win: 0,
    free: false,
    ...over,
  };
}

export const lineWin = (line: number, amount: number, row = 1) => ({
  line,
  symbol: 'A',
  count: 3,
  multiplier: 8,
  amount,
  positions: [
    [0, row],
    [1, row],
    [2, row],
  ],
});

/** A round of one paid spin: balance before 100,000, bet 2,000, win `win`. */
export function roundFixture(spins: Spin[], before = 100_000, bet = 2000): SpinRound {
  const totalWin = spins.reduce((s, x) => s + x.win, 0);
  return { roundId: 'r-1', bet, spins, totalWin, balance: before - bet + totalWin };
}

/** A response as fetch gives it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
