import type { Db } from '../../db/db.ts';

/** What a studio's reconcile did (slots, fish, card hands). */
export interface StudioReconcileReport {
  checked: number;
  rolledBack: number;
  settled: number;
  failed: number;
}

/** The columns every studio round table shares (studio_rounds, fish_rounds, pvp_hands). */
export interface HalfwayRound {
  id: string;
  state: string;
  vassalage: string;
  ticket_hash: string;
}

export const betTxId = (roundId: string) => `${roundId}:bet`;
export const winTxId = (roundId: string) => `${roundId}:win`;
export const rollbackTxId = (roundId: string) => `${roundId}:rollback`;

/**
 * Finishes a studio's rounds left half-way for longer than `olderThanSeconds` (a crash between
 * the vendor calls): decided → rollback of the debit (a refund if it happened, a tombstone
 * otherwise so a late debit is refused) → rolled_back; debited → `settle` (credit again, idempotent
 * by txId). Leases the rows under an advisory lock so several instances never work on one round.
 */
export async function reconcileRounds<R extends HalfwayRound>(o: {
  db: Db;
  platform: {
    rollback(i: {
      vassalage: string;
      ticketHash: string;
      txId: string;
      roundId: string;
      debitTxId: string;
    }): Promise<unknown>;
  };
  table: 'studio_rounds' | 'fish_rounds' | 'pvp_hands';
  /** Names the advisory lock (one per studio). */
  lock: string;
  olderThanSeconds?: number;
  limit?: number;
  /** decided → rolled_back, only from decided; true when this call moved it. */
  markRolledBack(id: string): Promise<boolean>;
  /** Drives a debited round to settled (its own credit and state change). */
  settle(round: R): Promise<unknown>;
}): Promise<StudioReconcileReport> {
  const report: StudioReconcileReport = { checked: 0, rolledBack: 0, settled: 0, failed: 0 };
  const leased = await o.db.withTx(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>(
      `select pg_try_advisory_xact_lock(hashtext($1 || ':' || current_schema())) as ok`,
      [o.lock],
    );
    if (!lock?.ok) return [];
    return tx.query<R>(
      `update ${o.table} set updated_at = now()
        where id in (select id from ${o.table}
                      where state in ('decided', 'debited') and updated_at < now() - make_interval(secs => $1)
                      order by updated_at limit $2 for update skip locked)
        returning *`,
      [o.olderThanSeconds ?? 30, o.limit ?? 500],
    );
  });
  for (const r of leased) {
    report.checked++;
    try {
      if (r.state === 'decided') {
        await o.platform.rollback({
          vassalage: r.vassalage,
          ticketHash: r.ticket_hash,
          txId: rollbackTxId(r.id),
          roundId: r.id,
          debitTxId: betTxId(r.id),
        });
        if (await o.markRolledBack(r.id)) report.rolledBack++;
      } else {
        await o.settle(r);
        report.settled++;
      }
    } catch {
      report.failed++;
    }
  }
  return report;
}
