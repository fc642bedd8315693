import type { Queryable } from '../../db/db.ts';

export async function insertState(
  q: Queryable,
  s: { state: string; provider: string; codeVerifier: string; nonce: string; now: Date; expiresAt: Date },
): Promise<void> {
  // Expired rows are swept where new ones are written, so the table stays small.
  await q.query('delete from oauth_states where expires_at < $1', [s.now]);
  await q.query(
    `insert into oauth_states (state, provider, code_verifier, nonce, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [s.state, s.provider, s.codeVerifier, s.nonce, s.now, s.expiresAt],
  );
}

/** Marks a state used and answers its secrets, once, while unexpired and for its provider only. */
export async function takeState(
  q: Queryable,
  state: string,
  provider: string,
  now: Date,
): Promise<{ codeVerifier: string; nonce: string } | null> {
  const rows = await q.query<{ codeVerifier: string; nonce: string }>(
    `update oauth_states set used_at = $3
      where state = $1 and provider = $2 and used_at is null and expires_at > $3
      returning code_verifier as "codeVerifier", nonce`,
    [state, provider, now],
  );
  return rows[0] ?? null;
}

export interface SocialMemberRow {
  id: number;
  type: number;
  status: string;
}

export async function findIdentityMember(
  q: Queryable,
  provider: string,
  subject: string,
): Promise<SocialMemberRow | null> {
  const rows = await q.query<SocialMemberRow>(
    `select m.id::int as id, m.type, m.status from social_identities s join members m on m.id = s.member_id
      where s.provider = $1 and s.subject = $2`,
    [provider, subject],
  );
  return rows[0] ?? null;
}

/** Members of the merchant whose verified e-mail is this one (at most two, to see ambiguity). */
export async function findVerifiedEmailMembers(
  q: Queryable,
  merchantId: number,
  email: string,
): Promise<SocialMemberRow[]> {
  return q.query<SocialMemberRow>(
    `select id::int as id, type, status from members
      where merchant_id = $1 and email = $2 and email_verified order by id limit 2`,
    [merchantId, email],
  );
}

export async function insertIdentity(
  q: Queryable,
  i: { provider: string; subject: string; memberId: number; email: string | null },
): Promise<void> {
  await q.query(
    'insert into social_identities (provider, subject, member_id, email) values ($1, $2, $3, $4)',
    [i.provider, i.subject, i.memberId, i.email],
  );
}

/** Inserts a member unless the account is taken (answers null then). */
export async function insertMember(
  q: Queryable,
  m: {
    merchantId: number;
    account: string;
    passwordHash: string | null;
    type: number;
    nickname: string | null;
    email: string | null;
    telegram: string | null;
    registerIp: string;
    registerMethod: string;
  },
): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `insert into members (merchant_id, account, password_hash, type, nickname, email, email_verified, telegram,
                          register_ip, register_method)
     values ($1, $2, $3, $4, $5, $6::text, $6::text is not null, $7, $8, $9)
     on conflict (merchant_id, account) do nothing returning id::int as id`,
    [
      m.merchantId,
      m.account,
      m.passwordHash,
      m.type,
      m.nickname,
      m.email,
      m.telegram,
      m.registerIp,
      m.registerMethod,
    ],
  );
  return rows[0]?.id ?? null;
}

/** Whether the member's first login is still to be done (the firstLogin call ends it). */
export async function isFirstLogin(q: Queryable, memberId: number): Promise<boolean> {
  const rows = await q.query<{ firstLogin: boolean }>(
    'select first_login as "firstLogin" from members where id = $1',
    [memberId],
  );
  return rows[0]?.firstLogin ?? false;
}

/** A social sign-in makes its address known (the new-IP step of spec §1 asks from other ones). */
export async function rememberIp(q: Queryable, memberId: number, ip: string, at: Date): Promise<void> {
  await q.query(
    `insert into known_ips (member_id, ip, first_seen, last_seen) values ($1, $2, $3, $3)
     on conflict (member_id, ip) do update set last_seen = excluded.last_seen`,
    [memberId, ip, at],
  );
}
