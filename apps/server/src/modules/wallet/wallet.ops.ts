import { AppError } from '../../lib/errors.ts';
import { checkLedger } from '../ledger/ledger.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import { DemoVendor } from './demo-vendor.ts';
import { reconcileVendorTransfers } from './wallet.service.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const WALLET_OPS_USAGE = `  ledger check [stuckSeconds]         every ledger invariant; refused (exit 2) with the problems
                                      when one fails (open longer than stuckSeconds, default 300)
  ledger reconcile [olderThanSeconds] decide vendor transfers open longer than that (default 30)
                                      by asking the vendor: completed or voided`;

const usage = () =>
  new AppError('BAD_REQUEST', 'ledger needs: check [stuckSeconds] or reconcile [olderThanSeconds]');

function seconds(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,7}$/.test(raw)) throw new AppError('BAD_REQUEST', `"${raw}" is not a number of seconds`);
  return Number(raw);
}

/** The ops commands of this module: ledger check | ledger reconcile. */
export async function walletOps(
  deps: MoneyOpsDeps,
  _command: string,
  args: readonly string[],
): Promise<OpsResult> {
  const [action, arg] = args;
  if (action === 'check') {
    const report = await checkLedger(deps.db, seconds(arg, 300));
    const head = `ledger ${report.ok ? 'ok' : 'NOT OK'}: ${report.transfers} transfers, ${report.entries} entries`;
    if (report.ok) return { message: head };
    // A failed check is a refusal: the CLI prints it and exits 1.
    throw new AppError('CONFLICT', [head, ...report.problems.map((p) => `  - ${p}`)].join('\n'));
  }
  if (action === 'reconcile') {
    const r = await reconcileVendorTransfers(
      { db: deps.db, vendor: new DemoVendor(deps.db) },
      { olderThanSeconds: seconds(arg, 30) },
    );
    return {
      message: `reconciled ${r.checked} open vendor transfers: ${r.completed} completed, ${r.failed} voided, ${r.open} still open`,
    };
  }
  throw usage();
}
