import { describe, expect, it } from 'vitest';
import { currentAndNext, hotNumbers } from './draws.service.ts';
import type { PeriodRow } from './lottery.repository.ts';

const at = (s: string) => new Date(`2026-03-10T10:${s}Z`);
const period = (
  numero: string,
  open: string,
  close: string,
  draw: string,
  extra: Partial<PeriodRow> = {},
): PeriodRow => ({
  id: numero,
  gameId: 1,
  gameCode: 'G',
  numero,
  openAt: at(open),
  closeAt: at(close),
  drawAt: at(draw),
  state: 'open',
  seed: new Uint8Array(32),
  commitHash: 'x',
  result: null,
  drawnAt: null,
  settledAt: null,
  ...extra,
});

describe('current and next period', () => {
  const ps = [
    period('1', '00:00', '00:50', '01:00'),
    period('2', '01:00', '01:50', '02:00'),
    period('3', '02:00', '02:50', '03:00'),
  ];

  it('on sale: the period open now; next: the one after', () => {
    const r = currentAndNext(ps, at('00:30'));
    expect([r.current?.numero, r.next?.numero]).toEqual(['1', '2']);
  });

  it('between close and draw: nothing on sale, the next one comes', () => {
    const r = currentAndNext(ps, at('00:55'));
    expect([r.current, r.next?.numero]).toEqual([null, '2']);
  });

  it('a closed period is not on sale even before its close time (drawn now by the operator)', () => {
    const r = currentAndNext([{ ...ps[0]!, state: 'closed' }, ...ps.slice(1)], at('00:30'));
    expect([r.current, r.next?.numero]).toEqual([null, '2']);
  });
});

describe('hot numbers', () => {
  it('most frequent digits first, ties by number, drawn periods only, at most 10', () => {
    const drawn = (digits: number[]) =>
      period('d', '00:00', '00:50', '01:00', { state: 'drawn', result: { digits } });
    const hot = hotNumbers({ kind: 'digit3' }, [
      drawn([7, 7, 1]),
      drawn([1, 2, 7]),
      drawn([3, 3, 3]),
      period('r', '00:00', '00:50', '01:00', { state: 'refunded' }),
    ]);
    expect(hot).toEqual(['3', '7', '1', '2']);
    const many = hotNumbers({ kind: 'digit5' }, [
      drawn([0, 1, 2, 3, 4]),
      drawn([5, 6, 7, 8, 9]),
      drawn([9, 9, 9, 9, 9]),
    ]);
    expect(many).toEqual(['9', '0', '1', '2', '3', '4', '5', '6', '7', '8']);
  });
});
