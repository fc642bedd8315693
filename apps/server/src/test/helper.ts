import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppConfig, type AppOptions } from '../app.ts';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { seedDemo } from '../seed/seed.ts';

/**
 * A fresh database for one test file: in-memory PGlite (TEST_DB=pglite, the default), or a
 * uniquely named schema on TEST_DATABASE_URL (TEST_DB=postgres) that is dropped on close.
 * Migrated and seeded like a real start.
 */
export async function openTestDb(): Promise<Db> {
  let db: Db;
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres({ url, max: 1 });
    await admin.exec(`create schema ${schema}`);
    await admin.close();
    const inner = await openPostgres({ url, schema, max: 5 });
    db = {
      ...inner,
      async close() {
        await inner.exec(`drop schema if exists ${schema} cascade`);
        await inner.close();
      },
    };
  } else {
    db = await openPglite(undefined);
  }
  await migrate(db);
  await seedDemo(db);
  return db;
}

export const TEST_CONFIG: AppConfig = {
  trustProxy: [],
  docs: true,
  webDist: '/nonexistent/web/dist',
  webDistExists: false,
  logLevel: 'silent',
};

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdefghijklmnop';

export interface TestAppOptions extends Partial<Omit<AppOptions, 'db' | 'config'>> {
  config?: Partial<AppConfig>;
  /** Reuse a database (several apps on one file's database); closed by the caller then. */
  db?: Db;
}

/**
 * The same app as production on a fresh database; tests call it with app.inject. Closing the
 * app closes the database it created.
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<FastifyInstance> {
  const ownDb = !opts.db;
  const db = opts.db ?? (await openTestDb());
  // Everything else (now, passwordLimits, vendor, jobs, liveHeartbeatMs …) goes through as given.
  const { db: _db, config, opsToken, rateLimit, ...rest } = opts;
  const app = await buildApp({
    ...rest,
    db,
    config: { ...TEST_CONFIG, ...config },
    opsToken: opsToken ?? TEST_OPS_TOKEN,
    rateLimit: { globalPerMinute: 100_000, captchaPerMinute: 100_000, codesPerMinute: 100_000, ...rateLimit },
  });
  if (ownDb) app.addHook('onClose', async () => db.close());
  await app.ready();
  return app;
}

/**
 * An app whose log lines are captured (to check what reaches the logs), on the same fresh
 * database as `buildTestApp()`. `close()` closes both.
 */
export async function buildLoggingApp(
  logLevel: AppConfig['logLevel'],
): Promise<{ app: FastifyInstance; lines: string[]; close: () => Promise<void> }> {
  const base = await buildTestApp();
  const lines: string[] = [];
  const app = await buildApp({
    db: base.services.db,
    config: { ...TEST_CONFIG, logLevel },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await base.close();
    },
  };
}
