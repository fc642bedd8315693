import { countBets } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  applyQuick,
  cryptoRandom,
  emptySelection,
  lineStatus,
  parseTyped,
  quickDigits,
  randomPick,
  toggleToken,
} from './picker-state';

describe('picker state', () => {
  it('toggles a digit on and off in its row, in display order', () => {
    let s = emptySelection('digit5', 'STRAIGHT_1');
    expect(s).toEqual([[], [], [], [], []]);
    s = toggleToken('digit5', 'STRAIGHT_1', s, 0, '7');
    s = toggleToken('digit5', 'STRAIGHT_1', s, 0, '2');
    s = toggleToken('digit5', 'STRAIGHT_1', s, 4, '9');
    expect(s).toEqual([['2', '7'], [], [], [], ['9']]);
    expect(lineStatus('digit5', 'STRAIGHT_1', s)).toEqual({ error: null, betCount: 3 });
    s = toggleToken('digit5', 'STRAIGHT_1', s, 0, '7');
    expect(s[0]).toEqual(['2']);
  });

  it('counts straight bets as the product of the rows and box bets as combinations', () => {
    let s = emptySelection('digit5', 'STRAIGHT_2');
    s = applyQuick('digit5', 'STRAIGHT_2', s, 0, 'odd');
    s = applyQuick('digit5', 'STRAIGHT_2', s, 1, 'big');
    expect(s).toEqual([
      ['1', '3', '5', '7', '9'],
      ['5', '6', '7', '8', '9'],
    ]);
    expect(lineStatus('digit5', 'STRAIGHT_2', s).betCount).toBe(25);
    let box = emptySelection('digit3', 'BOX_3');
    for (const d of ['1', '2', '3', '4']) box = toggleToken('digit3', 'BOX_3', box, 0, d);
    expect(lineStatus('digit3', 'BOX_3', box).betCount).toBe(4);
  });

  it('quick buttons set a row: all, big, small, odd, even and clear', () => {
    expect(quickDigits('all')).toHaveLength(10);
    expect(quickDigits('small')).toEqual(['0', '1', '2', '3', '4']);
    expect(quickDigits('even')).toEqual(['0', '2', '4', '6', '8']);
    expect(quickDigits('clear')).toEqual([]);
    const s = applyQuick('digit5', 'STRAIGHT_1', emptySelection('digit5', 'STRAIGHT_1'), 2, 'all');
    expect(s[2]).toHaveLength(10);
    expect(applyQuick('digit5', 'STRAIGHT_1', s, 2, 'clear')[2]).toEqual([]);
  });

  it('an incomplete selection cannot be added: a translated reason and no bets', () => {
    const s = emptySelection('digit5', 'STRAIGHT_2');
    expect(lineStatus('digit5', 'STRAIGHT_2', s)).toEqual({
      error: 'lottery.errors.bad_selection',
      betCount: 0,
    });
    const one = toggleToken('digit5', 'BOX_2', emptySelection('digit5', 'BOX_2'), 0, '3');
    expect(lineStatus('digit5', 'BOX_2', one).error).toBe('lottery.errors.bad_selection');
  });

  it('a random pick is a valid selection of every digit play type (crypto.getRandomValues)', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    for (const p of [
      'STRAIGHT_1',
      'STRAIGHT_2',
      'STRAIGHT_3',
      'BOX_2',
      'BOX_3',
      'BIG_SMALL',
      'ODD_EVEN',
      'SUM_RANGE',
    ] as const) {
      const s = randomPick('digit5', p);
      expect(lineStatus('digit5', p, s).error, p).toBeNull();
      expect(countBets('digit5', p, s), p).toBeGreaterThan(0);
    }
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('cryptoRandom stays within 0 … n−1', () => {
    for (let i = 0; i < 200; i++) {
      const v = cryptoRandom(7);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(7);
    }
  });

  it('typed rows keep known numbers only, once, up to the most picks', () => {
    const row = { labelKey: 'lottery.rows.numbers', tokens: ['000', '001', '123', '999'], typed: true };
    expect(parseTyped(row, '123, 999 abc 123;001', 10)).toEqual(['001', '123', '999']);
    expect(parseTyped(row, '123 999 001', 2)).toEqual(['001', '123']);
  });
});
