import type { Profile } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { PROFILE_COLUMNS, type ProfileUpdate } from './profile.ts';

/** What the security centre reads of a member. */
export interface SecurityMemberRow {
  id: number;
  merchantId: number;
  account: string;
  type: number;
  passwordHash: string | null;
  paymentPasswordHash: string | null;
  payeeName: string | null;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabled: boolean;
  totpLastStep: number | null;
}

export async function findMember(
  q: Queryable,
  id: number,
  forUpdate = false,
): Promise<SecurityMemberRow | null> {
  const rows = await q.query<SecurityMemberRow>(
    `select id::int as id, merchant_id as "merchantId", account, type, password_hash as "passwordHash",
            payment_password_hash as "paymentPasswordHash", payee_name as "payeeName",
            totp_secret as "totpSecret", totp_pending_secret as "totpPendingSecret",
            totp_enabled as "totpEnabled", totp_last_step::float8 as "totpLastStep"
       from members where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

const selectProfile = Object.entries(PROFILE_COLUMNS)
  .map(([field, column]) =>
    field === 'birthday' ? `to_char(birthday, 'YYYY-MM-DD') as "birthday"` : `${column} as "${field}"`,
  )
  .join(', ');

export async function findProfile(q: Queryable, id: number): Promise<Profile | null> {
  const rows = await q.query<Profile>(`select ${selectProfile} from members where id = $1`, [id]);
  return rows[0] ?? null;
}

/** Only the fields present in `update` are written (column names come from PROFILE_COLUMNS). */
export async function updateProfile(q: Queryable, id: number, update: ProfileUpdate): Promise<void> {
  const entries = Object.entries(update) as [keyof typeof PROFILE_COLUMNS, string | null][];
  if (entries.length === 0) return;
  const sets = entries.map(([field], i) =>
    field === 'birthday' ? `birthday = $${i + 2}::date` : `${PROFILE_COLUMNS[field]} = $${i + 2}`,
  );
  await q.query(`update members set ${sets.join(', ')} where id = $1`, [id, ...entries.map(([, v]) => v)]);
}

export async function setPaymentPasswordHash(q: Queryable, id: number, hash: string): Promise<void> {
  await q.query('update members set payment_password_hash = $2 where id = $1', [id, hash]);
}

/** Another member of the merchant with this verified mobile number. */
export async function mobileBoundElsewhere(
  q: Queryable,
  merchantId: number,
  memberId: number,
  dialingCode: string,
  mobile: string,
): Promise<boolean> {
  const rows = await q.query(
    `select 1 from members where merchant_id = $1 and id <> $2 and mobile_verified
        and country_dialing_code = $3 and mobile = $4 limit 1`,
    [merchantId, memberId, dialingCode, mobile],
  );
  return rows.length > 0;
}

export async function emailBoundElsewhere(
  q: Queryable,
  merchantId: number,
  memberId: number,
  email: string,
): Promise<boolean> {
  const rows = await q.query(
    `select 1 from members where merchant_id = $1 and id <> $2 and email_verified and email = $3 limit 1`,
    [merchantId, memberId, email],
  );
  return rows.length > 0;
}

export async function bindMobile(
  q: Queryable,
  id: number,
  dialingCode: string,
  mobile: string,
): Promise<void> {
  await q.query(
    `update members set country_dialing_code = $2, mobile = $3, mobile_verified = true where id = $1`,
    [id, dialingCode, mobile],
  );
}

export async function bindEmail(q: Queryable, id: number, email: string): Promise<void> {
  await q.query(`update members set email = $2, email_verified = true where id = $1`, [id, email]);
}

export async function setTotpPending(q: Queryable, id: number, secret: string): Promise<void> {
  await q.query('update members set totp_pending_secret = $2 where id = $1', [id, secret]);
}

/** Moves the pending secret in, if it is still the one that was checked. */
export async function enableTotp(q: Queryable, id: number, pending: string, step: number): Promise<boolean> {
  const rows = await q.query(
    `update members set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_enabled = true,
            totp_last_step = $3
      where id = $1 and totp_pending_secret = $2 and not totp_enabled returning id`,
    [id, pending, step],
  );
  return rows.length > 0;
}

/** Turns TOTP off if no other request used a code at or after this step meanwhile. */
export async function disableTotp(q: Queryable, id: number, step: number): Promise<boolean> {
  const rows = await q.query(
    `update members set totp_enabled = false, totp_secret = null, totp_pending_secret = null,
            totp_last_step = $2
      where id = $1 and totp_enabled and (totp_last_step is null or totp_last_step < $2) returning id`,
    [id, step],
  );
  return rows.length > 0;
}

export interface LoginEventRow {
  time: string;
  ip: string;
  method: string;
  success: boolean;
  userAgent: string | null;
}

/** Sign-ins only: password checks of other calls (`check.<path>` rows) are not logins. */
export async function listLoginEvents(
  q: Queryable,
  memberId: number,
  limit: number,
  offset: number,
): Promise<{ items: LoginEventRow[]; total: number }> {
  const [items, count] = await Promise.all([
    q.query<{ time: Date; ip: string; method: string; success: boolean; userAgent: string | null }>(
      `select created_at as "time", ip, method, success, user_agent as "userAgent"
         from login_events where member_id = $1 and method not like 'check.%'
        order by created_at desc, id desc limit $2 offset $3`,
      [memberId, limit, offset],
    ),
    q.query<{ n: number }>(
      `select count(*)::int as n from login_events where member_id = $1 and method not like 'check.%'`,
      [memberId],
    ),
  ]);
  return {
    items: items.map((r) => ({ ...r, time: new Date(r.time).toISOString() })),
    total: count[0]?.n ?? 0,
  };
}
