import { describe, expect, it } from 'vitest';
import { StudioError } from '../api.ts';
import {
  createBetSelector,
  createShotQueue,
  fishKeyAction,
  type RoundAnswer,
  type ShotQueueOptions,
  type ShotRequest,
} from './logic.ts';

const LEVELS = [100, 200, 500, 1000, 2000, 5000];

describe('bet per shot', () => {
  it('starts at a level the balance covers 20 shots of (at most the third), steps within the levels', () => {
    expect(createBetSelector(LEVELS, 100_000).bet).toBe(500);
    expect(createBetSelector(LEVELS, 5_000).bet).toBe(200);
    expect(createBetSelector(LEVELS, 50).bet).toBe(100);
    const b = createBetSelector(LEVELS, 0);
    expect(b.canStep(-1)).toBe(false);
    expect(b.step(-1)).toBe(false);
    for (let i = 0; i < 10; i++) b.step(1);
    expect(b.bet).toBe(5000);
    expect(b.canStep(1)).toBe(false);
    expect(b.step(-1)).toBe(true);
    expect(b.bet).toBe(2000);
  });
});

describe('keys', () => {
  const button = document.createElement('button');
  it.each([
    ['ArrowLeft', 'aimLeft'],
    ['ArrowRight', 'aimRight'],
    [' ', 'fire'],
    ['Enter', 'fire'],
    ['ArrowUp', 'betUp'],
    ['+', 'betUp'],
    ['ArrowDown', 'betDown'],
    ['-', 'betDown'],
    ['a', 'auto'],
    ['A', 'auto'],
    ['x', null],
  ])('%s → %s', (key, action) => {
    expect(fishKeyAction({ key })).toBe(action);
  });
  it('a focused button keeps Space and Enter; modifiers leave the browser’s shortcuts alone', () => {
    expect(fishKeyAction({ key: ' ', target: button })).toBeNull();
    expect(fishKeyAction({ key: 'Enter', target: button })).toBeNull();
    expect(fishKeyAction({ key: 'ArrowLeft', target: button })).toBe('aimLeft');
    expect(fishKeyAction({ key: 'a', ctrlKey: true })).toBeNull();
  });
});

interface Deferred {
  input: { requestId: string; shots: ShotRequest[] };
  resolve(a: RoundAnswer): void;
  reject(e: unknown): void;
}

function harness(over: Partial<ShotQueueOptions> = {}) {
  const calls: Deferred[] = [];
  const shown: number[] = [];
  const errors: string[] = [];
  const shots: { fishId: number; caught: boolean }[] = [];
  let n = 0;
  const q = createShotQueue({
    balance: 10_000,
    newRequestId: () => `req-${++n}-abcdef`,
    send: (input) => new Promise<RoundAnswer>((resolve, reject) => calls.push({ input, resolve, reject })),
    onShot: (s) => shots.push({ fishId: s.fishId, caught: s.caught }),
    onBalance: (b) => shown.push(b),
    onError: (k) => errors.push(k),
    wait: () => Promise.resolve(),
    ...over,
  });
  return { q, calls, shown, errors, shots };
}

const answerFor = (
  input: { shots: ShotRequest[] },
  balance: number,
  caughtIds: number[] = [],
): RoundAnswer => {
  const shots = input.shots.map((s) => ({
    ...s,
    multiplier: 2,
    caught: caughtIds.includes(s.fishId),
    win: caughtIds.includes(s.fishId) ? s.bet * 2 : 0,
  }));
  return {
    roundId: 'r1',
    shots,
    bet: shots.reduce((a, s) => a + s.bet, 0),
    win: shots.reduce((a, s) => a + s.win, 0),
    balance,
  };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('shot queue', () => {
  it('reserves each bullet’s bet, sends one request at a time and batches the hits that waited', async () => {
    const { q, calls, shots } = harness();
    for (let i = 0; i < 3; i++) q.fired(500);
    expect(q.shown).toBe(8_500);
    q.hit({ fishId: 1, species: 'minnow', bet: 500 });
    expect(calls).toHaveLength(1);
    q.hit({ fishId: 2, species: 'clown', bet: 500 });
    q.hit({ fishId: 3, species: 'minnow', bet: 500 });
    expect(calls).toHaveLength(1);
    expect(q.unsettled).toBe(3);
    calls[0]!.resolve(answerFor(calls[0]!.input, 9_500 + 1_000, [1]));
    await tick();
    // The two that waited go together in the next request.
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input.shots.map((s) => s.fishId)).toEqual([2, 3]);
    expect(q.shown).toBe(10_500 - 1_000);
    calls[1]!.resolve(answerFor(calls[1]!.input, 9_500));
    await q.idle();
    expect(q.shown).toBe(9_500);
    expect(q.reserved).toBe(0);
    expect(shots).toEqual([
      { fishId: 1, caught: true },
      { fishId: 2, caught: false },
      { fishId: 3, caught: false },
    ]);
  });

  it('limits unsettled shots (bullets flying + waiting + sent) and refuses a bet above what is left', () => {
    const { q } = harness({ maxUnsettled: 3, balance: 1_200 });
    expect(q.canFire(500)).toBe('ok');
    q.fired(500);
    q.fired(500);
    expect(q.canFire(500)).toBe('insufficient');
    expect(q.canFire(200)).toBe('ok');
    q.fired(100);
    expect(q.canFire(100)).toBe('busy');
    q.expired(100);
    expect(q.canFire(100)).toBe('ok');
    expect(q.shown).toBe(200);
  });

  it('a bullet that hits nothing costs nothing', () => {
    const { q, calls } = harness();
    q.fired(1_000);
    q.expired(1_000);
    expect(q.shown).toBe(10_000);
    expect(calls).toHaveLength(0);
  });

  it('at most 10 shots in one request', async () => {
    const { q, calls } = harness({ maxUnsettled: 30 });
    for (let i = 0; i < 15; i++) q.fired(100);
    for (let i = 0; i < 15; i++) q.hit({ fishId: i, species: 'minnow', bet: 100 });
    expect(calls[0]!.input.shots).toHaveLength(1);
    calls[0]!.resolve(answerFor(calls[0]!.input, 9_900));
    await tick();
    expect(calls[1]!.input.shots).toHaveLength(10);
    calls[1]!.resolve(answerFor(calls[1]!.input, 8_900));
    await tick();
    expect(calls[2]!.input.shots).toHaveLength(4);
  });

  it('a lost connection is retried with the same requestId; a refusal drops the shots and says why', async () => {
    const { q, calls, errors } = harness();
    q.fired(500);
    q.hit({ fishId: 1, species: 'minnow', bet: 500 });
    calls[0]!.reject(new StudioError('network'));
    await tick();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input.requestId).toBe(calls[0]!.input.requestId);
    calls[1]!.resolve(answerFor(calls[1]!.input, 9_500));
    await q.idle();
    expect(errors).toEqual([]);
    q.fired(500);
    q.hit({ fishId: 2, species: 'minnow', bet: 500 });
    calls[2]!.reject(new StudioError('insufficient', 422, 'money.errors.insufficient_balance'));
    await q.idle();
    expect(errors).toEqual(['insufficient']);
    expect(calls).toHaveLength(3);
    expect(q.shown).toBe(9_500);
    expect(q.unsettled).toBe(0);
  });
});
