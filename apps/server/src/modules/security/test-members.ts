import type { Db } from '../../db/db.ts';
import { hashPassword } from '../../lib/password.ts';
import { createSession } from '../session/session.service.ts';

/**
 * Test members for the security-centre and social tests: inserted directly, with a full session,
 * so these tests do not depend on the login call's own rules (captcha, new-IP step …).
 */
export async function createTestMember(
  db: Db,
  m: {
    account: string;
    password?: string;
    type?: number;
    email?: string;
    emailVerified?: boolean;
    payeeName?: string;
  },
): Promise<{ id: number; token: string }> {
  const [merchant] = await db.query<{ id: number }>('select id from merchants order by id limit 1');
  const [row] = await db.query<{ id: number }>(
    `insert into members (merchant_id, account, password_hash, type, email, email_verified, payee_name)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::int as id`,
    [
      merchant!.id,
      m.account,
      m.password ? await hashPassword(m.password) : null,
      m.type ?? 3,
      m.email ?? null,
      m.emailVerified ?? false,
      m.payeeName ?? null,
    ],
  );
  const id = row!.id;
  const s = await createSession(
    db,
    { memberId: id, scope: 'full', method: 'username', ip: '127.0.0.1' },
    new Date(),
  );
  return { id, token: s.token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The 6-digit code of the last message sent to a recipient (the outbox of DESIGN §3). */
export async function lastCode(db: Db, recipient: string): Promise<string> {
  const [row] = await db.query<{ body: string }>(
    'select body from outbox where recipient = $1 order by id desc limit 1',
    [recipient],
  );
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}
