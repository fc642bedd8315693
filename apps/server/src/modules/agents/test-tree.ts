import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { hashPassword } from '../../lib/password.ts';
import { createSession } from '../session/session.service.ts';
import { TEST_PAYMENT_PASSWORD } from '../../test/money.ts';

/**
 * Test helpers of the agent centre (issue 8): trees of members written with one SQL insert each,
 * sessions made straight in the database (no argon2 login per node), calls with a session.
 */

export const TREE_PASSWORD = 'Test2026pw';
let hashes: Promise<{ login: string; payment: string }> | undefined;
/** One argon2 hash of each password for every tree of the run (hashing is the slow part). */
export const treeHashes = () =>
  (hashes ??= Promise.all([hashPassword(TREE_PASSWORD), hashPassword(TEST_PAYMENT_PASSWORD)]).then(
    ([login, payment]) => ({ login, payment }),
  ));

export interface TreeNode {
  id: string;
  account: string;
  type: number;
  /** Index of the parent in the same tree, -1 for a root. */
  parent: number;
}

let runTag = randomBytes(3).toString('hex');
let counter = 0;
/** A fresh lower-case account name (letters first, 16 characters at most). */
export const freshAccount = (prefix = 'a') => `${prefix}${runTag}${(counter++).toString(36)}`.slice(0, 16);
export function resetTag() {
  runTag = randomBytes(3).toString('hex');
}

/**
 * Inserts a forest in one statement: node i has parent `parents[i]` (an earlier index, or -1 for a
 * root, which then hangs under `rootUpline` if given). Ids are drawn from the sequence first.
 */
export async function insertTree(
  app: FastifyInstance,
  nodes: { parent: number; type: number }[],
  rootUpline: string | null = null,
): Promise<TreeNode[]> {
  const db = app.services.db;
  const { login, payment } = await treeHashes();
  const ids = await db.query<{ id: string }>(
    `select nextval(pg_get_serial_sequence('members', 'id'))::text as id from generate_series(1, $1::int)`,
    [nodes.length],
  );
  const out: TreeNode[] = nodes.map((nd, i) => ({
    id: ids[i]!.id,
    account: freshAccount(),
    type: nd.type,
    parent: nd.parent,
  }));
  const upline = (nd: TreeNode) => (nd.parent >= 0 ? out[nd.parent]!.id : rootUpline);
  await db.query(
    `insert into members (id, merchant_id, account, password_hash, payment_password_hash, type, upline_id)
     select u.id, (select id from merchants order by id limit 1), u.account, $4, $5, u.type, u.upline
       from unnest($1::bigint[], $2::text[], $3::smallint[], $6::bigint[]) as u(id, account, type, upline)`,
    [
      out.map((x) => x.id),
      out.map((x) => x.account),
      out.map((x) => x.type),
      login,
      payment,
      out.map(upline),
    ],
  );
  return out;
}

/** A session for the member, made in the database (the login route is tested elsewhere). */
export async function sessionOf(app: FastifyInstance, memberId: string): Promise<string> {
  const s = await createSession(
    app.services.db,
    { memberId, scope: 'full', method: 'username', ip: '203.0.113.9' },
    app.services.now(),
  );
  return s.token;
}

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; value?: T; code?: string; message?: string; fields?: Record<string, string> };
}

/** Calls the app with the member's session; `payload` is the query (GET, DELETE) or the body. */
export async function agentCall<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const inQuery = method === 'GET' || method === 'DELETE';
  const qs =
    inQuery && payload
      ? `?${new URLSearchParams(
          Object.entries(payload).flatMap(([k, v]) =>
            v === undefined ? [] : [[k, String(v)] as [string, string]],
          ),
        ).toString()}`
      : '';
  const opts: InjectOptions = {
    method,
    url: `${path}${qs}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(!inQuery && payload ? { payload } : {}),
  };
  const res = await app.inject(opts);
  return { status: res.statusCode, body: res.json() };
}

/** Refusals written for the member (agent_access_denials). */
export async function denials(app: FastifyInstance, memberId: string): Promise<number> {
  const [row] = await app.services.db.query<{ c: string }>(
    'select count(*) as c from agent_access_denials where member_id = $1',
    [memberId],
  );
  return Number(row?.c ?? 0);
}

/** A deterministic generator (mulberry32): the same seed makes the same trees on every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}
