import type { BetVertical, BonusType, TransactionType } from '@app/contracts';
import { BONUS_TYPES, PAGE_SIZE_DEFAULT } from '@app/contracts';
import type { Db } from '../../db/db.ts';

/**
 * The account record, bonus details and personal loss (issue 4; spec §2 transactionHistory,
 * bonusDetails, personalProfit). Days are calendar days of the merchant's time zone, `to` inclusive.
 */
export const MERCHANT_TIME_ZONE = 'Asia/Yangon';

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}
export interface Paging {
  page?: number | undefined;
  pageSize?: number | undefined;
}

const pageOf = (p: Paging) => {
  const page = p.page ?? 1;
  const pageSize = p.pageSize ?? PAGE_SIZE_DEFAULT;
  return { page, pageSize, offset: (page - 1) * pageSize };
};

/** `from` day at 00:00 and the day after `to` at 00:00 in the merchant's zone, as SQL params. */
const rangeParams = (r: DayRange) => [r.from ?? null, r.to ?? null] as const;
const RANGE_SQL = (col: string, fromParam: number, toParam: number) =>
  `($${fromParam}::date is null or ${col} >= ($${fromParam}::date)::timestamp at time zone '${MERCHANT_TIME_ZONE}')
   and ($${toParam}::date is null or ${col} < ($${toParam}::date + 1)::timestamp at time zone '${MERCHANT_TIME_ZONE}')`;

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The type as the account's owner sees it: a transfer to the upline is `upline_out` for the
 * sender (the transfer's member) and `upline_in` on the upline's own entry. Issue 8: the same for
 * an agent's transfer to a downline, a red envelope and a contract payout (the payer is the
 * transfer's member; the receiving side sees agent_transfer_in, red_envelope_in, contract_income).
 * Reads the transfer as `t` and the ledger account as `a`.
 */
export const TYPE_SQL = `case when t.member_id is distinct from a.member_id then (case t.type
    when 'upline_out' then 'upline_in'
    when 'agent_transfer_out' then 'agent_transfer_in'
    when 'red_envelope_out' then 'red_envelope_in'
    when 'contract_pay' then 'contract_income'
    else t.type end) else t.type end`;

export function createRecordsService({ db }: { db: Db }) {
  return {
    async transactions(
      memberId: string,
      q: DayRange & Paging & { type?: TransactionType | 'all' | undefined },
    ) {
      const { page, pageSize, offset } = pageOf(q);
      const type = q.type && q.type !== 'all' ? q.type : null;
      const params = [memberId, type, ...rangeParams(q)];
      const ofType = `($2::text is null or ${TYPE_SQL} = $2)`;
      const inPeriod = `a.kind = 'member' and a.member_id = $1 and ${RANGE_SQL('t.created_at', 3, 4)}`;
      const from = `from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id`;
      const [rows, [sums]] = await Promise.all([
        db.query<{
          id: string;
          transfer_id: string;
          type: TransactionType;
          wallet: string;
          amount: string;
          balance_after: string;
          created_at: Date;
        }>(
          `select e.id, e.transfer_id, ${TYPE_SQL} as type, a.wallet, e.amount, e.balance_after, t.created_at ${from}
            where ${inPeriod} and ${ofType} order by e.id desc limit $5 offset $6`,
          [...params, pageSize, offset],
        ),
        db.query<{ total: string; deposits: string; withdrawals: string }>(
          // The count follows the type filter; the totals are the whole period's, every type.
          `select count(*) filter (where ${ofType}) as total,
                  coalesce(sum(e.amount) filter (where t.type = 'deposit' and a.wallet = 'MAIN'), 0) as deposits,
                  coalesce(-sum(e.amount) filter (where t.type in ('withdrawal', 'withdrawal_return') and a.wallet = 'MAIN'), 0)
                    as withdrawals
             ${from} where ${inPeriod}`,
          params,
        ),
      ]);
      const deposits = Number(sums?.deposits ?? 0);
      const withdrawals = Number(sums?.withdrawals ?? 0);
      return {
        items: rows.map((r) => ({
          id: Number(r.id),
          transferId: Number(r.transfer_id),
          type: r.type,
          wallet: r.wallet,
          amount: Number(r.amount),
          balanceAfter: Number(r.balance_after),
          createdAt: iso(r.created_at),
        })),
        page,
        pageSize,
        total: Number(sums?.total ?? 0),
        totals: { deposits, withdrawals, net: deposits - withdrawals },
      };
    },

    async bonuses(memberId: string, q: DayRange & Paging) {
      const { page, pageSize, offset } = pageOf(q);
      // Issue 9: promotion bonuses, raffle prizes, claimed rewards, invitation and mission rewards too.
      const params = [memberId, ...rangeParams(q), [...BONUS_TYPES]];
      const from = `from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
        where a.kind = 'member' and a.member_id = $1 and t.type = any($4::text[]) and ${RANGE_SQL('t.created_at', 2, 3)}`;
      const [rows, [sums]] = await Promise.all([
        db.query<{ id: string; type: BonusType; amount: string; reason: string | null; created_at: Date }>(
          `select t.id, t.type, e.amount, t.memo->>'reason' as reason, t.created_at ${from}
            order by t.id desc limit $5 offset $6`,
          [...params, pageSize, offset],
        ),
        db.query<{ total: string; amount: string }>(
          `select count(*) as total, coalesce(sum(e.amount), 0) as amount ${from}`,
          params,
        ),
      ]);
      return {
        items: rows.map((r) => ({
          id: Number(r.id),
          type: r.type,
          amount: Number(r.amount),
          reason: r.reason,
          createdAt: iso(r.created_at),
        })),
        page,
        pageSize,
        total: Number(sums?.total ?? 0),
        totalAmount: Number(sums?.amount ?? 0),
      };
    },

    async profit(memberId: string, q: DayRange) {
      const rows = await db.query<{ day: string; vertical: BetVertical; stake: string; payout: string }>(
        `select to_char(settled_at at time zone '${MERCHANT_TIME_ZONE}', 'YYYY-MM-DD') as day, vertical,
                sum(stake) as stake, sum(payout) as payout
           from bet_records
          where member_id = $1 and status = 'settled' and ${RANGE_SQL('settled_at', 2, 3)}
          group by 1, 2 order by 1 desc, 2`,
        [memberId, ...rangeParams(q)],
      );
      const out = rows.map((r) => {
        const stake = Number(r.stake);
        const payout = Number(r.payout);
        return { day: r.day, vertical: r.vertical, stake, payout, winLoss: payout - stake };
      });
      const totals = out.reduce(
        (t, r) => ({ stake: t.stake + r.stake, payout: t.payout + r.payout, winLoss: t.winLoss + r.winLoss }),
        { stake: 0, payout: 0, winLoss: 0 },
      );
      return { rows: out, totals };
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
