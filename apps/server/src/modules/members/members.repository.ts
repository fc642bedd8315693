import type { Queryable } from '../../db/db.ts';

/** A members row (snake_case columns of 0002_create_accounts.sql). */
export interface MemberRow {
  id: string;
  merchant_id: number;
  account: string;
  password_hash: string | null;
  password_changed_at: Date;
  password_expires_at: Date | null;
  must_change_password: boolean;
  type: number;
  upline_id: string | null;
  status: 'active' | 'frozen';
  nickname: string | null;
  payee_name: string | null;
  email: string | null;
  email_verified: boolean;
  mobile: string | null;
  country_dialing_code: string | null;
  mobile_verified: boolean;
  payment_password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: boolean;
  totp_last_step: string | null;
  language: string;
  first_login: boolean;
  affiliate_code: string | null;
  club_label: string | null;
  avatar: string | null;
  avatar_type: 'STATIC' | 'CUSTOM';
}

const COLUMNS = `id::text as id, merchant_id, account, password_hash, password_changed_at, password_expires_at,
  must_change_password, type, upline_id::text as upline_id, status, nickname, payee_name, email, email_verified,
  mobile, country_dialing_code, mobile_verified, payment_password_hash, totp_secret, totp_enabled,
  totp_last_step::text as totp_last_step, language, first_login, affiliate_code, club_label, avatar, avatar_type`;

export async function findMemberById(db: Queryable, id: string | number, forUpdate = false) {
  const [row] = await db.query<MemberRow>(
    `select ${COLUMNS} from members where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return row;
}

/** Accounts are stored lower-case; callers pass what the person typed. */
export async function findMemberByAccount(db: Queryable, merchantId: number, account: string) {
  const [row] = await db.query<MemberRow>(
    `select ${COLUMNS} from members where merchant_id = $1 and account = $2`,
    [merchantId, account.trim().toLowerCase()],
  );
  return row;
}

/** The member whose verified mobile this is (login by SMS, phone recovery). */
export async function findMemberByVerifiedMobile(
  db: Queryable,
  merchantId: number,
  dialingCode: string,
  mobile: string,
) {
  const [row] = await db.query<MemberRow>(
    `select ${COLUMNS} from members
      where merchant_id = $1 and country_dialing_code = $2 and mobile = $3 and mobile_verified`,
    [merchantId, dialingCode, mobile],
  );
  return row;
}

/** An agent by its affiliate (invitation) code, case-insensitive. */
export async function findAgentByAffiliateCode(db: Queryable, merchantId: number, code: string) {
  const [row] = await db.query<MemberRow>(
    `select ${COLUMNS} from members
      where merchant_id = $1 and upper(affiliate_code) = upper($2) and type in (1, 2, 41, 42)`,
    [merchantId, code.trim()],
  );
  return row;
}

/** Who an invitation code registers under (issue 8): a live link of an agent, or an agent's own code. */
export interface Inviter {
  agent: MemberRow;
  /** The invitation link (agent_links) the code names, or null for the agent's own code. */
  linkId: string | null;
  /** What the new account becomes: a link says; an agent's own code makes a player. */
  kind: 'member' | 'agent';
}

/**
 * Resolves an invitation code, case-insensitive: a live (not retired) link of an agent first, then
 * an agent's own affiliate code (findAgentByAffiliateCode).
 */
export async function findInviter(
  db: Queryable,
  merchantId: number,
  code: string,
): Promise<Inviter | undefined> {
  const [link] = await db.query<MemberRow & { link_id: string; link_kind: 'member' | 'agent' }>(
    `select ${COLUMNS}, l.link_id, l.link_kind
       from members
       join (select id::text as link_id, kind as link_kind, member_id from agent_links
              where merchant_id = $1 and code = upper($2) and retired_at is null) l on l.member_id = members.id
      where type in (1, 2, 41, 42)`,
    [merchantId, code.trim()],
  );
  // A frozen agent (by its upline, an operator or an unpaid dividend) invites nobody.
  if (link) {
    const { link_id, link_kind, ...agent } = link;
    return agent.status === 'active' ? { agent, linkId: link_id, kind: link_kind } : undefined;
  }
  const agent = await findAgentByAffiliateCode(db, merchantId, code);
  return agent?.status === 'active' ? { agent, linkId: null, kind: 'member' } : undefined;
}

export async function listLabels(db: Queryable, memberId: string): Promise<string[]> {
  const rows = await db.query<{ label_name: string }>(
    'select label_name from member_labels where member_id = $1 order by label_name',
    [memberId],
  );
  return rows.map((r) => r.label_name);
}

export async function setPasswordHash(
  db: Queryable,
  memberId: string,
  passwordHash: string,
  at: Date,
): Promise<void> {
  await db.query(
    `update members set password_hash = $2, password_changed_at = $3, password_expires_at = null,
       must_change_password = false where id = $1`,
    [memberId, passwordHash, at],
  );
}

/** Mobile numbers and codes are addressed as "+95 912345678". */
export const phoneTarget = (dialingCode: string, mobile: string) => `${dialingCode} ${mobile}`;
