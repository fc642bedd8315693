import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { openTestDb } from '../test/helper.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { seedDemo } from './seed.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => db.close());

it('seeds the issue 3 demo accounts once, with their uplines, codes and argon2id hashes', async () => {
  await Promise.all([seedDemo(db), seedDemo(db)]);
  const rows = await db.query<{
    account: string;
    type: number;
    upline: string | null;
    affiliate_code: string | null;
    password_hash: string;
    expired: boolean;
    mobile_verified: boolean;
    email_verified: boolean;
  }>(
    `select m.account, m.type, u.account as upline, m.affiliate_code, m.password_hash,
            coalesce(m.password_expires_at < now(), false) as expired, m.mobile_verified, m.email_verified
       from members m left join members u on u.id = m.upline_id order by m.id`,
  );
  expect(rows.map((r) => r.account)).toEqual(DEMO_ACCOUNTS.map((a) => a.account));
  const by = Object.fromEntries(rows.map((r) => [r.account, r]));
  expect(by.demo01).toMatchObject({ type: 3, mobile_verified: true, email_verified: true });
  expect(by.agent01).toMatchObject({ type: 1, affiliate_code: 'AGENT01', upline: null });
  expect(by.agent02).toMatchObject({ type: 2, affiliate_code: 'AGENT02', upline: 'agent01' });
  expect(by.player01).toMatchObject({ type: 3, upline: 'agent01' });
  expect(by.expired01).toMatchObject({ expired: true });
  for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});
