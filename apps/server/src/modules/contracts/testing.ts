import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { call } from '../../test/calls.ts';
import { createSession } from '../session/session.service.ts';

/**
 * Test helpers of the contracts (issue 8): members inserted with SQL (no password hashing: the
 * sessions are made in the database), calls with a session, settled bets written directly.
 */

const tag = randomBytes(3).toString('hex');
let counter = 0;

export interface Node {
  id: string;
  account: string;
  token: string;
}

/** A member of `type` under `upline` (null: a root), with a session. */
export async function node(app: FastifyInstance, type: number, upline: string | null): Promise<Node> {
  const account = `c${tag}${(counter++).toString(36)}`;
  const [row] = await app.services.db.query<{ id: string }>(
    `insert into members (merchant_id, account, password_hash, type, upline_id)
     select id, $1, 'not-a-hash', $2, $3 from merchants order by id limit 1 returning id::text as id`,
    [account, type, upline],
  );
  const { token } = await createSession(
    app.services.db,
    { memberId: row!.id, scope: 'full', method: 'username', ip: '203.0.113.7' },
    app.services.now(),
  );
  return { id: row!.id, account, token };
}

export type { Answer } from '../../test/calls.ts';

/** Calls the app as the member; `payload` is the query (GET) or the body (POST, `{}` when none). */
export const as = <T = unknown>(
  app: FastifyInstance,
  who: { token: string },
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
) => call<T>(app, who, method, path, method === 'POST' ? (payload ?? {}) : payload);

/** A settled bet of the member: `stake` in, `payout` back, settled at `at`. */
export async function bet(app: FastifyInstance, memberId: string, stake: number, payout: number, at: Date) {
  await app.services.db.query(
    `insert into bet_records (member_id, vertical, stake, payout, settled_at, status, created_at)
     values ($1, 'slots', $2, $3, $4, 'settled', $4)`,
    [memberId, stake, payout, at],
  );
}

/** Refusals written for the member (agent_access_denials). */
export async function denials(app: FastifyInstance, memberId: string): Promise<number> {
  const [row] = await app.services.db.query<{ c: string }>(
    'select count(*)::text as c from agent_access_denials where member_id = $1',
    [memberId],
  );
  return Number(row?.c ?? 0);
}

/** Notices of a kind in the member's inbox. */
export async function notices(app: FastifyInstance, memberId: string, kind: string) {
  return app.services.db.query<{ params: Record<string, unknown> | string }>(
    'select params from messages where member_id = $1 and kind = $2 order by id',
    [memberId, kind],
  );
}

/** A new session for the member (the test clock may have moved past the idle limit of the old one). */
export async function fresh(app: FastifyInstance, n: Node): Promise<Node> {
  const { token } = await createSession(
    app.services.db,
    { memberId: n.id, scope: 'full', method: 'username', ip: '203.0.113.7' },
    app.services.now(),
  );
  n.token = token;
  return n;
}
