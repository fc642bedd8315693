import { describe, expect, it } from 'vitest';
import { addDays, matchingQuickPick, merchantDay, merchantTime, quickPickRange } from './day-range';

// 2026-11-22 18:00 UTC is already 2026-11-23 00:30 in Yangon (UTC+6:30).
const lateUtc = new Date('2026-11-22T18:00:00.000Z');
const midUtc = new Date('2026-11-22T10:00:00.000Z');

describe('record dates (Asia/Yangon days)', () => {
  it('takes the day of the merchant, not of UTC or the browser', () => {
    expect(merchantDay(midUtc)).toBe('2026-11-22');
    expect(merchantDay(lateUtc)).toBe('2026-11-23');
    expect(merchantTime('2026-11-22T18:00:05.000Z')).toBe('2026-11-23 00:30:05');
  });

  it('moves days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('quick picks include today: next 7, next 30, last 7, last 30', () => {
    expect(quickPickRange('last7', lateUtc)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(quickPickRange('last30', midUtc)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(quickPickRange('next7', midUtc)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(quickPickRange('next30', midUtc)).toEqual({ from: '2026-11-22', to: '2026-12-21' });
  });

  it('recognises a range that is a quick pick', () => {
    const picks = ['next7', 'next30', 'last7', 'last30'] as const;
    expect(matchingQuickPick({ from: '2026-11-16', to: '2026-11-22' }, picks, midUtc)).toBe('last7');
    expect(matchingQuickPick({ from: '2026-11-16', to: '2026-11-21' }, picks, midUtc)).toBeNull();
  });
});
