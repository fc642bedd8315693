import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES, type LoginResult } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

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
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db.query<{
    session_id: string;
    scope: SessionScope;
    last_seen_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    member_id: string;
    account: string;
    type: number;
    merchant_id: number;
    status: string;
  }>(
    `select s.id::text as session_id, s.scope, s.last_seen_at, s.expires_at, s.revoked_at,
            m.id::text as member_id, m.account, m.type, m.merchant_id, m.status
       from sessions s join members m on m.id = s.member_id
      where s.token_hash = $1`,
    [hashToken(token)],
  );
  if (!row || row.revoked_at) return null;
  const t = now.getTime();
  if (t >= row.expires_at.getTime() || t - row.last_seen_at.getTime() >= IDLE_MS) return null;
  if (row.status !== 'active') return null;
  if (t - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await db.query('update sessions set last_seen_at = $2 where id = $1', [row.session_id, now]);
  }
  return {
    id: row.member_id,
    account: row.account,
    type: row.type,
    merchantId: row.merchant_id,
    scope: row.scope,
    sessionId: row.session_id,
  };
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
