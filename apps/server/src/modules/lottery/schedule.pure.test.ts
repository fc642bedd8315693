import { describe, expect, it } from 'vitest';
import {
  dayKey,
  localDay,
  windowAt,
  windowOfNumero,
  windowsAfter,
  windowsBetween,
  windowsUntil,
  type ScheduleGame,
} from './schedule.ts';

const fast = (intervalSeconds: number, closeSeconds = 10, timeZone = 'Asia/Yangon'): ScheduleGame => ({
  intervalSeconds,
  drawTime: null,
  drawDays: null,
  timeZone,
  closeSeconds,
});
const daily = (drawTime: string, drawDays: number[], timeZone: string, closeSeconds = 900): ScheduleGame => ({
  intervalSeconds: null,
  drawTime,
  drawDays,
  timeZone,
  closeSeconds,
});
const iso = (d: Date) => d.toISOString();

describe('fast game windows', () => {
  it('aligns draws to the local day of the zone (Yangon is UTC+6:30)', () => {
    // 2026-03-10 00:00 in Yangon is 2026-03-09T17:30Z; at 17:31:05Z the second draw of the day is next.
    const w = windowAt(fast(60), new Date('2026-03-09T17:31:05Z'))!;
    expect(w.numero).toBe('20260310-0002');
    expect(iso(w.openAt)).toBe('2026-03-09T17:31:00.000Z');
    expect(iso(w.drawAt)).toBe('2026-03-09T17:32:00.000Z');
    expect(iso(w.closeAt)).toBe('2026-03-09T17:31:50.000Z');
  });

  it('after close the next period is on sale', () => {
    const w = windowAt(fast(60), new Date('2026-03-09T17:31:55Z'))!;
    expect(w.numero).toBe('20260310-0003');
  });

  it('the last draw of a day falls on the next midnight; the next day starts at 0001', () => {
    const ws = windowsAfter(fast(300), new Date('2026-03-10T17:26:00Z'), 3);
    expect(ws.map((w) => w.numero)).toEqual(['20260310-0288', '20260311-0001', '20260311-0002']);
    expect(iso(ws[0]!.drawAt)).toBe('2026-03-10T17:30:00.000Z');
    expect(iso(ws[1]!.openAt)).toBe('2026-03-10T17:30:00.000Z');
    expect(iso(ws[1]!.drawAt)).toBe('2026-03-10T17:35:00.000Z');
  });

  it('windowsAfter is strict: a draw exactly at `after` is not included', () => {
    const [w] = windowsAfter(fast(180), new Date('2026-03-09T17:33:00Z'), 1);
    expect(w!.numero).toBe('20260310-0002');
    expect(iso(w!.drawAt)).toBe('2026-03-09T17:36:00.000Z');
  });

  it('consecutive windows chain: open = previous draw, and numeros round-trip', () => {
    const g = fast(180, 10);
    const ws = windowsAfter(g, new Date('2026-05-01T12:00:00Z'), 500);
    for (let i = 1; i < ws.length; i++) {
      expect(ws[i]!.openAt.getTime()).toBe(ws[i - 1]!.drawAt.getTime());
      expect(ws[i]!.drawAt.getTime() - ws[i - 1]!.drawAt.getTime()).toBe(180_000);
    }
    for (const w of ws) expect(windowOfNumero(g, w.numero)).toEqual(w);
    expect(windowOfNumero(g, '20260501-0481')).toBeNull();
    expect(windowOfNumero(g, '20260501')).toBeNull();
  });

  it('windowsUntil and windowsBetween give the past draws in order', () => {
    const g = fast(60);
    const until = windowsUntil(g, new Date('2026-03-09T17:32:00Z'), 3);
    expect(until.map((w) => w.numero)).toEqual(['20260309-1440', '20260310-0001', '20260310-0002']);
    const between = windowsBetween(g, new Date('2026-03-09T17:30:00Z'), new Date('2026-03-09T17:33:00Z'));
    expect(between.map((w) => w.numero)).toEqual(['20260309-1440', '20260310-0001', '20260310-0002']);
  });
});

describe('daily game windows', () => {
  // Vietnam is UTC+7: 18:15 local is 11:15Z.
  const north = daily('18:15', [0, 1, 2, 3, 4, 5, 6], 'Asia/Ho_Chi_Minh');

  it('every day: numero is the local date, open at the previous draw, close 15 min before', () => {
    const w = windowAt(north, new Date('2026-03-10T05:00:00Z'))!;
    expect(w.numero).toBe('20260310');
    expect(iso(w.drawAt)).toBe('2026-03-10T11:15:00.000Z');
    expect(iso(w.closeAt)).toBe('2026-03-10T11:00:00.000Z');
    expect(iso(w.openAt)).toBe('2026-03-09T11:15:00.000Z');
  });

  it('after close, tomorrow is on sale', () => {
    expect(windowAt(north, new Date('2026-03-10T11:05:00Z'))!.numero).toBe('20260311');
  });

  it('a local date differs from the UTC date around midnight', () => {
    // 2026-03-10T18:00Z is already the 11th in Vietnam.
    expect(dayKey(localDay('Asia/Ho_Chi_Minh', Date.parse('2026-03-10T18:00:00Z')))).toBe('20260311');
    expect(windowAt(north, new Date('2026-03-10T18:00:00Z'))!.numero).toBe('20260311');
  });

  it('weekly province: Monday only (2026-03-09 is a Monday), opens at the previous Monday draw', () => {
    const hcm = daily('16:15', [1, 6], 'Asia/Ho_Chi_Minh');
    const w = windowAt(hcm, new Date('2026-03-10T00:00:00Z'))!;
    expect(w.numero).toBe('20260314');
    expect(iso(w.openAt)).toBe('2026-03-09T09:15:00.000Z');
    expect(windowsAfter(hcm, w.drawAt, 2).map((x) => x.numero)).toEqual(['20260316', '20260321']);
    expect(windowOfNumero(hcm, '20260315')).toBeNull();
    expect(windowOfNumero(hcm, '20260316')!.drawAt.toISOString()).toBe('2026-03-16T09:15:00.000Z');
  });

  it('Yangon 20:30 every day (UTC+6:30 → 14:00Z)', () => {
    const d = daily('20:30', [0, 1, 2, 3, 4, 5, 6], 'Asia/Yangon');
    const ws = windowsUntil(d, new Date('2026-03-10T14:00:00Z'), 2);
    expect(ws.map((w) => [w.numero, iso(w.drawAt)])).toEqual([
      ['20260309', '2026-03-09T14:00:00.000Z'],
      ['20260310', '2026-03-10T14:00:00.000Z'],
    ]);
  });

  it('no draw days: no windows', () => {
    expect(windowAt(daily('18:00', [], 'Asia/Yangon'), new Date())).toBeNull();
  });
});
