import { describe, expect, it } from 'vitest';
import { periodEnd, periodsBetween, zoneDay } from './periods.ts';
import { chooseTier } from './settlement.ts';

const at = (iso: string) => new Date(iso);
const end = (...a: Parameters<typeof periodEnd>) => periodEnd(...a).toISOString();

describe('settlement periods in Asia/Yangon (UTC+06:30)', () => {
  // 2026-11-24T10:00Z is Tuesday 16:30 in Yangon.
  const t = at('2026-11-24T10:00:00Z');

  it('realtime: 5-minute windows on the clock', () => {
    expect(end('realtime', null, at('2026-11-24T10:02:10Z'))).toBe('2026-11-24T10:05:00.000Z');
    expect(end('realtime', null, at('2026-11-24T10:05:00Z'))).toBe('2026-11-24T10:10:00.000Z');
  });

  it('hourly: clock hours of the zone (UTC :30)', () => {
    expect(end('hourly', null, t)).toBe('2026-11-24T10:30:00.000Z');
    expect(end('hourly', null, at('2026-11-24T10:30:00Z'))).toBe('2026-11-24T11:30:00.000Z');
  });

  it('daily wage and dividend daily: the zone midnight', () => {
    expect(end('daily', null, t)).toBe('2026-11-24T17:30:00.000Z');
    expect(end('dividend', 'daily', at('2026-11-24T17:30:00Z'))).toBe('2026-11-25T17:30:00.000Z');
    // 18:00Z is already the next day in Yangon.
    expect(end('daily', null, at('2026-11-24T18:00:00Z'))).toBe('2026-11-25T17:30:00.000Z');
  });

  it('weekly: Monday 00:00', () => {
    expect(end('dividend', 'weekly', t)).toBe('2026-11-29T17:30:00.000Z');
    // Monday 00:00 itself starts a new week.
    expect(end('dividend', 'weekly', at('2026-11-29T17:30:00Z'))).toBe('2026-12-06T17:30:00.000Z');
    // Sunday 23:59 local.
    expect(end('dividend', 'weekly', at('2026-11-29T17:29:00Z'))).toBe('2026-11-29T17:30:00.000Z');
  });

  it('semimonthly: the 1st and the 16th (February too)', () => {
    expect(end('dividend', 'semimonthly', at('2026-11-10T03:00:00Z'))).toBe('2026-11-15T17:30:00.000Z');
    expect(end('dividend', 'semimonthly', at('2026-11-15T17:30:00Z'))).toBe('2026-11-30T17:30:00.000Z');
    expect(end('dividend', 'semimonthly', at('2026-11-15T17:29:59Z'))).toBe('2026-11-15T17:30:00.000Z');
    expect(end('dividend', 'semimonthly', at('2027-02-20T00:00:00Z'))).toBe('2027-02-28T17:30:00.000Z');
  });

  it('monthly: the 1st, by the zone date (not the UTC date)', () => {
    // 2026-11-30T18:00Z is 1 December 00:30 in Yangon.
    expect(end('dividend', 'monthly', at('2026-11-30T18:00:00Z'))).toBe('2026-12-31T17:30:00.000Z');
    expect(end('dividend', 'monthly', at('2026-11-30T17:00:00Z'))).toBe('2026-11-30T17:30:00.000Z');
    expect(end('dividend', 'monthly', at('2026-12-31T17:30:00Z'))).toBe('2027-01-31T17:30:00.000Z');
  });

  it('periods between two instants: a partial first period, then whole ones', () => {
    const ps = periodsBetween(
      'dividend',
      'semimonthly',
      at('2026-11-10T03:00:00Z'),
      at('2026-12-20T00:00:00Z'),
    );
    expect(ps.map((p) => [p.start.toISOString(), p.end.toISOString()])).toEqual([
      ['2026-11-10T03:00:00.000Z', '2026-11-15T17:30:00.000Z'],
      ['2026-11-15T17:30:00.000Z', '2026-11-30T17:30:00.000Z'],
      ['2026-11-30T17:30:00.000Z', '2026-12-15T17:30:00.000Z'],
    ]);
    expect(zoneDay(at('2026-11-30T18:00:00Z'))).toBe('2026-12-01');
  });
});

describe('tier choice', () => {
  const tiers = [
    { minBets: 1000, ratio: 100 },
    { minBets: 5000, minActive: 2, ratio: 300 },
    { minBets: 5000, minActive: 5, ratio: 500 },
  ];
  it('the highest tier whose thresholds are all met', () => {
    expect(chooseTier('hourly', tiers, { bets: 999, profitLoss: 0, activeMembers: 9 })).toEqual({
      tier: null,
      ratio: null,
      amount: 0,
    });
    expect(chooseTier('hourly', tiers, { bets: 6000, profitLoss: 0, activeMembers: 1 })).toEqual({
      tier: 0,
      ratio: 100,
      amount: 60,
    });
    expect(chooseTier('realtime', tiers, { bets: 6001, profitLoss: 0, activeMembers: 3 })).toEqual({
      tier: 1,
      ratio: 300,
      amount: 180,
    });
    expect(chooseTier('hourly', tiers, { bets: 10_000, profitLoss: 0, activeMembers: 5 }).tier).toBe(2);
  });

  it('dividends pay a ratio of the positive house profit; a loss pays nothing', () => {
    const div = [{ minProfitLoss: 0, ratio: 2500 }];
    expect(chooseTier('dividend', div, { bets: 100, profitLoss: 1_003, activeMembers: 1 }).amount).toBe(250);
    expect(
      chooseTier('dividend', [{ ratio: 2500 }], { bets: 100, profitLoss: -500, activeMembers: 1 }),
    ).toEqual({
      tier: 0,
      ratio: 2500,
      amount: 0,
    });
  });

  it('daily wages pay the tier amount; huge bases stay exact', () => {
    const daily = [
      { minBets: 100, amount: 5_000 },
      { minBets: 100, minActive: 3, amount: 9_000 },
    ];
    expect(chooseTier('daily', daily, { bets: 100, profitLoss: 0, activeMembers: 2 })).toEqual({
      tier: 0,
      ratio: null,
      amount: 5_000,
    });
    expect(chooseTier('daily', daily, { bets: 100, profitLoss: 0, activeMembers: 3 }).amount).toBe(9_000);
    expect(
      chooseTier('hourly', [{ ratio: 9_999 }], { bets: 1e15, profitLoss: 0, activeMembers: 1 }).amount,
    ).toBe(999_900_000_000_000);
  });
});
