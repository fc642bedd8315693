import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES, type LoginResult } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { assertNotExcluded } from '../protection/protection.guard.ts';

/**
 * Sessions (DESIGN §3, issue 3): a 256-bit random token handed to the client once; the database
 * keeps only its SHA-256. 30 minutes idle (sliding) and 12 hours absolute; revoked on logout and
 * on password change.
 */
export const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
export const ABSOLUTE_MS = SESSION_ABSOLUTE_HOURS * 3600_000;
/** last_seen_at is written at most once a minute per session, not on every call. */
const TOUCH_EVERY_MS = 60_000;

export type SessionScope = 'full' | 'change_password';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export interface NewSession {
  memberId: string | number;
  scope: SessionScope;
  /** username, sms, firebase, freeplay, register, password_change, social … */
  method: string;
  ip: string;
  userAgent?: string | undefined;
}

export interface CreatedSession {
  id: string;
  token: string;
  expiresAt: Date;
}

export async function createSession(tx: Queryable, s: NewSession, now: Date): Promise<CreatedSession> {
  // Issue 10: every login path ends here; a time-out or self-exclusion refuses them all alike.
  await assertNotExcluded(tx, s.memberId, now);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_MS);
  const [row] = await tx.query<{ id: string }>(
    `insert into sessions (token_hash, member_id, scope, login_method, ip, user_agent, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8) returning id::text as id`,
    [
      hashToken(token),
      s.memberId,
      s.scope,
      s.method,
      s.ip,
      s.userAgent?.slice(0, 512) ?? null,
      now,
      expiresAt,
    ],
  );
  return { id: (row as { id: string }).id, token, expiresAt };
}

/** The signed-in caller, as the session plugin puts it on `req.member`. */
export interface SessionMember {
  id: string;
  account: string;
  type: number;
  merchantId: number;
  scope: SessionScope;
  sessionId: string;
}

/** Looks a token up; null when unknown, revoked, idle for 30 minutes or past its 12 hours. */
export async function authenticate(db: Queryable, token: string, now: Date): Promise<SessionMember | null> {
  return (await authenticateSession(db, token, now)).member;
}

/**
 * A read a route needs about its caller, run inside the session's own statement (issue 11,
 * bench:api): one round trip to the database instead of two for a hot member call such as the
 * balance. `sql` is one select that sees the common table `caller` (one row, or none for an unknown
 * token) with the column `member_ref` (the member's id); its rows come back as JSON objects. They
 * are handed to the route only when the session is valid: a revoked, expired or limited session's
 * rows are dropped. Read in the same statement as the session check, never cached.
 */
export interface SessionRead {
  sql: string;
}

/** authenticateSession's answer: the caller, why a session just ended, the route's read. */
export interface SessionFound {
  member: SessionMember | null;
  ended?: string;
  /** The rows of the route's SessionRead (a valid session only). */
  read?: Record<string, unknown>[];
}

const SESSION_SELECT = `select s.id::text as session_id, s.scope, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at,
            m.id::text as member_id, m.account, m.type, m.merchant_id, m.status,
            p.session_limit_minutes as limit_minutes, p.session_limit_pending_minutes as pending_minutes,
            p.session_limit_effective_at as limit_effective_at`;
const SESSION_FROM = `from sessions s join members m on m.id = s.member_id
       left join member_protection p on p.member_id = s.member_id
      where s.token_hash = $1`;
const SESSION_SQL = `${SESSION_SELECT}\n       ${SESSION_FROM}`;
/** The statement of each SessionRead, built once (one prepared statement per text). */
const withReadSql = new WeakMap<SessionRead, string>();
function sessionSqlWith(read: SessionRead): string {
  let sql = withReadSql.get(read);
  if (!sql) {
    sql = `with caller as (${SESSION_SELECT}, s.member_id as member_ref
       ${SESSION_FROM})
     select caller.*, (select coalesce(json_agg(r), '[]'::json) from (${read.sql}) r) as read_rows from caller`;
    withReadSql.set(read, sql);
  }
  return sql;
}

/**
 * authenticate, with the reason a session just ended when it is not an ordinary expiry: the
 * member's session limit (issue 10) ends the session for good (`protection.errors.session_limit`).
 * With `read`, the route's read about the caller runs in the same statement (SessionRead).
 */
export async function authenticateSession(
  db: Queryable,
  token: string,
  now: Date,
  read?: SessionRead,
): Promise<SessionFound> {
  if (token.length < 20 || token.length > 100) return { member: null };
  const [row] = await db.query<{
    session_id: string;
    scope: SessionScope;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    member_id: string;
    account: string;
    type: number;
    merchant_id: number;
    status: string;
    limit_minutes: number | null;
    pending_minutes: number | null;
    limit_effective_at: Date | null;
    read_rows?: Record<string, unknown>[] | string | null;
  }>(read ? sessionSqlWith(read) : SESSION_SQL, [hashToken(token)]);
  if (!row || row.revoked_at) return { member: null };
  const t = now.getTime();
  if (t >= row.expires_at.getTime() || t - row.last_seen_at.getTime() >= IDLE_MS) return { member: null };
  if (row.status !== 'active') return { member: null };
  const limit =
    row.limit_effective_at && row.limit_effective_at.getTime() <= t ? row.pending_minutes : row.limit_minutes;
  if (limit !== null && t - row.created_at.getTime() >= limit * 60_000) {
    await revokeSession(db, row.session_id, now);
    return { member: null, ended: 'protection.errors.session_limit' };
  }
  if (t - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await db.query('update sessions set last_seen_at = $2 where id = $1', [row.session_id, now]);
  }
  return {
    member: {
      id: row.member_id,
      account: row.account,
      type: row.type,
      merchantId: row.merchant_id,
      scope: row.scope,
      sessionId: row.session_id,
    },
    ...(read ? { read: readRows(row.read_rows) } : {}),
  };
}

/** json comes back parsed from both drivers; a string is parsed here in case one does not. */
function readRows(v: Record<string, unknown>[] | string | null | undefined): Record<string, unknown>[] {
  if (typeof v === 'string') return JSON.parse(v) as Record<string, unknown>[];
  return v ?? [];
}

export async function revokeSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [
    sessionId,
    now,
  ]);
}

/** Password change and recovery: every session of the member ends. */
export async function revokeAllSessions(db: Queryable, memberId: string, now: Date): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where member_id = $1 and revoked_at is null', [
    memberId,
    now,
  ]);
  await db.query('delete from remember_tokens where member_id = $1', [memberId]);
}

export function loginResult(
  s: CreatedSession,
  o: { firstTimeLogin: boolean; passwordExpired: boolean; scope: SessionScope },
): LoginResult {
  return {
    token: s.token,
    firstTimeLogin: o.firstTimeLogin,
    passwordExpired: o.passwordExpired,
    mustChangePassword: o.scope === 'change_password',
    expiresAt: s.expiresAt.toISOString(),
  };
}
