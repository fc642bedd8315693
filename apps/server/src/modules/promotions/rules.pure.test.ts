import { describe, expect, it } from 'vitest';
import { bonusFor, countingWindow, requirementsMet, statusOf, type MemberPart, type Rules } from './rules.ts';

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.parse('2026-11-27T00:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

function rules(o: Partial<Rules> = {}): Rules {
  return {
    kind: 'bonus',
    signupFrom: at(0),
    signupTo: at(10 * D),
    runFrom: at(0),
    runTo: at(10 * D),
    claimTo: at(17 * D),
    audience: 'all',
    newbieDays: 30,
    minDeposit: 0,
    turnover: 100_000,
    verticals: null,
    bonusType: 'fixed',
    bonusAmount: 5_000,
    bonusPercent: null,
    bonusCap: null,
    approval: false,
    maxEntries: 1,
    drawnAt: null,
    ...o,
  };
}
function part(o: Partial<MemberPart> = {}): MemberPart {
  return {
    viewer: { createdAt: at(-D), vip: false },
    used: 0,
    entry: null,
    progress: { deposit: 0, turnover: 0 },
    ...o,
  };
}
const joined = (o: Partial<MemberPart> = {}) =>
  part({ used: 1, entry: { state: 'joined', joinedAt: at(H) }, ...o });

describe('activity statuses (spec §4), from the rules and the member’s rows', () => {
  it('a guest sees the windows: coming soon, join now, closed for sign-up', () => {
    expect(statusOf(rules(), at(-H), null).status).toBe('coming_soon');
    expect(statusOf(rules(), at(H), null).status).toBe('join_now');
    expect(statusOf(rules(), at(11 * D), null)).toEqual({ status: 'closed', reason: 'ended' });
  });

  it('a member: join now, or closed with the reason they may not', () => {
    expect(statusOf(rules(), at(H), part()).status).toBe('join_now');
    expect(
      statusOf(
        rules({ audience: 'newbie' }),
        at(H),
        part({ viewer: { createdAt: at(-40 * D), vip: false } }),
      ),
    ).toEqual({
      status: 'closed',
      reason: 'newbie_only',
    });
    expect(statusOf(rules({ audience: 'vip' }), at(H), part())).toEqual({
      status: 'closed',
      reason: 'vip_only',
    });
    expect(
      statusOf(rules({ audience: 'vip' }), at(H), part({ viewer: { createdAt: at(0), vip: true } })).status,
    ).toBe('join_now');
  });

  it('signed up before the run, in progress until the turnover is met, then claim payout, claimed', () => {
    const r = rules({ runFrom: at(2 * D) });
    expect(statusOf(r, at(D), joined()).status).toBe('signed_up');
    expect(statusOf(r, at(3 * D), joined({ progress: { deposit: 0, turnover: 99_999 } })).status).toBe(
      'in_progress',
    );
    expect(statusOf(r, at(3 * D), joined({ progress: { deposit: 0, turnover: 100_000 } })).status).toBe(
      'claim_payout',
    );
    expect(statusOf(r, at(12 * D), joined({ progress: { deposit: 0, turnover: 1 } }))).toEqual({
      status: 'closed',
      reason: 'requirements_unmet',
    });
    expect(statusOf(r, at(18 * D), joined({ progress: { deposit: 0, turnover: 100_000 } }))).toEqual({
      status: 'closed',
      reason: 'expired',
    });
    const claimed = part({ used: 1, entry: { state: 'claimed', joinedAt: at(H) } });
    expect(statusOf(r, at(3 * D), claimed).status).toBe('claimed');
    // With entries left, the member may join again.
    expect(statusOf(rules({ maxEntries: 2 }), at(3 * D), claimed).status).toBe('join_now');
  });

  it('applying, issued, rejected (claim forbidden)', () => {
    const r = rules({ approval: true, turnover: 0 });
    const with_ = (state: 'applying' | 'approved' | 'rejected') =>
      part({ used: 1, entry: { state, joinedAt: at(H) } });
    expect(statusOf(r, at(D), with_('applying')).status).toBe('applying');
    expect(statusOf(r, at(D), with_('approved')).status).toBe('issued');
    expect(statusOf(r, at(D), with_('rejected')).status).toBe('rejected');
    expect(statusOf(r, at(18 * D), with_('approved'))).toEqual({ status: 'closed', reason: 'expired' });
  });

  it('a raffle: signed up once qualified, issued to winners, closed for the others', () => {
    const r = rules({ kind: 'raffle' });
    expect(statusOf(r, at(D), joined()).status).toBe('in_progress');
    expect(statusOf(r, at(D), joined({ progress: { deposit: 0, turnover: 100_000 } })).status).toBe(
      'signed_up',
    );
    const drawn = rules({ kind: 'raffle', drawnAt: at(11 * D) });
    expect(
      statusOf(drawn, at(11 * D), part({ used: 1, entry: { state: 'won', joinedAt: at(H) } })).status,
    ).toBe('issued');
    expect(statusOf(drawn, at(11 * D), part({ used: 1, entry: { state: 'lost', joinedAt: at(H) } }))).toEqual(
      {
        status: 'closed',
        reason: 'not_drawn',
      },
    );
  });

  it('the bonus: fixed, or a share of the deposits up to the cap; deposits count from joining', () => {
    const pct = rules({
      bonusType: 'percent',
      bonusAmount: null,
      bonusPercent: 5_000,
      bonusCap: 30_000,
      minDeposit: 10_000,
      turnover: 0,
    });
    expect(bonusFor(pct, 20_001)).toBe(10_000);
    expect(bonusFor(pct, 1_000_000)).toBe(30_000);
    expect(requirementsMet(pct, { deposit: 9_999, turnover: 0 })).toBe(false);
    expect(requirementsMet(pct, { deposit: 10_000, turnover: 0 })).toBe(true);
    expect(countingWindow(rules({ runFrom: at(D) }), at(H), at(2 * D))).toEqual({
      from: at(D),
      to: at(2 * D),
    });
    expect(countingWindow(rules(), at(3 * D), at(2 * D))).toBeNull();
  });
});
