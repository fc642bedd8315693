import {
  COOLING_OFF_HOURS,
  LIMIT_KINDS,
  LIMIT_MAX,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SESSION_LIMIT_MINUTES,
  TIME_OUT_DAYS,
  TRIAL_TYPE,
  type ExclusionPeriod,
  type Limit,
  type LimitKind,
  type LimitPeriod,
  type ProtectionSettings,
  type SessionInfo,
} from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { revokeAllSessions } from '../session/session.service.ts';
import * as repo from './protection.repository.ts';

export interface ProtectionMember {
  id: string;
  type: number;
  sessionId: string;
}

export type Effect = { effect: 'now' | 'cooling_off'; effectiveAt: string };

const COOLING_OFF_MS = COOLING_OFF_HOURS * 3600_000;
const DAY_MS = 86_400_000;

const invalid = (field: string, key: string) =>
  new AppError('BAD_REQUEST', `protection.errors.${key}`, { [field]: `protection.errors.${key}` });
const trialRefused = () => new AppError('UNPROCESSABLE', 'protection.errors.trial');

/** The end of a self-exclusion chosen now (calendar months and years); null: indefinite. */
export function exclusionEnd(period: ExclusionPeriod, now: Date): Date | null {
  if (period === 'indefinite') return null;
  const d = new Date(now.getTime());
  if (period === '6m') d.setUTCMonth(d.getUTCMonth() + 6);
  else d.setUTCFullYear(d.getUTCFullYear() + (period === '1y' ? 1 : 5));
  return d;
}

