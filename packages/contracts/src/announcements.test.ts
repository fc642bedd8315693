import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_GROUP_OF,
  ANNOUNCEMENT_TYPES,
  ANNOUNCEMENT_TYPES_OF,
  announcements,
  winnerRankList,
} from './index.ts';

describe('announcements relay (issue 9)', () => {
  const ok = (q: object) => announcements.request.safeParse(q).success;
  it('takes a comma list of the spec §9 types, platform W and execution B', () => {
    for (const types of ['B', 'PL,H', 'B,PL,PU,PR,H']) expect(ok({ types }), types).toBe(true);
    expect(
      ok({ types: 'PL,H', platform: 'W', execution: 'B', language: 'TH', page: '2', pageSize: '7' }),
    ).toBe(true);
    for (const types of ['', 'X', 'B,', ',B', 'b', 'B PL', 'B,PL,PU,PR,H,B'])
      expect(ok({ types }), JSON.stringify(types)).toBe(false);
    expect(ok({ platform: 'A' })).toBe(false);
    expect(ok({ execution: 'A' })).toBe(false);
    expect(ok({ extra: 1 })).toBe(false);
  });
  it('every type has one group, and every group lists its types', () => {
    for (const t of ANNOUNCEMENT_TYPES)
      expect(ANNOUNCEMENT_TYPES_OF[ANNOUNCEMENT_GROUP_OF[t]].split(',')).toContain(t);
  });
  it('the winners board takes a window of 1–30 days and a top of 1–50', () => {
    const w = (q: object) => winnerRankList.request.safeParse(q).success;
    expect(w({ days: '7', count: '10' })).toBe(true);
    for (const q of [{ days: '0' }, { days: '31' }, { count: '51' }, { count: '1.5' }])
      expect(w(q)).toBe(false);
  });
});
