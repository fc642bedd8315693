import { startIntervalJob, type JobLog } from '../../lib/interval-job.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';
import { autoReceiveC2c } from './cashier.decisions.ts';

export { autoReceiveC2c } from './cashier.decisions.ts';

/** How often the auto-receive job looks for C2C payouts past their confirmation time. */
export const AUTO_RECEIVE_EVERY_MS = 30_000;

/**
 * The C2C auto-receive job (spec §4): every 30 s, payouts not confirmed within the merchant's
 * autoReceiveMinutes count as received. Runs only when the app's jobs are on (server.ts; tests call
 * autoReceiveC2c themselves with a moved clock). Returns the stop function.
 */
export function startCashierJobs(deps: { money: MoneyRunner; now: () => Date }, log: JobLog): () => void {
  return startIntervalJob(
    {
      name: 'C2C auto-receive',
      everyMs: AUTO_RECEIVE_EVERY_MS,
      run: () => autoReceiveC2c(deps),
      report: (n, l) => {
        if (n > 0) l.info({ autoReceived: n }, 'C2C payouts auto-received');
      },
    },
    log,
  );
}
