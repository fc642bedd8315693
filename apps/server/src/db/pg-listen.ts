import pg from 'pg';

/**
 * LISTEN for the PostgreSQL engine: one dedicated connection per Db (pooled clients cannot keep a
 * LISTEN), shared by every channel, reconnected with a short backoff when it drops. NOTIFY is
 * delivered at commit to every listening connection, so every server instance hears each change.
 */
export function createPgListener(url: string, onError?: (err: Error) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    c.on('error', (err) => {
      onError?.(err);
      if (client === c) client = null;
      c.end().catch(() => undefined);
      if (!closed && handlers.size > 0) setTimeout(() => void ensure().catch(() => undefined), 500).unref();
    });
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
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
    async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      const c = await ensure();
      if (first) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        if (client && !closed)
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async close(): Promise<void> {
      closed = true;
      handlers.clear();
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
