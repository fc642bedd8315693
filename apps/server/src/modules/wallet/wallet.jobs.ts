import { startIntervalJob, type JobLog } from '../../lib/interval-job.ts';
import { reconcileVendorTransfers, type ReconcileDeps } from './wallet.service.ts';

/** How often the reconciler looks for open vendor transfers, and how old they must be. */
export const RECONCILE_EVERY_MS = 30_000;
export const RECONCILE_OLDER_THAN_SECONDS = 30;

/**
 * The reconciler job (DESIGN §3 jobs): every 30 s, open vendor transfers older than 30 s are
 * decided by the vendor. With several instances the lease's advisory lock lets one work at a time.
 * Returns the stop function (called when the app closes).
 */
export function startWalletJobs(deps: ReconcileDeps, log: JobLog): () => void {
  return startIntervalJob(
    {
      name: 'vendor transfer reconciler',
      everyMs: RECONCILE_EVERY_MS,
      run: () => reconcileVendorTransfers(deps, { olderThanSeconds: RECONCILE_OLDER_THAN_SECONDS }),
      report: (r, l) => {
        if (r.checked > 0) l.info({ reconcile: r }, 'vendor transfers reconciled');
      },
    },
    log,
  );
}
