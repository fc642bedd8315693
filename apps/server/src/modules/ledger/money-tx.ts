import type { MessageKind } from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';

/**
 * A money transaction: the one `withTx` of a money call, plus what it changed, so the live stream
 * (DESIGN §3: SSE, fanned out through LISTEN/NOTIFY) can tell each member after the commit —
 * never before it, never for a rolled-back attempt.
 */
export interface MoneyTx extends Queryable {
  /** The member's balance changed in this transaction. */
  balanceChanged(memberId: string): void;
  /** The member's messages (inbox, unread count) changed in this transaction. */
  messagesChanged(memberId: string): void;
}

/**
 * The channel of committed money changes: `{ balances: [memberId…], messages: [memberId…], schema }`
 * (listeners ignore other schemas' changes).
 */
export const LIVE_CHANNEL = 'live_events';

export interface MoneyChanges {
  balances: string[];
  messages: string[];
  schema?: string;
}

export type MoneyRunner = <T>(fn: (tx: MoneyTx) => Promise<T>) => Promise<T>;

/**
 * NOTIFY inside the transaction is delivered only when it commits (PostgreSQL semantics, PGlite
 * too): every server instance listening on LIVE_CHANNEL hears of the change, also when the change
 * was made by the ops command line in another process.
 */
export function createMoneyRunner(db: Db): MoneyRunner {
  return (fn) =>
    db.withTx(async (q) => {
      const balances = new Set<string>();
      const messages = new Set<string>();
      const tx: MoneyTx = {
        query: (sql, params) => q.query(sql, params),
        exec: (sql) => q.exec(sql),
        balanceChanged: (id) => void balances.add(String(id)),
        messagesChanged: (id) => void messages.add(String(id)),
      };
      const result = await fn(tx);
      if (balances.size > 0 || messages.size > 0)
        await notifyChanges(q, { balances: [...balances], messages: [...messages] });
      return result;
    });
}

/** Sends the changes on LIVE_CHANNEL, in pieces that stay under NOTIFY's 8000-byte payload. */
async function notifyChanges(q: Queryable, changes: MoneyChanges): Promise<void> {
  const ids = [
    ...changes.balances.map((id) => ['b', id] as const),
    ...changes.messages.map((id) => ['m', id] as const),
  ];
  for (let i = 0; i < ids.length; i += 300) {
    const part = ids.slice(i, i + 300);
    const payload: MoneyChanges = {
      balances: part.filter(([k]) => k === 'b').map(([, id]) => id),
      messages: part.filter(([k]) => k === 'm').map(([, id]) => id),
    };
    // The schema rides along: several test schemas (or tenants) share one database's channels.
    await q.query(
      `select pg_notify($1, jsonb_set($2::jsonb, '{schema}', to_jsonb(current_schema()))::text)`,
      [LIVE_CHANNEL, JSON.stringify(payload)],
    );
  }
}

/** Notices that advertise (rewards to claim, referral rewards): not sent during a time-out or exclusion. */
const PROMOTIONAL_KINDS = new Set<MessageKind>(['reward_available', 'referral_reward', 'mission_completed']);

/**
 * Writes one spec §4 notice (or mail) into the member's inbox inside the money transaction. The
 * client renders notices from `kind` and `params` in the reader's language; mail carries its text.
 */
export async function addNotice(
  tx: MoneyTx,
  memberId: string,
  kind: MessageKind,
  params: Record<string, string | number> = {},
  text?: { title: string; body: string },
): Promise<void> {
  // Issue 10: a member under time-out or self-exclusion gets no promotional notices.
  if (PROMOTIONAL_KINDS.has(kind)) {
    const excluded = await tx.query(
      `select 1 from member_protection where member_id = $1 and exclusion_kind is not null
          and (excluded_until is null or excluded_until > now())`,
      [memberId],
    );
    if (excluded.length > 0) return;
  }
  await tx.query(`insert into messages (member_id, kind, title, body, params) values ($1, $2, $3, $4, $5)`, [
    memberId,
    kind,
    text?.title ?? null,
    text?.body ?? null,
    JSON.stringify(params),
  ]);
  tx.messagesChanged(memberId);
}
