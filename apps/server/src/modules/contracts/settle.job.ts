import { startIntervalJob, type JobLog } from '../../lib/interval-job.ts';
import { settlePass, type SettleDeps } from './settlement.ts';

/** A pass a minute: the shortest period (real-time salary, 5 minutes) is settled within a minute of its end. */
export const SETTLE_EVERY_MS = 60_000;

/**
 * The settlement job (issue 8; DESIGN §3 jobs): every minute, unpaid settlements are retried and
 * every period that has ended is settled. The first pass runs at once, so periods that ended while
 * the server was down are settled at start. Several instances may run it: see settlement.ts.
 */
export function startSettleJob(d: SettleDeps, log: JobLog): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'contract settlement job',
      everyMs: SETTLE_EVERY_MS,
      immediate: true,
      run: () => settlePass(d),
      report: (r, l) => {
        if (r.periods > 0 || r.retried.paid > 0)
          l.info(
            { periods: r.periods, paid: r.paid, unpaid: r.unpaid, amount: r.amount, retried: r.retried },
            'contract periods settled',
          );
      },
    },
    log,
  );
}
