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

export interface MoneyChanges {
  balances: string[];
  messages: string[];
}

/** Told after each committed money transaction (the live hub publishes to the members). */
export interface MoneyListener {
  committed(changes: MoneyChanges): void;
}

export type MoneyRunner = <T>(fn: (tx: MoneyTx) => Promise<T>) => Promise<T>;

export function createMoneyRunner(db: Db, listener: () => MoneyListener | undefined): MoneyRunner {
  return async (fn) => {
    let balances = new Set<string>();
    let messages = new Set<string>();
    const result = await db.withTx(async (q) => {
      // A retried attempt (serialization failure, deadlock) starts with nothing changed.
      balances = new Set();
      messages = new Set();
      const tx: MoneyTx = {
        query: (sql, params) => q.query(sql, params),
        exec: (sql) => q.exec(sql),
        balanceChanged: (id) => void balances.add(String(id)),
        messagesChanged: (id) => void messages.add(String(id)),
      };
      return fn(tx);
    });
    if (balances.size > 0 || messages.size > 0) {
      listener()?.committed({ balances: [...balances], messages: [...messages] });
    }
    return result;
  };
}

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
  await tx.query(`insert into messages (member_id, kind, title, body, params) values ($1, $2, $3, $4, $5)`, [
    memberId,
    kind,
    text?.title ?? null,
    text?.body ?? null,
    JSON.stringify(params),
  ]);
  tx.messagesChanged(memberId);
}
