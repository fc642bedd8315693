/**
 * The one database abstraction (DESIGN §3): plain SQL with PostgreSQL semantics on two engines,
 * PGlite (embedded, default) and PostgreSQL (DATABASE_URL). Repositories take a `Queryable` so
 * the same function runs on the pool or inside a transaction opened by a service.
 */
export interface Queryable {
  /** One statement with $1… parameters; returns the rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type Engine = 'pglite' | 'postgres';

export interface Db extends Queryable {
  readonly engine: Engine;
  /**
   * Runs `fn` in one transaction. On PGlite this is the driver's own transaction callback: a
   * hand-written BEGIN through query() does not isolate concurrent requests there (MACHINE-NOTES).
   * On PostgreSQL it is a pooled client with BEGIN/COMMIT, retried on serialization failure and
   * deadlock.
   */
  withTx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel (DESIGN §3 SSE fan-out between instances): `onPayload` gets every NOTIFY
   * payload committed by any connection, this process's or another's. Returns the unlisten.
   * `onReconnect` runs after a lost LISTEN connection is back (PostgreSQL): payloads sent while it
   * was gone are lost, so the listener re-reads what it shows. PGlite never loses it.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Thrown when the database cannot be reached at start; its message is the one line printed. */
export class DbUnreachableError extends Error {
  override name = 'DbUnreachableError';
}
