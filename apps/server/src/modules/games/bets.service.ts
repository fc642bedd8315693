import {
  isCalendarDay,
  PAGE_SIZE_DEFAULT,
  type BetRecord,
  type ResponseOf,
  type betDetail,
  type betRecords,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, systemClock, type Clock } from '../../lib/errors.ts';
import { lotteryBetDetail } from '../lottery/betting.service.ts';
import { MERCHANT_TIME_ZONE } from '../records/records.service.ts';
import * as repo from './play.repository.ts';

/**
 * The betting record (spec §2 personalHistoryCopy, issue 5): my bets only, newest first, filtered
 * by vertical, vendor and days of the merchant's zone (`to` inclusive, like the account record),
 * paged, with the totals of every matching bet; the details add the vendor transactions and the
 * game's own detail (slots: every spin).
 */

export interface BetFilters {
  vertical?: string | undefined;
  vassalage?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

type BetList = ResponseOf<typeof betRecords>;
type BetDetail = ResponseOf<typeof betDetail>;

const iso = (d: Date | string) => new Date(d).toISOString();

function toBet(r: repo.BetRow): BetRecord {
  const stake = Number(r.stake);
  const payout = Number(r.payout);
  return {
    id: Number(r.id),
    roundId: r.round_id ?? '',
    gameId: r.game_id,
    gameName: r.game_name ?? '',
    vassalage: r.vassalage ?? '',
    vendorName: r.vendor_name ?? r.vassalage ?? '',
    vertical: r.vertical as BetRecord['vertical'],
    stake,
    payout,
    winLoss: r.status === 'settled' ? payout - stake : 0,
    status: r.status,
    createdAt: iso(r.created_at),
    settledAt: r.settled_at ? iso(r.settled_at) : null,
  };
}

const badDay = (field: 'from' | 'to') =>
  new AppError('BAD_REQUEST', 'errors.invalid_format', { [field]: 'errors.invalid_format' });

export type BetsService = ReturnType<typeof createBetsService>;

export function createBetsService({ db, now = systemClock }: { db: Db; now?: Clock }) {
  async function list(memberId: string, f: BetFilters): Promise<BetList> {
    if (f.from && !isCalendarDay(f.from)) throw badDay('from');
    if (f.to && !isCalendarDay(f.to)) throw badDay('to');
    const page = f.page ?? 1;
    const pageSize = f.pageSize ?? PAGE_SIZE_DEFAULT;
    const params: unknown[] = [memberId];
    // Bets of issue 4's personal loss tests carry no round: the record lists vendor rounds only.
    const where = ['b.member_id = $1', 'b.round_id is not null'];
    const add = (sql: (n: number) => string, v: unknown) => {
      params.push(v);
      where.push(sql(params.length));
    };
    if (f.vertical && f.vertical !== 'all') add((n) => `b.vertical = $${n}`, f.vertical);
    if (f.vassalage) add((n) => `b.vassalage = $${n}`, f.vassalage);
    if (f.from)
      add((n) => `b.created_at >= ($${n}::date)::timestamp at time zone '${MERCHANT_TIME_ZONE}'`, f.from);
    if (f.to)
      add((n) => `b.created_at < ($${n}::date + 1)::timestamp at time zone '${MERCHANT_TIME_ZONE}'`, f.to);
    const filter = where.join(' and ');
    const [rows, [sums]] = await Promise.all([
      db.query<repo.BetRow>(
        `select ${repo.BET_COLUMNS} from ${repo.BET_FROM} where ${filter}
          order by b.created_at desc, b.id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      ),
      db.query<{ count: string; stake: string; payout: string; win_loss: string }>(
        `select count(*) as count,
                coalesce(sum(b.stake) filter (where b.status <> 'rolled_back'), 0) as stake,
                coalesce(sum(b.payout), 0) as payout,
                coalesce(sum(b.payout - b.stake) filter (where b.status = 'settled'), 0) as win_loss
           from bet_records b where ${filter}`,
        params,
      ),
    ]);
    return {
      items: rows.map(toBet),
      page,
      pageSize,
      total: Number(sums?.count ?? 0),
      totals: {
        count: Number(sums?.count ?? 0),
        stake: Number(sums?.stake ?? 0),
        payout: Number(sums?.payout ?? 0),
        winLoss: Number(sums?.win_loss ?? 0),
      },
    };
  }

  /** One of MY bets (another member's id answers 404, like an unknown one). */
  async function detail(memberId: string, id: number): Promise<BetDetail> {
    const [row] = await db.query<repo.BetRow>(
      `select ${repo.BET_COLUMNS}, b.detail from ${repo.BET_FROM}
        where b.id = $1 and b.member_id = $2 and b.round_id is not null`,
      [id, memberId],
    );
    if (!row) throw new AppError('NOT_FOUND', 'games.errors.unknown_bet');
    // A lottery bet (issue 7): its bet, period and draw as they are now (lotteryBetDetailSchema).
    if (row.round_id.startsWith('LOT-')) {
      const lottery = await lotteryBetDetail(db, memberId, Number(row.round_id.slice(4)), now());
      if (lottery) return { bet: toBet(row), transactions: [], detail: lottery };
    }
    const txs = await repo.betTransactions(db, row.vassalage, row.round_id);
    return {
      bet: toBet(row),
      transactions: txs.map((t) => ({
        txId: t.tx_id,
        kind: t.kind,
        amount: Number(t.amount),
        createdAt: iso(t.created_at),
      })),
      detail: row.detail ?? null,
    };
  }

  return { list, detail };
}
