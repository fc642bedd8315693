import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';

function wrap(conn: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await conn.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

/** PGlite in a data directory, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const base = wrap(pg);
  let closed = false;
  return {
    engine: 'pglite',
    ...base,
    withTx: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}
