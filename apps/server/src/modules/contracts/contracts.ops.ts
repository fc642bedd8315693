import { AppError } from '../../lib/errors.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import { settleNow, settlePass, type PassTotals } from './settlement.ts';

/** The contracts' operator commands (issue 8): run on the data directory or through a running server. */
export const CONTRACTS_OPS_USAGE = `  contracts list                      contracts (pending and active first) with status, cursor and unpaid count
  contracts settle                    settles every period that has ended (what the job does each minute)
  contracts settle-now                closes every active contract's current period now and settles it`;

const usage = (text: string) => new AppError('BAD_REQUEST', text);

function summary(r: PassTotals): string {
  return [
    `settled ${r.periods} periods of ${r.contracts} contracts: ${r.paid} paid, ${r.unpaid} unpaid, amount ${r.amount}`,
    `retried unpaid: ${r.retried.paid} paid, amount ${r.retried.amount}, ${r.retried.unfrozen} uplines unfrozen`,
    ...(r.skipped > 0 ? [`${r.skipped} contracts were being settled by another instance`] : []),
  ].join('\n');
}

export async function contractsOps(d: MoneyOpsDeps, args: readonly string[]): Promise<{ message: string }> {
  const deps = { db: d.db, money: d.money, now: d.now };
  switch (args[0]) {
    case 'list': {
      const rows = await d.db.query<{
        id: string;
        kind: string;
        period: string | null;
        status: string;
        request: string | null;
        upline: string;
        downline: string;
        max_ratio: number;
        settled_until: Date | null;
        unpaid: string;
      }>(
        `select c.id::text as id, c.kind, c.period, c.status, c.request, u.account as upline, d.account as downline,
                c.max_ratio, c.settled_until,
                (select count(*) from contract_settlements s where s.contract_id = c.id and s.status = 'unpaid')::text as unpaid
           from agent_contracts c join members u on u.id = c.upline_id join members d on d.id = c.downline_id
          order by (c.status in ('pending', 'active')) desc, c.id desc limit 200`,
      );
      if (rows.length === 0) return { message: 'no contracts' };
      return {
        message: rows
          .map(
            (r) =>
              `#${r.id.padEnd(6)} ${`${r.kind}${r.period ? `/${r.period}` : ''}`.padEnd(20)} ${`${r.status}${r.request ? `(${r.request})` : ''}`.padEnd(20)} ${r.upline} → ${r.downline}  max ratio ${r.max_ratio}  settled until ${r.settled_until ? new Date(r.settled_until).toISOString() : '-'}  unpaid ${r.unpaid}`,
          )
          .join('\n'),
      };
    }
    case 'settle':
      return { message: summary(await settlePass(deps)) };
    case 'settle-now':
      return { message: summary(await settleNow(deps)) };
    default:
      throw usage('contracts needs: list, settle or settle-now');
  }
}
