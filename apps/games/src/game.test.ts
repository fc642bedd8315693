import { describe, expect, it, vi } from 'vitest';
import { StudioError, type Spin, type SpinRound } from './api.ts';
import { createGame, type GameState, type RevealOptions } from './game.ts';
import { lineWin, roundFixture, sessionFixture, spinFixture } from './testing/fixtures.ts';

const TICKET = 'abcdefghijklmnopqrstuvwxyz012345';

function setup(spin: (input: { ticket: string; bet: number; requestId: string }) => Promise<SpinRound>) {
  const states: GameState[] = [];
  const reveals: { spin: Spin; opts: RevealOptions; stateBefore: GameState }[] = [];
  let ids = 0;
  const api = { spin: vi.fn(spin) };
  const skipReveal = vi.fn();
  const game = createGame({
    session: sessionFixture(),
    ticket: TICKET,
    api,
    render: (s) => states.push(structuredClone(s) as GameState),
    reveal: async (s, opts) => {
      reveals.push({ spin: s, opts, stateBefore: structuredClone(game.state) as GameState });
    },
    skipReveal,
    newRequestId: () => `req-${String(++ids).padStart(8, '0')}`,
  });
  return { game, api, states, reveals, skipReveal };
}

describe('a spin', () => {
  it('asks the server first, then reveals, then shows the server balance and the win', async () => {
    const win = spinFixture({ win: 1600, lineWins: [lineWin(0, 800), lineWin(3, 800, 0)] });
    const { game, api, states, reveals } = setup(async () => roundFixture([win]));
    expect(game.state).toMatchObject({ phase: 'idle', betIndex: 0, balance: 100_000 });

    await game.press();

    expect(api.spin).toHaveBeenCalledWith({ ticket: TICKET, bet: 2000, requestId: 'req-00000001' });
    expect(states.map((s) => s.phase)).toEqual(['requesting', 'revealing', 'revealing', 'revealing', 'idle']);
    // During the reveal the stake is gone and the win not yet shown.
    expect(reveals[0]!.stateBefore).toMatchObject({ balance: 98_000, win: 0 });
    expect(game.state).toMatchObject({
      phase: 'idle',
      balance: 99_600,
      win: 1600,
      error: null,
      spin: win,
      roundTotal: null,
    });
  });

  it('plays free spins one after another with their counter and multiplier, ending on the server balance', async () => {
    const base = spinFixture({ scatterCount: 3, scatterWin: 4000, freeSpinsAwarded: 2, win: 4000 });
    const free1 = spinFixture({ free: true, multiplier: 2, win: 3200, lineWins: [lineWin(0, 1600)] });
    const free2 = spinFixture({ free: true, multiplier: 2, win: 0, freeSpinsAwarded: 1 }); // a retrigger
    const free3 = spinFixture({ free: true, multiplier: 2, win: 800, lineWins: [lineWin(1, 400)] });
    const round = roundFixture([base, free1, free2, free3]);
    const { game, reveals } = setup(async () => round);

    await game.press();

    expect(reveals.map((r) => r.opts)).toEqual([
      { index: 0, free: null },
      { index: 1, free: { n: 1, total: 2, multiplier: 2 } },
      { index: 2, free: { n: 2, total: 2, multiplier: 2 } },
      { index: 3, free: { n: 3, total: 3, multiplier: 2 } },
    ]);
    // The balance climbs by each spin's win as it is shown.
    expect(reveals.map((r) => r.stateBefore.balance)).toEqual([98_000, 102_000, 105_200, 105_200]);
    expect(reveals.map((r) => r.stateBefore.win)).toEqual([0, 4000, 7200, 7200]);
    expect(game.state).toMatchObject({
      phase: 'idle',
      balance: round.balance,
      win: 8000,
      free: null,
      roundTotal: 8000,
    });
    expect(round.balance).toBe(106_000);
  });

  it('never counts more free spins than the round plays (capped awards)', async () => {
    const base = spinFixture({ freeSpinsAwarded: 1, scatterCount: 3 });
    const free1 = spinFixture({ free: true, multiplier: 2, freeSpinsAwarded: 0 });
    const { game, reveals } = setup(async () => roundFixture([base, free1]));
    await game.press();
    expect(reveals[1]!.opts.free).toEqual({ n: 1, total: 1, multiplier: 2 });
  });

  it('a press while revealing skips the animation; a press while asking does nothing', async () => {
    let answer!: (r: SpinRound) => void;
    const { game, api, skipReveal } = setup(() => new Promise((resolve) => (answer = resolve)));
    const first = game.press();
    expect(game.state.phase).toBe('requesting');
    await game.press();
    expect(api.spin).toHaveBeenCalledTimes(1);
    answer(roundFixture([spinFixture()]));
    await first;
    (game.state as GameState).phase = 'revealing';
    await game.press();
    expect(skipReveal).toHaveBeenCalledTimes(1);
  });
});

