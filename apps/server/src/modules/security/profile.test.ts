import { describe, expect, it } from 'vitest';
import { ageOn, normalizeProfileUpdate, parseBirthday } from './profile.ts';

const today = new Date('2026-11-22T02:00:00Z');

describe('profile validation', () => {
  it('accepts real past dates only', () => {
    expect(parseBirthday('2000-02-29', today)).toEqual({ y: 2000, m: 2, d: 29 });
    expect(parseBirthday('2001-02-29', today)).toBeNull();
    expect(parseBirthday('2000-13-01', today)).toBeNull();
    expect(parseBirthday('2000-00-10', today)).toBeNull();
    expect(parseBirthday('2027-01-01', today)).toBeNull();
    expect(parseBirthday('1899-12-31', today)).toBeNull();
  });

  it('counts full years', () => {
    expect(ageOn({ y: 2008, m: 11, d: 22 }, today)).toBe(18);
    expect(ageOn({ y: 2008, m: 11, d: 23 }, today)).toBe(17);
    expect(ageOn({ y: 2008, m: 12, d: 1 }, today)).toBe(17);
  });

  it('refuses under 18, impossible dates and control characters; trims and clears', () => {
    expect(() => normalizeProfileUpdate({ birthday: '2008-11-23' }, today)).toThrow(
      expect.objectContaining({ status: 422, fields: { birthday: 'errors.age_too_young' } }),
    );
    expect(() => normalizeProfileUpdate({ birthday: '2001-02-29' }, today)).toThrow(
      expect.objectContaining({ fields: { birthday: 'errors.invalid_date' } }),
    );
    expect(() => normalizeProfileUpdate({ nickname: 'a\u0000b' }, today)).toThrow(
      expect.objectContaining({ fields: { nickname: 'errors.invalid_format' } }),
    );
    expect(
      normalizeProfileUpdate({ birthday: '2008-11-22', nickname: '  Ann ', zalo: '  ', line: null }, today),
    ).toEqual({ birthday: '2008-11-22', nickname: 'Ann', zalo: null, line: null });
  });
});