/** Player protection (issue 10): the member's settings and the calls that change them. */
export function createProtectionService({ db, now }: { db: Db; now: Clock }) {
  async function settingsOf(
    q: Queryable,
    memberId: string,
    type: number,
    t: Date,
  ): Promise<ProtectionSettings> {
    const p = await repo.protectionOf(q, memberId);
    const rows = await repo.limitsOf(q, memberId);
    const usage = await repo.usageOf(q, memberId, { ledgerDeposits: false });
    const limits: Limit[] = [];
    for (const kind of LIMIT_KINDS)
      for (const period of LIMIT_PERIODS) {
        const l = rows.find((r) => r.kind === kind && r.period === period);
        const due = !!l?.pending_effective_at && l.pending_effective_at.getTime() <= t.getTime();
        limits.push({
          kind,
          period,
          amount: repo.effectiveAmount(l, t),
          used: usage[kind][period],
          pending:
            l?.pending_effective_at && !due
              ? {
                  amount: l.pending_amount === null ? null : Number(l.pending_amount),
                  effectiveAt: l.pending_effective_at.toISOString(),
                }
              : null,
        });
      }
    const sessionDue =
      !!p?.session_limit_effective_at && p.session_limit_effective_at.getTime() <= t.getTime();
    return {
      limits,
      sessionLimit: {
        minutes: repo.effectiveSessionLimit(p, t),
        pending:
          p?.session_limit_effective_at && !sessionDue
            ? {
                minutes: p.session_limit_pending_minutes,
                effectiveAt: p.session_limit_effective_at.toISOString(),
              }
            : null,
      },
      realityCheckMinutes: p?.reality_check_minutes ?? null,
      depositLimitPrompt:
        type !== TRIAL_TYPE &&
        !p?.deposit_prompt_answered_at &&
        !rows.some((r) => r.kind === 'deposit' && (r.amount !== null || r.pending_amount !== null)),
      trial: type === TRIAL_TYPE,
    };
  }

  async function settings(m: ProtectionMember): Promise<ProtectionSettings> {
    const t = now();
    await repo.applyDue(db, t, m.id);
    return settingsOf(db, m.id, m.type, t);
  }

  /** Decreases (and first limits) at once; increases and removals after the cooling-off. */
  async function setLimit(
    m: ProtectionMember,
    input: { kind: LimitKind; period: LimitPeriod; amount: number | null },
  ): Promise<Effect & { settings: ProtectionSettings }> {
    if (m.type === TRIAL_TYPE) throw trialRefused();
    const { kind, period, amount } = input;
    if (amount !== null && !(Number.isSafeInteger(amount) && amount >= 1 && amount <= LIMIT_MAX))
      throw invalid('amount', 'amount_invalid');
    const t = now();
    const result = await db.withTx(async (tx) => {
      await repo.lockProtection(tx, m.id, t);
      await repo.applyDue(tx, t, m.id);
      const [row] = (await repo.limitsOf(tx, m.id)).filter((l) => l.kind === kind && l.period === period);
      const current = repo.effectiveAmount(row, t);
      const atOnce = current === null ? true : amount !== null && amount <= current;
      const effectiveAt = atOnce ? t : new Date(t.getTime() + COOLING_OFF_MS);
      if (atOnce) {
        await tx.query(
          `insert into member_limits (member_id, kind, period, amount, updated_at) values ($1, $2, $3, $4, $5)
           on conflict (member_id, kind, period) do update
             set amount = excluded.amount, pending_amount = null, pending_effective_at = null, updated_at = excluded.updated_at`,
          [m.id, kind, period, amount, t],
        );
      } else {
        await tx.query(
          `update member_limits set pending_amount = $4, pending_effective_at = $5, updated_at = $6
            where member_id = $1 and kind = $2 and period = $3`,
          [m.id, kind, period, amount, effectiveAt, t],
        );
      }
      if (kind === 'deposit')
        await tx.query(
          `update member_protection set deposit_prompt_answered_at = coalesce(deposit_prompt_answered_at, $2) where member_id = $1`,
          [m.id, t],
        );
      await tx.query('update member_protection set updated_at = $2 where member_id = $1', [m.id, t]);
      return {
        effect: atOnce ? ('now' as const) : ('cooling_off' as const),
        effectiveAt: effectiveAt.toISOString(),
      };
    });
    return { ...result, settings: await settingsOf(db, m.id, m.type, t) };
  }

  async function setSessionLimit(
    m: ProtectionMember,
    minutes: number | null,
  ): Promise<Effect & { settings: ProtectionSettings }> {
    if (
      minutes !== null &&
      !(
        Number.isSafeInteger(minutes) &&
        minutes >= SESSION_LIMIT_MINUTES.min &&
        minutes <= SESSION_LIMIT_MINUTES.max
      )
    )
      throw invalid('minutes', 'minutes_invalid');
    const t = now();
    const result = await db.withTx(async (tx) => {
      await repo.lockProtection(tx, m.id, t);
      await repo.applyDue(tx, t, m.id);
      const p = await repo.protectionOf(tx, m.id, true);
      const current = repo.effectiveSessionLimit(p, t);
      const atOnce = current === null ? true : minutes !== null && minutes <= current;
      const effectiveAt = atOnce ? t : new Date(t.getTime() + COOLING_OFF_MS);
      if (atOnce)
        await tx.query(
          `update member_protection set session_limit_minutes = $2, session_limit_pending_minutes = null,
                  session_limit_effective_at = null, updated_at = $3 where member_id = $1`,
          [m.id, minutes, t],
        );
      else
        await tx.query(
          `update member_protection set session_limit_pending_minutes = $2, session_limit_effective_at = $3,
                  updated_at = $4 where member_id = $1`,
          [m.id, minutes, effectiveAt, t],
        );
      return {
        effect: atOnce ? ('now' as const) : ('cooling_off' as const),
        effectiveAt: effectiveAt.toISOString(),
      };
    });
    return { ...result, settings: await settingsOf(db, m.id, m.type, t) };
  }

  async function setRealityCheck(m: ProtectionMember, minutes: number | null): Promise<ProtectionSettings> {
    if (
      minutes !== null &&
      !(
        Number.isSafeInteger(minutes) &&
        minutes >= REALITY_CHECK_MINUTES.min &&
        minutes <= REALITY_CHECK_MINUTES.max
      )
    )
      throw invalid('minutes', 'minutes_invalid');
    const t = now();
    await db.withTx(async (tx) => {
      await repo.lockProtection(tx, m.id, t);
      await tx.query(
        'update member_protection set reality_check_minutes = $2, updated_at = $3 where member_id = $1',
        [m.id, minutes, t],
      );
    });
    return settings(m);
  }

  async function depositPrompt(m: ProtectionMember): Promise<ProtectionSettings> {
    const t = now();
    await db.withTx(async (tx) => {
      await repo.lockProtection(tx, m.id, t);
      await tx.query(
        `update member_protection set deposit_prompt_answered_at = coalesce(deposit_prompt_answered_at, $2),
                updated_at = $2 where member_id = $1`,
        [m.id, t],
      );
    });
    return settings(m);
  }

  /**
   * Starts (or extends) a time-out or self-exclusion: never shorter than one in force. Every
   * session of the member ends and remembered logins are forgotten, in the same transaction.
   */
  async function exclude(
    m: ProtectionMember,
    kind: 'time_out' | 'self_exclusion',
    until: Date | null,
  ): Promise<{ until: string | null }> {
    if (m.type === TRIAL_TYPE) throw trialRefused();
    const t = now();
    await db.withTx(async (tx) => {
      const p = await repo.lockProtection(tx, m.id, t);
      const current = repo.activeExclusion(p, t);
      if (current) {
        const shorter =
          current.until === null || (until !== null && until.getTime() <= current.until.getTime());
        if (shorter) throw new AppError('UNPROCESSABLE', 'protection.errors.cannot_shorten');
      }
      // A time-out that extends a self-exclusion keeps it a self-exclusion.
      const newKind = current?.kind === 'self_exclusion' ? 'self_exclusion' : kind;
      await tx.query(
        `update member_protection set exclusion_kind = $2, excluded_until = $3, excluded_at = $4, updated_at = $4
          where member_id = $1`,
        [m.id, newKind, until, t],
      );
      await revokeAllSessions(tx, m.id, t);
    });
    return { until: until ? until.toISOString() : null };
  }

  async function timeOut(m: ProtectionMember, days: number): Promise<{ until: string }> {
    if (!(Number.isSafeInteger(days) && days >= TIME_OUT_DAYS.min && days <= TIME_OUT_DAYS.max))
      throw invalid('days', 'amount_invalid');
    const r = await exclude(m, 'time_out', new Date(now().getTime() + days * DAY_MS));
    return { until: r.until! };
  }

  async function selfExclude(
    m: ProtectionMember,
    period: ExclusionPeriod,
  ): Promise<{ until: string | null }> {
    return exclude(m, 'self_exclusion', exclusionEnd(period, now()));
  }

  async function session(m: ProtectionMember): Promise<SessionInfo> {
    const t = now();
    await repo.applyDue(db, t, m.id);
    const [s] = await db.query<{ created_at: Date; ledger_from: Date }>(
      'select created_at, ledger_from from sessions where id = $1',
      [m.sessionId],
    );
    if (!s) throw new AppError('UNAUTHORIZED');
    const [prev] = await db.query<{ created_at: Date; ip: string }>(
      `select created_at, ip from sessions
        where member_id = $1 and (created_at, id) < ($3::timestamptz, $2::bigint)
        order by created_at desc, id desc limit 1`,
      [m.id, m.sessionId, s.created_at],
    );
    const p = await repo.protectionOf(db, m.id);
    const limit = repo.effectiveSessionLimit(p, t);
    return {
      startedAt: s.created_at.toISOString(),
      serverTime: t.toISOString(),
      netResult: await repo.netSince(db, m.id, s.ledger_from),
      previousLogin: prev ? { at: prev.created_at.toISOString(), ip: prev.ip } : null,
      realityCheckMinutes: p?.reality_check_minutes ?? null,
      endsAt: limit === null ? null : new Date(s.created_at.getTime() + limit * 60_000).toISOString(),
    };
  }

  return {
    settings,
    setLimit,
    setSessionLimit,
    setRealityCheck,
    depositPrompt,
    timeOut,
    selfExclude,
    session,
    /** The job: writes down every pending change that is due. */
    applyDue: () => repo.applyDue(db, now()),
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;
