import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { secureCall } from '../../test/accounts.ts';
import type { MoneyMember } from '../../test/money.ts';

/** Test helpers of the rewards module (issue 9): calls with a member's session, ops, rows. */

/** Calls with a member's session (`payload`: the query of a GET, else the body); the operator's commands. */
export { call as send, opsCall as ops, type Answer } from '../../test/calls.ts';

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
