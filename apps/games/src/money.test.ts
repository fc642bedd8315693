import { describe, expect, it } from 'vitest';
import { formatMinor, formatMoney } from './money.ts';

describe('money formatting (minor units → major with 2 decimals)', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [2000, '20.00'],
    [123456, '1,234.56'],
    [100_000_000, '1,000,000.00'],
    [-250, '-2.50'],
    [50_000_000_000, '500,000,000.00'],
  ])('%i → %s', (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
  });

  it('adds the currency', () => {
    expect(formatMoney(12000, 'MMK')).toBe('120.00 MMK');
    expect(formatMoney(12000, '')).toBe('120.00');
  });
});
