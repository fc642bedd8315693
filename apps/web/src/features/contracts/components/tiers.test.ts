import { describe, expect, it } from 'vitest';
import { fieldError, formatPercent, parseCount, parseMoney, parsePercent, toTier } from './tiers';

describe('contract tiers', () => {
  it('reads percent with up to 2 decimals as basis points, 0 … 100 %', () => {
    expect(parsePercent('1.25')).toBe(125);
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('0,5')).toBe(50);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('1.255')).toBeNull();
    expect(parsePercent('-1')).toBeNull();
    expect(parsePercent('abc')).toBeNull();
    expect(formatPercent(125)).toBe('1.25%');
    expect(formatPercent(1250)).toBe('12.5%');
  });

  it('reads money in major units as minor units (zero allowed for a threshold) and whole people', () => {
    expect(parseMoney('1,000.5')).toBe(100_050);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('12.345')).toBeNull();
    expect(parseCount('3')).toBe(3);
    expect(parseCount('2.5')).toBeNull();
    expect(parseCount('100001')).toBeNull();
  });

  it('requires what a tier pays and leaves empty thresholds out of the body', () => {
    expect(fieldError('dividend', 'ratio', '')).toBe('contracts.offer.errors.pay_required');
    expect(fieldError('dividend', 'ratio', '0')).toBe('contracts.offer.errors.pay_required');
    expect(fieldError('dividend', 'minBets', '')).toBeNull();
    expect(fieldError('daily', 'amount', '1.001')).toBe('contracts.offer.errors.money');
    expect(
      toTier('dividend', { minBets: '', minProfitLoss: '500', minActive: '2', ratio: '7.5', amount: '9' }),
    ).toEqual({
      minProfitLoss: 50_000,
      minActive: 2,
      ratio: 750,
    });
    expect(toTier('hourly', { minBets: '10000', minActive: '4', ratio: '0.35' })).toEqual({
      minBets: 1_000_000,
      ratio: 35,
    });
  });
});
