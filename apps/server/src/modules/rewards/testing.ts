import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { secureCall } from '../../test/accounts.ts';
import { TEST_OPS_TOKEN } from '../../test/helper.ts';
import type { MoneyMember } from '../../test/money.ts';

/** Test helpers of the rewards module (issue 9): calls with a member's session, ops, rows. */

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; value?: T; code?: string; message?: string; fields?: Record<string, string> };
}

/** Calls the app with the member's session; `payload` is the query (GET) or the body (POST). */
export async function send<T = unknown>(
  app: FastifyInstance,
  m: Pick<MoneyMember, 'headers'>,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
): Promise<Answer<T>> {
  const qs =
    method === 'GET' && payload
      ? `?${new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
      : '';
  const res = await app.inject({
    method,
    url: `${url}${qs}`,
    headers: m.headers,
    ...(method === 'POST' && payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** The operator command line through the app's /ops route. */
export async function ops(
  app: FastifyInstance,
  command: string,
  ...args: string[]
): Promise<{ status: number; message: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `/ops/${command}`,
    headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
    payload: { args },
    remoteAddress: '127.0.0.1',
  });
  const body = res.json() as { value?: { message: string }; message?: string };
  return { status: res.statusCode, message: body.value?.message ?? body.message ?? '' };
}

/** The member's inbox notices of a kind, oldest first. */
export async function noticesOf(
  app: FastifyInstance,
  memberId: string,
  kind: string,
): Promise<{ params: Record<string, string | number> }[]> {
  return app.services.db.query(`select params from messages where member_id = $1 and kind = $2 order by id`, [
    memberId,
    kind,
  ]);
}

/** Rows of a table for a member (counts prove that a refused call wrote nothing). */
export async function countRows(app: FastifyInstance, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await app.services.db.query<{ c: string }>(sql, params);
  return Number(row?.c ?? 0);
}

/** A bet of the member as the games write it (bet_records), at `at` (default: the app's now). */
export async function betAt(
  app: FastifyInstance,
  memberId: string,
  b: {
    vertical?: string;
    stake?: number;
    payout?: number;
    status?: 'open' | 'settled' | 'rolled_back';
    at?: Date;
  },
): Promise<void> {
  const at = b.at ?? app.services.now();
  const status = b.status ?? 'settled';
  await app.services.db.query(
    `insert into bet_records (member_id, vertical, stake, payout, status, created_at, settled_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      memberId,
      b.vertical ?? 'slots',
      b.stake ?? 1_000,
      b.payout ?? 0,
      status,
      at,
      status === 'settled' ? at : null,
    ],
  );
}

/** A trial account (type 4) through the free-play login, as a guest gets one. */
export async function trialMember(app: FastifyInstance): Promise<MoneyMember> {
  const res = await secureCall(app, 'POST', '/wps/session/login/freeplay', {
    os: 'linux',
    platform: 'W',
    random: randomBytes(12).toString('hex'),
  });
  const token = (res.json() as { value: { token: string } }).value.token;
  const headers = { authorization: `Bearer ${token}` };
  const info = await app.inject({ method: 'GET', url: '/wps/member/info', headers });
  const { id, account } = (info.json() as { value: { id: number; account: string } }).value;
  return { id: String(id), account, password: '', token, headers };
}
