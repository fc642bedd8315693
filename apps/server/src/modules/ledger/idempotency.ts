import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import type { MoneyRunner, MoneyTx } from './money-tx.ts';

/**
 * Idempotency keys (issue 4): every money-moving call carries a client key, generated once per
 * submit. The key is claimed in the same transaction as the movement, so a repeat (sequential or
 * concurrent: the second insert waits for the first transaction) returns the first answer, and
 * the same key with another body is refused with 409.
 */

export interface KeyClaim {
  memberId: string;
  key: string;
  /** The call (walletTransfer, withdraw …): one key never serves two calls. */
  scope: string;
  /** The request that must be identical on a repeat (never the payment password itself). */
  body: unknown;
}

export type Claimed = { fresh: true } | { fresh: false; status: 'pending' | 'done'; response: unknown };

const stable = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);

export const requestHash = (scope: string, body: unknown) =>
  createHash('sha256')
    .update(`${scope}\n${stable(body)}`)
    .digest('base64url');

export const idempotencyConflict = () => new AppError('CONFLICT', 'money.errors.idempotency_conflict');

/** Claims the key (status `pending` until `remember`), or tells what the first call left. */
export async function claim(q: Queryable, c: KeyClaim): Promise<Claimed> {
  const hash = requestHash(c.scope, c.body);
  const inserted = await q.query(
    `insert into idempotency_keys (member_id, key, scope, request_hash, status) values ($1, $2, $3, $4, 'pending')
     on conflict (member_id, key) do nothing returning 1`,
    [c.memberId, c.key, c.scope, hash],
  );
  if (inserted.length > 0) return { fresh: true };
  const [row] = await q.query<{
    scope: string;
    request_hash: string;
    status: 'pending' | 'done';
    response: unknown;
  }>(`select scope, request_hash, status, response from idempotency_keys where member_id = $1 and key = $2`, [
    c.memberId,
    c.key,
  ]);
  if (!row || row.scope !== c.scope || row.request_hash !== hash) throw idempotencyConflict();
  return { fresh: false, status: row.status, response: row.response };
}

/** Stores the answer of the call (status done, or still pending for a two-phase transfer). */
export async function remember(
  q: Queryable,
  memberId: string,
  key: string,
  response: unknown,
  status: 'pending' | 'done' = 'done',
): Promise<void> {
  await q.query(`update idempotency_keys set response = $3, status = $4 where member_id = $1 and key = $2`, [
    memberId,
    key,
    JSON.stringify(response ?? null),
    status,
  ]);
}

/**
 * Runs `fn` once per key in one money transaction: a repeat gets the stored answer. When `fn`
 * throws, the claim rolls back with everything else, so a retry with the same key runs again.
 */
export function once<T>(run: MoneyRunner, c: KeyClaim, fn: (tx: MoneyTx) => Promise<T>): Promise<T> {
  return run(async (tx) => {
    const claimed = await claim(tx, c);
    if (!claimed.fresh) return claimed.response as T;
    const result = await fn(tx);
    await remember(tx, c.memberId, c.key, result);
    return result;
  });
}
