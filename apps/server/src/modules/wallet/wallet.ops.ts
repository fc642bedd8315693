import { AppError } from '../../lib/errors.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const WALLET_OPS_USAGE = '';

/** The ops commands of this module: ledger check | ledger reconcile. */
export async function walletOps(
  _deps: MoneyOpsDeps,
  command: string,
  _args: readonly string[],
): Promise<OpsResult> {
  throw new AppError('BAD_REQUEST', `${command}: not available yet`);
}
