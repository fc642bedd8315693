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
export function startCashierJobs(
  deps: { money: MoneyRunner; now: () => Date },
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const n = await autoReceiveC2c(deps);
      if (n > 0) log.info({ autoReceived: n }, 'C2C payouts auto-received');
    } catch (err) {
      log.error({ err }, 'C2C auto-receive failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), AUTO_RECEIVE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
