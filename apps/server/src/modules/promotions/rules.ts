import type {
  ActivityStatus,
  BetVertical,
  ClosedReason,
  EntryState,
  PromoAudience,
  PromoKind,
} from '@app/contracts';

/**
 * The rules of one activity and the status a member sees (spec §4 activity statuses), as pure
 * functions of the activity, the clock and the member's own rows. The service reads the rows;
 * everything decided from them is here.
 */

export interface Rules {
  kind: PromoKind;
  signupFrom: Date;
  signupTo: Date;
  runFrom: Date;
  runTo: Date;
  claimTo: Date;
  audience: PromoAudience;
  newbieDays: number;
  minDeposit: number;
  turnover: number;
  verticals: BetVertical[] | null;
  bonusType: 'fixed' | 'percent';
  bonusAmount: number | null;
  bonusPercent: number | null;
  bonusCap: number | null;
  approval: boolean;
  maxEntries: number;
  drawnAt: Date | null;
}

/** Who is looking: when the account was made and whether it carries the VIP label. */
export interface Viewer {
  createdAt: Date;
  vip: boolean;
}

export interface Progress {
  deposit: number;
  turnover: number;
}

export interface EntryLike {
  state: EntryState;
  joinedAt: Date;
}

export interface MemberPart {
  viewer: Viewer;
  /** Entries of this member in the activity, any state. */
  used: number;
  /** The latest entry, or null. */
  entry: EntryLike | null;
  /** The latest entry's progress (zero when there is none). */
  progress: Progress;
}

const DAY_MS = 86_400_000;
export const OPEN_STATES: readonly EntryState[] = ['joined', 'applying', 'approved', 'won'];
export const isOpen = (s: EntryState) => OPEN_STATES.includes(s);

/** The audience rule: null when the member may join, else why not. */
export function blockerOf(r: Rules, v: Viewer, now: Date): 'newbie_only' | 'vip_only' | null {
  if (r.audience === 'newbie' && now.getTime() - v.createdAt.getTime() > r.newbieDays * DAY_MS)
    return 'newbie_only';
  if (r.audience === 'vip' && !v.vip) return 'vip_only';
  return null;
}

/** The bonus of an entry with these deposits: fixed, or the percentage of the deposits up to the cap. */
export function bonusFor(r: Rules, deposit: number): number {
  if (r.bonusType === 'fixed') return r.bonusAmount ?? 0;
  const raw = Math.floor((deposit * (r.bonusPercent ?? 0)) / 10_000);
  return Math.min(raw, r.bonusCap ?? 0);
}

/** Deposits and turnover reached, and (a percentage bonus) something to pay. */
export function requirementsMet(r: Rules, p: Progress): boolean {
  return p.deposit >= r.minDeposit && p.turnover >= r.turnover && bonusFor(r, p.deposit) > 0;
}

/** Nothing to reach: an application can be sent at once (no joining first). */
export const noRequirements = (r: Rules) => r.minDeposit === 0 && r.turnover === 0 && r.bonusType === 'fixed';

/** Where deposits and bets count for an entry: from joining (not before the run), to the run's end or now. */
export function countingWindow(r: Rules, joinedAt: Date, now: Date): { from: Date; to: Date } | null {
  const from = new Date(Math.max(r.runFrom.getTime(), joinedAt.getTime()));
  const to = new Date(Math.min(r.runTo.getTime(), now.getTime()));
  return from.getTime() <= to.getTime() ? { from, to } : null;
}

export interface Shown {
  status: ActivityStatus;
  reason: ClosedReason | null;
}

/** May this member start a new entry now? `join_now`, or the status and reason that say why not. */
export function joinable(r: Rules, now: Date, part: Pick<MemberPart, 'viewer' | 'used'> | null): Shown {
  const t = now.getTime();
  if (t < r.signupFrom.getTime()) return { status: 'coming_soon', reason: null };
  if (t > r.signupTo.getTime() || r.drawnAt) return { status: 'closed', reason: 'ended' };
  if (!part) return { status: 'join_now', reason: null };
  if (part.used >= r.maxEntries) return { status: 'closed', reason: 'limit_reached' };
  const blocker = blockerOf(r, part.viewer, now);
  if (blocker) return { status: 'closed', reason: blocker };
  return { status: 'join_now', reason: null };
}

/**
 * The status of spec §4 this member sees (a guest: `part` null, the windows alone):
 * coming soon before sign-up opens; join now when they may join; signed up (joined, the run not
 * started; a raffle entry that qualifies for the draw); in progress while the requirements are not
 * met; claim payout when they are (the claim, or the application when the operator approves);
 * applying while the operator decides; issued when approved or drawn (ready to claim); claimed;
 * rejected (claim forbidden); closed for sign-up after the window, or when they may not join.
 */
export function statusOf(r: Rules, now: Date, part: MemberPart | null): Shown {
  if (!part) return joinable(r, now, null);
  const t = now.getTime();
  const e = part.entry;
  if (e && isOpen(e.state)) {
    switch (e.state) {
      case 'applying':
        return { status: 'applying', reason: null };
      case 'approved':
      case 'won':
        return t > r.claimTo.getTime()
          ? { status: 'closed', reason: 'expired' }
          : { status: 'issued', reason: null };
      default: {
        const met = requirementsMet(r, part.progress);
        if (t < r.runFrom.getTime()) return { status: 'signed_up', reason: null };
        if (r.kind === 'raffle') {
          if (r.drawnAt) return { status: 'closed', reason: 'not_drawn' };
          if (met) return { status: 'signed_up', reason: null };
          return t > r.runTo.getTime()
            ? { status: 'closed', reason: 'requirements_unmet' }
            : { status: 'in_progress', reason: null };
        }
        if (met)
          return t > r.claimTo.getTime()
            ? { status: 'closed', reason: 'expired' }
            : { status: 'claim_payout', reason: null };
        return t > r.runTo.getTime()
          ? { status: 'closed', reason: 'requirements_unmet' }
          : { status: 'in_progress', reason: null };
      }
    }
  }
  const again = joinable(r, now, part);
  if (!e || again.status === 'join_now') return again;
  if (e.state === 'claimed') return { status: 'claimed', reason: null };
  if (e.state === 'rejected') return { status: 'rejected', reason: null };
  return { status: 'closed', reason: 'not_drawn' };
}