describe('errors', () => {
  it.each(['insufficient', 'ticket', 'maintenance', 'generic'] as const)(
    'a %s answer shows its message, gives the button back, leaves the balance alone',
    async (kind) => {
      const { game, api } = setup(async () => {
        throw new StudioError(kind, 422);
      });
      await game.press();
      expect(game.state).toMatchObject({ phase: 'idle', error: kind, balance: 100_000, win: 0 });
      // The server answered: the next press is a new request.
      api.spin.mockResolvedValueOnce(roundFixture([spinFixture()]));
      await game.press();
      expect(api.spin.mock.calls.map((c) => c[0].requestId)).toEqual(['req-00000001', 'req-00000002']);
      expect(game.state.error).toBeNull();
    },
  );

  it('after a network failure the next press repeats the same requestId (the same round), a new bet does not', async () => {
    const { game, api } = setup(async () => {
      throw new StudioError('network');
    });
    await game.press();
    expect(game.state).toMatchObject({ phase: 'idle', error: 'network', balance: 100_000 });
    await game.press();
    api.spin.mockResolvedValueOnce(roundFixture([spinFixture({ win: 400, lineWins: [lineWin(0, 400)] })]));
    await game.press();
    expect(api.spin.mock.calls.map((c) => c[0].requestId)).toEqual([
      'req-00000001',
      'req-00000001',
      'req-00000001',
    ]);
    expect(game.state).toMatchObject({ error: null, balance: 98_400 });

    api.spin.mockRejectedValueOnce(new StudioError('network'));
    await game.press();
    game.changeBet(1);
    api.spin.mockResolvedValueOnce(roundFixture([spinFixture()], 98_400, 5000));
    await game.press();
    const calls = api.spin.mock.calls.slice(3).map((c) => [c[0].requestId, c[0].bet]);
    expect(calls).toEqual([
      ['req-00000002', 2000],
      ['req-00000003', 5000],
    ]);
  });
});

describe('the bet', () => {
  it('steps through the levels within bounds, only between rounds', async () => {
    let answer!: (r: SpinRound) => void;
    const { game } = setup(() => new Promise((resolve) => (answer = resolve)));
    game.changeBet(-1);
    expect(game.state.betIndex).toBe(0);
    game.changeBet(1);
    game.changeBet(1);
    game.changeBet(1);
    expect(game.state.betIndex).toBe(2);
    const pending = game.press();
    game.changeBet(-1);
    expect(game.state.betIndex).toBe(2);
    answer(roundFixture([spinFixture()], 100_000, 10_000));
    await pending;
    game.setBetIndex(0);
    expect(game.state.betIndex).toBe(0);
  });

  it('a lower bet clears the insufficient-balance message', async () => {
    const { game } = setup(async () => {
      throw new StudioError('insufficient', 422);
    });
    game.changeBet(1);
    await game.press();
    expect(game.state.error).toBe('insufficient');
    game.changeBet(-1);
    expect(game.state.error).toBeNull();
  });
});
