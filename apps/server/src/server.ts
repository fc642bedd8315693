import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig, type Config } from './config.ts';
import type { Db } from './db/db.ts';
import { DbUnreachableError } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openDb, pgliteDir } from './db/open.ts';
import { newOpsToken, processAlive, readOpsFile, removeOpsFile, writeOpsFile } from './ops-file.ts';
import { seedDemo } from './seed/seed.ts';

/** Issue 2 "Bad input": the process refuses to start with one clear line on stderr, exit 1. */
function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function openDatabase(config: Config): Promise<Db> {
  if (!config.databaseUrl) {
    // PGlite's directory can be opened by one process only (MACHINE-NOTES).
    const other = readOpsFile(config.dataDir);
    if (other && other.pid !== process.pid && processAlive(other.pid)) {
      fail(
        `data directory in use: a server (pid ${other.pid}, port ${other.port}) is running on ${config.dataDir}`,
      );
    }
  }
  try {
    return await openDb(config, (err) => process.stderr.write(`database connection error: ${err.message}\n`));
  } catch (err) {
    if (err instanceof DbUnreachableError) fail(err.message);
    fail(`database error: cannot open ${pgliteDir(config.dataDir)} (${(err as Error).message})`);
  }
}

async function listen(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${config.port} is in use: set PORT to another port`);
    if (code === 'EACCES') fail(`port ${config.port} needs privileges: set PORT to 1024 or above`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      fail(`HOST ${config.host} is not an address of this machine`);
    fail(`cannot listen on ${config.host}:${config.port} (${(err as Error).message})`);
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  const db = await openDatabase(config);
  const applied = await migrate(db);
  const seeded = await seedDemo(db);
  const opsToken = newOpsToken();
  const app = await buildApp({ db, config, opsToken, jobs: true });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  if (seeded) app.log.info('demo merchant seeded');
  if (!config.webDistExists)
    app.log.warn({ webDist: config.webDist }, 'web client not built: serving the API only');

  await listen(app, config, db);
  writeOpsFile(config.dataDir, { port: config.port, token: opsToken, pid: process.pid });
  app.log.info(
    { engine: db.engine, dataDir: db.engine === 'pglite' ? config.dataDir : undefined, docs: config.docs },
    `listening on http://localhost:${config.port}`,
  );

  // Graceful shutdown: stop accepting, finish in-flight requests, then close the database
  // (PGlite must be closed cleanly to keep its data directory consistent).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => fail('shutdown took longer than 10 s; exiting'), 10_000);
    timer.unref();
    try {
      await app.close();
      await db.close();
      removeOpsFile(config.dataDir, opsToken);
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      process.stderr.write(`shutdown error: ${(err as Error).message}\n`);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => fail(`startup failed: ${(err as Error).message ?? String(err)}`));
