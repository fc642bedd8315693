import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import type { PlatformProtocol } from './studio.vendor.ts';

/** What a studio's reconcile did (slots, fish, card hands). */
export interface StudioReconcileReport {
  checked: number;
  rolledBack: number;
  settled: number;
  failed: number;
}

/** The studio's tables of rounds (slots, fish, card hands): the same columns and states. */
export type RoundTable = 'studio_rounds' | 'fish_rounds' | 'pvp_hands';
export type RoundState = 'decided' | 'debited' | 'settled' | 'rolled_back';
/** Where a test makes a studio stop, as if the process died there. */
export type RoundFault = 'before_debit' | 'after_debit';

/** The columns every studio round table shares. */
export interface HalfwayRound {
  id: string;
  state: string;
  vassalage: string;
  ticket_hash: string;
}

/** Moves a round's state on only from `from` (the reconciler may have moved it meanwhile). */
export async function setRoundState(
  db: Queryable,
  table: RoundTable,
  id: string,
  from: RoundState,
  to: RoundState,
  balance?: number,
): Promise<boolean> {
  const rows = await db.query(
    `update ${table} set state = $3, balance = coalesce($4, balance), updated_at = now()
      where id = $1 and state = $2 returning 1`,
    [id, from, to, balance ?? null],
  );
  return rows.length > 0;
}

/**
 * Drives a round to its end through the platform: decided → debit the stake → debited → credit
 * the payout (with the detail the betting record shows) → settled; a debit refused for good
 * (short of money …) deletes the round, which never happened. Answers `answer` of the settled
 * round; a rolled-back one is closed. No call runs inside a transaction of the studio's.
 */
export async function advanceRound<R extends HalfwayRound & { game_id: number }, A>(o: {
  db: Db;
  platform: Pick<PlatformProtocol, 'debit' | 'credit'>;
  table: RoundTable;
  start: R;
  /** A player's request (test faults apply), not the reconciler. */
  live: boolean;
  hit(fault: RoundFault): void;
  stake(r: R): number;
  payout(r: R): number;
  detail(r: R): unknown;
  answer(r: R): A;
}): Promise<A> {
  let r = o.start;
  const key = { vassalage: r.vassalage, ticketHash: r.ticket_hash };
  for (let step = 0; step < 6; step++) {
    if (r.state === 'settled') return o.answer(r);
    if (r.state === 'rolled_back') throw new AppError('CONFLICT', 'games.errors.round_closed');
    if (r.state === 'decided') {
      if (o.live) o.hit('before_debit');
      try {
        await o.platform.debit({
          ...key,
          txId: betTxId(r.id),
          roundId: r.id,
          amount: o.stake(r),
          gameId: r.game_id,
        });
      } catch (err) {
        // Refused for good (short of money, session over …): the round never happened.
        if (err instanceof AppError && err.status < 500)
          await o.db.query(`delete from ${o.table} where id = $1 and state = 'decided'`, [r.id]);
        throw err;
      }
      await setRoundState(o.db, o.table, r.id, 'decided', 'debited');
      if (o.live) o.hit('after_debit');
    } else if (r.state === 'debited') {
      const paid = await o.platform.credit({
        ...key,
        txId: winTxId(r.id),
        roundId: r.id,
        amount: o.payout(r),
        detail: o.detail(r),
      });
      await setRoundState(o.db, o.table, r.id, 'debited', 'settled', paid.balance);
    }
    const [next] = await o.db.query<R>(`select * from ${o.table} where id = $1`, [r.id]);
    if (!next) throw new Error(`${o.table} ${r.id} vanished`);
    r = next;
  }
  throw new Error(`${o.table} ${r.id} did not settle`);
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
  table: RoundTable;
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
