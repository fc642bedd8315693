import type { Db } from '../db/db.ts';
import { hashPassword } from '../lib/password.ts';

/**
 * Demo accounts of issue 3 (listed in the README). Balances come with the money issue. Passwords
 * are hashed with argon2id at seed time; accounts that already exist are left alone.
 */
export interface DemoAccount {
  account: string;
  password: string;
  type: number;
  upline?: string;
  affiliateCode?: string;
  payeeName?: string;
  email?: string;
  mobile?: { dialingCode: string; number: string };
  /** The password expired a day ago (forcePasswordExpiry is on in the seed). */
  expired?: boolean;
  nickname?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    account: 'demo01',
    password: 'Demo2026!',
    type: 3,
    nickname: 'Demo',
    payeeName: 'Demo Player',
    email: 'demo01@example.com',
    mobile: { dialingCode: '+95', number: '912345678' },
  },
  { account: 'agent01', password: 'Agent2026!', type: 1, affiliateCode: 'AGENT01', payeeName: 'Agent One' },
  { account: 'agent02', password: 'Agent2026!', type: 2, upline: 'agent01', affiliateCode: 'AGENT02' },
  { account: 'player01', password: 'Player2026!', type: 3, upline: 'agent01' },
  { account: 'weak01', password: '123456', type: 3 },
  { account: 'expired01', password: 'Expired2026!', type: 3, expired: true },
];

export async function seedDemoAccounts(db: Db, merchantId: number, now = new Date()): Promise<string[]> {
  const existing = new Set(
    (
      await db.query<{ account: string }>(
        'select account from members where merchant_id = $1 and account = any($2::text[])',
        [merchantId, DEMO_ACCOUNTS.map((a) => a.account)],
      )
    ).map((r) => r.account),
  );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.account));
  if (missing.length === 0) return [];
  const hashes = await Promise.all(missing.map((a) => hashPassword(a.password)));
  return db.withTx(async (tx) => {
    const created: string[] = [];
    for (const [i, a] of missing.entries()) {
      const [upline] = a.upline
        ? await tx.query<{ id: string }>(
            'select id::text as id from members where merchant_id = $1 and account = $2',
            [merchantId, a.upline],
          )
        : [];
      const rows = await tx.query(
        `insert into members (merchant_id, account, password_hash, password_changed_at, password_expires_at, type,
           upline_id, nickname, payee_name, email, email_verified, mobile, country_dialing_code, mobile_verified,
           affiliate_code, register_method, first_login)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'SEED', false)
         on conflict (merchant_id, account) do nothing returning id`,
        [
          merchantId,
          a.account,
          hashes[i],
          now,
          a.expired ? new Date(now.getTime() - 86_400_000) : null,
          a.type,
          upline?.id ?? null,
          a.nickname ?? null,
          a.payeeName ?? null,
          a.email ?? null,
          !!a.email,
          a.mobile?.number ?? null,
          a.mobile?.dialingCode ?? null,
          !!a.mobile,
          a.affiliateCode ?? null,
        ],
      );
      if (rows.length > 0) created.push(a.account);
    }
    return created;
  });
}
