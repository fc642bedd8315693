import type { Db } from '../../db/db.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';

/** What the money commands of the ops command line get (issue 4). */
export interface MoneyOpsDeps {
  db: Db;
  money: MoneyRunner;
  now: () => Date;
}
