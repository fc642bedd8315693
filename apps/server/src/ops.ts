import { ConfigError, parseConfig, type Config } from './config.ts';
import { DbUnreachableError } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { isAppError } from './lib/errors.ts';
import { OPS_COMMANDS, OPS_USAGE, createOpsService, runOpsCommand } from './modules/ops/ops.service.ts';
import { processAlive, readOpsFile } from './ops-file.ts';
import { seedDemo } from './seed/seed.ts';

/**
 * The ops command line (`npm run ops -- <command>`). With a server running on this DATA_DIR it
 * talks to that server (PGlite has one process); otherwise, and always with DATABASE_URL, it opens
 * the database itself. Exit codes: 0 done, 2 refused (usage, unknown id), 1 could not run.
 */
const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_REFUSED = 2;

function out(text: string, code: number): never {
  (code === EXIT_OK ? process.stdout : process.stderr).write(`${text}\n`);
  process.exit(code);
}

interface Envelope {
  success?: boolean;
  value?: { message?: string };
  message?: string;
}

async function viaServer(port: number, token: string, command: string, args: string[]): Promise<never> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}/ops/${command}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ args }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    out(`the server on port ${port} holds the data directory but does not answer (${cause})`, EXIT_FAILED);
  }
  const body = (await res.json().catch(() => ({}))) as Envelope;
  if (res.ok && body.success) out(body.value?.message ?? 'done', EXIT_OK);
  out(`refused: ${body.message ?? `HTTP ${res.status}`}`, res.status < 500 ? EXIT_REFUSED : EXIT_FAILED);
}

async function direct(config: Config, command: string, args: string[]): Promise<never> {
  let db;
  try {
    db = await openDb(config);
  } catch (err) {
    out(
      err instanceof DbUnreachableError ? err.message : `database error: ${(err as Error).message}`,
      EXIT_FAILED,
    );
  }
  try {
    // A fresh data directory works too: the same migrations and seed as the server's start.
    await migrate(db);
    await seedDemo(db);
    const result = await runOpsCommand(createOpsService({ db }), command, args);
    await db.close();
    out(result.message, EXIT_OK);
  } catch (err) {
    await db.close().catch(() => undefined);
    if (isAppError(err) && err.status < 500) out(`refused: ${err.message}`, EXIT_REFUSED);
    out(`failed: ${(err as Error).message}`, EXIT_FAILED);
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || ['help', '-h', '--help'].includes(command)) out(OPS_USAGE, EXIT_OK);
  if (!(OPS_COMMANDS as readonly string[]).includes(command)) {
    out(`unknown command "${command}"\n${OPS_USAGE}`, EXIT_REFUSED);
  }
  let config: Config;
  try {
    config = parseConfig();
  } catch (err) {
    out(err instanceof ConfigError ? err.message : String(err), EXIT_FAILED);
  }
  if (!config.databaseUrl) {
    const server = readOpsFile(config.dataDir);
    if (server && processAlive(server.pid)) await viaServer(server.port, server.token, command, args);
  }
  await direct(config, command, args);
}

main().catch((err: unknown) => out(`ops failed: ${(err as Error).message}`, EXIT_FAILED));
