import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/errors.ts';
import type { JobLog } from '../../lib/interval-job.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';

export interface ContractsServiceDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  log: JobLog;
}

/** Contracts and their settlement (issue 8). SKELETON. */
export function createContractsService(deps: ContractsServiceDeps) {
  void deps;
  return {
    /** Starts the settlement jobs; the answer stops them (and waits for a pass in flight). */
    start(): () => Promise<void> {
      return async () => undefined;
    },
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;
