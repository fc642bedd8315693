import { AppError } from '../../lib/errors.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import type { OpsResult } from '../ops/ops.service.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const POINTS_OPS_USAGE = '';

/** The operator commands of points (issue 9): run on the data directory or through a running server. */
export async function pointsOps(deps: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  void deps;
  throw new AppError('BAD_REQUEST', `unknown command "${args[0] ?? ''}"`);
}
