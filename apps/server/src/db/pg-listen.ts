import pg from 'pg';

/** Backoff between attempts to re-establish a lost LISTEN connection. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

interface Listener {
  onPayload: (payload: string) => void;
  onReconnect?: (() => void) | undefined;
}

/**
 * LISTEN for the PostgreSQL engine: one dedicated connection per Db (pooled clients cannot keep a
 * LISTEN), shared by every channel. When it drops (server restart, pg_terminate_backend, network)
 * it is re-established with a growing backoff until it is back or the Db closes, every channel is
 * LISTENed again, and each listener's `onReconnect` runs: NOTIFYs sent while it was gone are lost,
 * so a listener re-reads what it shows. NOTIFY is delivered at commit to every listening
 * connection, so every server instance hears each change.
 */
export function createPgListener(
  url: string,
  onError?: (err: Error) => void,
  /** The connection's application_name (pg_stat_activity), e.g. to find it in a test. */
  applicationName = 'listen',
) {
  const handlers = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  function lost(c: pg.Client, err?: Error) {
    if (err) onError?.(err);
    if (client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    scheduleReconnect(RETRY_FIRST_MS);
  }

  function scheduleReconnect(delay: number) {
    if (closed || retry || handlers.size === 0) return;
    retry = setTimeout(() => {
      retry = null;
      if (closed || client) return;
      ensure().then(
        () => {
          for (const set of handlers.values()) for (const l of set) l.onReconnect?.();
        },
        (err: unknown) => {
          onError?.(err as Error);
          scheduleReconnect(Math.min(delay * 2, RETRY_MAX_MS));
        },
      );
    }, delay);
    retry.unref();
  }

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url, application_name: applicationName });
    c.on('notification', (msg) => {
      // A throw here would be an uncaught exception inside pg's socket reader (it kills the
      // connection, or the process): each listener's failure is reported and the others still hear.
      for (const l of handlers.get(msg.channel) ?? []) {
        try {
          l.onPayload(msg.payload ?? '');
        } catch (err) {
          onError?.(err as Error);
        }
      }
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      throw new Error('the database is closed');
    }
    return c;
  }

  async function ensure(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= connect().then(
      (c) => {
        client = c;
        connecting = null;
        return c;
      },
      (err: unknown) => {
        connecting = null;
        throw err;
      },
    );
    return connecting;
  }

  return {
    async listen(
      channel: string,
      onPayload: (payload: string) => void,
      onReconnect?: () => void,
    ): Promise<() => Promise<void>> {
      const listener: Listener = { onPayload, onReconnect };
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(listener);
      try {
        const c = await ensure();
        if (first) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (err) {
        set.delete(listener);
        if (set.size === 0 && handlers.get(channel) === set) handlers.delete(channel);
        throw err;
      }
      return async () => {
        set.delete(listener);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        if (client && !closed)
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      handlers.clear();
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
