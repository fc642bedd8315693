import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/errors.ts';
import type { JobLog } from '../../lib/interval-job.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';
import type { PasswordLimits } from '../session/password-checks.ts';

export interface AgentsServiceDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  passwordLimits: PasswordLimits;
  log: JobLog;
}

/** The agent centre (issue 8): team, register centre, downlines, reports. SKELETON. */
export function createAgentsService(deps: AgentsServiceDeps) {
  void deps;
  return {};
}
export type AgentsService = ReturnType<typeof createAgentsService>;
