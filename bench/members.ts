// Bench members on a server's PostgreSQL database (bench:transfer, bench:api): the seeded demo01
// password hash (Demo2026!), a funded main wallet (one balanced ledger transfer each from the
// merchant's OPENING account), and a session through the real encrypted login route.
import { encryptPayload, type PayloadKey } from '@app/contracts';
import type pg from 'pg';

export const BENCH_PASSWORD = 'Demo2026!';
/** A loopback-trusted client address per number (198.18.0.0/15, the benchmarking range). */
export const ipOf = (i: number) => `198.18.${(i >> 8) & 255}.${i & 255}`;

/** `count` members named `b<stamp><i>`, each funded with `funding` minor units, in one transaction. */
export async function addMembers(
  db: pg.Client,
  count: number,
  funding: number,
): Promise<{ id: string; account: string }[]> {
  await db.query('begin');
  const [demo] = (await db.query(`select merchant_id, password_hash from members where account = 'demo01'`))
    .rows;
  const stamp = Date.now().toString(36);
  const members: { id: string; account: string }[] = [];
  const [opening] = (
    await db.query(
      `insert into ledger_accounts (kind, code, merchant_id) values ('system', 'OPENING', $1)
       on conflict (merchant_id, code) where kind = 'system' do update set code = excluded.code returning id`,
      [demo.merchant_id],
    )
  ).rows;
  for (let i = 0; i < count; i++) {
    const account = `b${stamp}${i}`;
    const [m] = (
      await db.query(
        `insert into members (merchant_id, account, password_hash, type) values ($1, $2, $3, 3) returning id::text as id`,
        [demo.merchant_id, account, demo.password_hash],
      )
    ).rows;
    const [acc] = (
      await db.query(
        `insert into ledger_accounts (kind, member_id, wallet, merchant_id, balance) values ('member', $1, 'MAIN', $2, $3) returning id`,
        [m.id, demo.merchant_id, funding],
      )
    ).rows;
    const [t] = (
      await db.query(
        `insert into ledger_transfers (type, member_id, ref) values ('adjustment', $1, 'bench:fund') returning id`,
        [m.id],
      )
    ).rows;
    await db.query(
      `insert into ledger_entries (transfer_id, account_id, amount, balance_after) values ($1, $2, $3, null), ($1, $4, $5, $5)`,
      [t.id, opening.id, -funding, acc.id, funding],
    );
    members.push({ id: m.id, account });
  }
  await db.query('commit');
  return members;
}

/** The browser's login body: a key and nonce from the server, the payload encrypted with it. */
export async function loginBody(
  base: string,
  account: string,
  password: string,
  ip: string,
): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const key = ((await (await fetch(`${base}/wps/session/key`, { headers })).json()) as { value: PayloadKey })
    .value;
  return JSON.stringify(await encryptPayload(key, { type: 'username', username: account, password }));
}

/** A session token through the real login route. */
export async function login(base: string, account: string, password: string, ip: string): Promise<string> {
  const body = await loginBody(base, account, password, ip);
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body,
  });
  const json = (await res.json()) as { value?: { kind?: string; session?: { token: string } } };
  if (json.value?.kind !== 'session' || !json.value.session)
    throw new Error(`login ${account}: ${res.status}`);
  return json.value.session.token;
}
