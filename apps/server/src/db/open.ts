import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** The PGlite data directory inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Opens the configured engine: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onError?: (err: Error) => void,
): Promise<Db> {
  if (config.databaseUrl) return openPostgres({ url: config.databaseUrl, ...(onError ? { onError } : {}) });
  return openPglite(pgliteDir(config.dataDir));
}
