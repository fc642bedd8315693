import { createHash } from 'node:crypto';
import pg from 'pg';
import { redactUrl } from '../config.ts';
import { type Db, DbUnreachableError, type Queryable } from './db.ts';
import { createPgListener } from './pg-listen.ts';

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const MAX_ATTEMPTS = 4;

/**
 * A statement that runs again and again is sent as a named (prepared) statement: PostgreSQL then
 * parses and plans it once per connection instead of on every call. Planning dominated the money
 * hot path (bench:transfer: the hold and finish CTEs cost 2.3 ms of database CPU per transfer
 * unnamed, 1.1 ms prepared). A text is named from its second run on; at most MAX_PREPARED texts are
 * ever named, so dynamic SQL stays unnamed and each connection's statement cache stays bounded.
 */
const MAX_PREPARED = 500;
type Namer = (sql: string) => string | undefined;
function statementNamer(): Namer {
  const seen = new Set<string>();
  const names = new Map<string, string>();
  return (sql) => {
    const name = names.get(sql);
    if (name || names.size >= MAX_PREPARED) return name;
    if (!seen.has(sql)) {
      if (seen.size >= 10 * MAX_PREPARED) seen.clear();
      seen.add(sql);
      return undefined;
    }
    const named = `q${createHash('sha1').update(sql).digest('base64url')}`;
    names.set(sql, named);
    return named;
  };
}

function wrap(conn: pg.Pool | pg.PoolClient, nameOf: Namer): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      // Without parameters a text may hold several statements (simple protocol): never named.
      const name = params.length > 0 ? nameOf(sql) : undefined;
      const res = await conn.query(
        name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] },
      );
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
  /** application_name of the dedicated LISTEN connection (default 'listen'). */
  listenApplicationName?: string;
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
  // pg-pool listens for errors on idle clients only: a connection that dies while checked out
  // (between two statements of a transaction, as `pg_ctl stop -m immediate` does) emits 'error'
  // with no listener, and Node ends the process (issue 11, bench:crash). Every client gets one: the
  // transaction's next statement fails, withTx's ROLLBACK fails too, and the client is discarded.
  pool.on('connect', (client) => client.on('error', (err) => opts.onError?.(err)));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    const code = (err as { code?: string }).code ?? (err as Error).message;
    throw new DbUnreachableError(`database unreachable: ${redactUrl(opts.url)} (${code})`);
  }
  const nameOf = statementNamer();
  const base = wrap(pool, nameOf);
  // search_path does not matter to LISTEN/NOTIFY (channels are per database), only the URL.
  const listener = createPgListener(opts.url, opts.onError, opts.listenApplicationName);
  let closed = false;
  return {
    engine: 'postgres',
    ...base,
    async withTx(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        // This is the transaction helper itself: the one place that says BEGIN and COMMIT.
        // A connection whose ROLLBACK failed is in an unknown state: it is closed, not reused.
        let broken: Error | undefined;
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client, nameOf));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch((e: unknown) => {
            broken = e instanceof Error ? e : new Error(String(e));
          });
          const code = (err as { code?: string }).code;
          if (!(code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS)) throw err;
        } finally {
          client.release(broken);
        }
      }
    },
    listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}
