import pg from 'pg';
import { redactUrl } from '../config.ts';
import { type Db, DbUnreachableError, type Queryable } from './db.ts';

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const MAX_ATTEMPTS = 4;

function wrap(conn: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await conn.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await conn.query(sql);
    },
  };
}

export interface PostgresOptions {
  url: string;
  /** Every pool connection uses this search_path (test schemas). */
  schema?: string;
  max?: number;
  onError?: (err: Error) => void;
}

export async function openPostgres(opts: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 20,
    connectionTimeoutMillis: 5_000,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => opts.onError?.(err));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    const code = (err as { code?: string }).code ?? (err as Error).message;
    throw new DbUnreachableError(`database unreachable: ${redactUrl(opts.url)} (${code})`);
  }
  const base = wrap(pool);
  let closed = false;
  return {
    engine: 'postgres',
    ...base,
    async withTx(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          const code = (err as { code?: string }).code;
          if (!(code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS)) throw err;
        } finally {
          client.release();
        }
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
