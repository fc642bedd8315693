import type { FastifyInstance } from 'fastify';
import { opsCall } from '../../test/calls.ts';
import { accruePoints } from './accrual.ts';

/** Test helpers of the point mall (issue 9). */

export { call as send, type Answer } from '../../test/calls.ts';

/** `npm run ops -- points …` through the app's /ops route. */
export const ops = (app: FastifyInstance, ...args: string[]) => opsCall(app, 'points', ...args);

/**
 * A settled bet in the betting record, as the games write it (vertical, stake, payout): what the
 * accrual reads. `status` open or rolled_back for bets that must earn nothing.
 */
export async function settledBet(
  app: FastifyInstance,
  memberId: string,
  vertical: string,
  stake: number,
  o: { payout?: number; status?: 'settled' | 'open' | 'rolled_back'; at?: Date } = {},
): Promise<string> {
  const status = o.status ?? 'settled';
  const [row] = await app.services.db.query<{ id: string }>(
    `insert into bet_records (member_id, vertical, stake, payout, status, settled_at, created_at)
     values ($1, $2, $3, $4, $5, $6, coalesce($7, now())) returning id::text as id`,
    [
      memberId,
      vertical,
      stake,
      o.payout ?? 0,
      status,
      status === 'settled' ? (o.at ?? app.services.now()) : null,
      o.at ?? null,
    ],
  );
  return row!.id;
}

/** Points for a member through the real accrual: a settled slot bet of `points` × MMK 10 (demo rule). */
export async function earn(app: FastifyInstance, memberId: string, points: number): Promise<void> {
  await settledBet(app, memberId, 'slots', points * 1_000);
  await accruePoints({ db: app.services.db, now: app.services.now }, { memberId });
}

export async function pointsOf(app: FastifyInstance, memberId: string) {
  const [row] = await app.services.db.query<{
    balance: string;
    pending: string;
    earned: string;
    spent: string;
  }>('select balance, pending, earned, spent from points_accounts where member_id = $1', [memberId]);
  return {
    balance: Number(row?.balance ?? 0),
    pending: Number(row?.pending ?? 0),
    earned: Number(row?.earned ?? 0),
    spent: Number(row?.spent ?? 0),
  };
}

/** Counts of the point mall's rows (to prove a refused call wrote nothing). */
export async function pointsRows(app: FastifyInstance) {
  const [row] = await app.services.db.query<{ r: string; e: string; s: string }>(
    `select (select count(*) from points_redemptions) as r, (select count(*) from points_entries) as e,
            (select coalesce(sum(stock), 0) from points_goods) as s`,
  );
  return { redemptions: Number(row!.r), entries: Number(row!.e), stock: Number(row!.s) };
}

export async function goodsByCode(app: FastifyInstance, code: string) {
  const [row] = await app.services.db.query<{ id: number; points: string; stock: number }>(
    'select id, points::text as points, stock from points_goods where code = $1',
    [code],
  );
  if (!row) throw new Error(`no good ${code}`);
  return { id: row.id, points: Number(row.points), stock: row.stock };
}
