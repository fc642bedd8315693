import { PASSWORD_CHECKS_PER_HOUR } from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { MemberRow } from '../members/members.repository.ts';

/**
 * Password-guessing limits (issue 3): at most 100 password checks per account per hour across
 * every path (login, change password, payment-password checks …) and a per-address limit; the
 * address is req.ip, which only TRUST_PROXY peers can set through X-Forwarded-For. Every check is
 * a login_events row with password_checked = true; rows of paths other than a login have a method
 * starting with "check." (login history shows the others).
 */
export interface PasswordLimits {
  perAccountPerHour: number;
  perIpPerHour: number;
}
export const DEFAULT_PASSWORD_LIMITS: PasswordLimits = {
  perAccountPerHour: PASSWORD_CHECKS_PER_HOUR,
  perIpPerHour: 300,
};
const HOUR = 3600_000;

export interface LoginEvent {
  memberId?: string | null | undefined;
  accountTried?: string | null | undefined;
  ip: string;
  method: string;
  success: boolean;
  passwordChecked?: boolean;
  reason?: string | null | undefined;
  userAgent?: string | undefined;
}

export async function recordLoginEvent(db: Queryable, e: LoginEvent, now: Date): Promise<void> {
  await db.query(
    `insert into login_events (member_id, account_tried, ip, method, success, password_checked, reason, user_agent, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      e.memberId ?? null,
      e.accountTried?.slice(0, 128) ?? null,
      e.ip,
      e.method,
      e.success,
      e.passwordChecked ?? false,
      e.reason ?? null,
      e.userAgent?.slice(0, 512) ?? null,
      now,
    ],
  );
}

async function limitFrom(
  db: Queryable,
  where: string,
  params: unknown[],
  max: number,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - HOUR);
  const [row] = await db.query<{ n: number; oldest: Date | null }>(
    `select count(*)::int as n, min(created_at) as oldest from (
       select created_at from login_events where password_checked and created_at > $1 and ${where}
       order by created_at desc limit ${Math.max(1, Math.floor(max))}) recent`,
    [since, ...params],
  );
  if (row && row.n >= max && row.oldest) {
    throw new AppError('RATE_LIMITED', 'errors.too_many_attempts', undefined, {
      retryAfter: (row.oldest.getTime() + HOUR - now.getTime()) / 1000,
    });
  }
}

/** Throws 429 (with Retry-After) when this address has used up its password checks. */
export const assertIpBudget = (db: Queryable, ip: string, limits: PasswordLimits, now: Date) =>
  limitFrom(db, 'ip = $2', [ip], limits.perIpPerHour, now);

/** Throws 429 when this account (a member, or an unknown name tried) has used up its checks. */
export const assertAccountBudget = (
  db: Queryable,
  who: { memberId?: string | undefined; account: string },
  limits: PasswordLimits,
  now: Date,
) =>
  who.memberId
    ? limitFrom(db, 'member_id = $2', [who.memberId], limits.perAccountPerHour, now)
    : limitFrom(db, 'member_id is null and account_tried = $2', [who.account], limits.perAccountPerHour, now);

/**
 * Reserves one password check before the hash is verified: the limits are counted and the
 * login_events row written in one transaction under an advisory lock per account (then per
 * address, always in that order), so concurrent attempts cannot overshoot the limits. The row
 * reads reason 'checking' until finishPasswordCheck() writes the outcome.
 */
export async function reservePasswordCheck(
  db: Db,
  e: {
    memberId?: string | undefined;
    account: string;
    ip: string;
    method: string;
    userAgent?: string | undefined;
  },
  limits: PasswordLimits,
  now: Date,
): Promise<string> {
  return db.withTx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
      `pwcheck:${e.memberId ?? `name:${e.account}`}`,
    ]);
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`pwcheck-ip:${e.ip}`]);
    await assertIpBudget(tx, e.ip, limits, now);
    await assertAccountBudget(tx, { memberId: e.memberId, account: e.account }, limits, now);
    const [row] = await tx.query<{ id: string }>(
      `insert into login_events (member_id, account_tried, ip, method, success, password_checked, reason, user_agent, created_at)
       values ($1, $2, $3, $4, false, true, 'checking', $5, $6) returning id::text as id`,
      [e.memberId ?? null, e.account.slice(0, 128), e.ip, e.method, e.userAgent?.slice(0, 512) ?? null, now],
    );
    return (row as { id: string }).id;
  });
}

export async function finishPasswordCheck(
  db: Queryable,
  eventId: string,
  outcome: { success: boolean; reason: string | null },
): Promise<void> {
  await db.query('update login_events set success = $2, reason = $3 where id = $1', [
    eventId,
    outcome.success,
    outcome.reason,
  ]);
}

/**
 * Checks a member's login password on a path other than login (change password, payment
 * password …): within the limits, recorded as `check.<path>`. Use it for every such check.
 */
export async function checkMemberPassword(
  db: Db,
  c: {
    member: Pick<MemberRow, 'id' | 'account' | 'password_hash'>;
    password: string;
    ip: string;
    path: string;
    userAgent?: string;
  },
  limits: PasswordLimits,
  now: Date,
): Promise<boolean> {
  const eventId = await reservePasswordCheck(
    db,
    {
      memberId: c.member.id,
      account: c.member.account,
      ip: c.ip,
      method: `check.${c.path}`,
      userAgent: c.userAgent,
    },
    limits,
    now,
  );
  const ok = await verifyPassword(c.member.password_hash, c.password);
  await finishPasswordCheck(db, eventId, { success: ok, reason: ok ? null : 'wrong_password' });
  return ok;
}
