import { reconcileVendorTransfers, type ReconcileDeps } from './wallet.service.ts';

/** How often the reconciler looks for open vendor transfers, and how old they must be. */
export const RECONCILE_EVERY_MS = 30_000;
export const RECONCILE_OLDER_THAN_SECONDS = 30;

/**
 * The reconciler job (DESIGN §3 jobs): every 30 s, open vendor transfers older than 30 s are
 * decided by the vendor. With several instances the lease's advisory lock lets one work at a time.
 * Returns the stop function (called when the app closes).
 */
export function startWalletJobs(
  deps: ReconcileDeps,
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const r = await reconcileVendorTransfers(deps, { olderThanSeconds: RECONCILE_OLDER_THAN_SECONDS });
      if (r.checked > 0) log.info({ reconcile: r }, 'vendor transfers reconciled');
    } catch (err) {
      log.error({ err }, 'vendor transfer reconciler failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), RECONCILE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
