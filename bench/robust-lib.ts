// Shared by bench:crash and bench:cluster (issue 11): the built server as a child process, a scratch
// PostgreSQL cluster of the bench's own (never the shared dev PostgreSQL), the encrypted login, and
// a small keep-alive HTTP client. Node built-ins, @app/contracts and pg only (bench/README).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptPayload, type PayloadKey } from '@app/contracts';
import pg from 'pg';

export const root = join(import.meta.dirname, '..');
export const SERVER = join(root, 'apps/server/dist/server.mjs');
export const OPS = join(root, 'apps/server/dist/ops.mjs');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds the server under the e2e lock (an e2e run never sees a half-written dist/). */
export function buildServer(): void {
  const built = spawnSync(
    'flock',
    ['/tmp/e2e.lock', 'npm', 'run', 'build', '--silent', '-w', 'apps/server'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// A PostgreSQL cluster of our own (initdb + pg_ctl as the postgres user when run as root).
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

function pgCtl(args: string[], quiet = true): { status: number | null; out: string } {
  const cmd = [join(PG_BIN, 'pg_ctl'), ...args];
  const r = asRoot
    ? spawnSync('su', ['postgres', '-c', cmd.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], {
        encoding: 'utf8',
      })
    : spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8' });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (!quiet) process.stdout.write(out);
  return { status: r.status, out };
}

export interface Cluster {
  url: (db: string) => string;
  port: number;
  /** `pg_ctl stop -m immediate`: every backend dies at once, no checkpoint (a crash). */
  crash(): void;
  start(): void;
  destroy(): void;
}

export function makeCluster(port: number): Cluster {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  if (asRoot)
    chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), 0);
  const initdb = [join(PG_BIN, 'initdb'), '-D', dir, '-A', 'trust', '-U', 'postgres'];
  const r = asRoot
    ? spawnSync('su', ['postgres', '-c', initdb.join(' ')], { encoding: 'utf8' })
    : spawnSync(initdb[0]!, initdb.slice(1), { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr}`);
  const log = join(dir, 'server.log');
  const start = () => {
    const s = pgCtl([
      '-D',
      dir,
      '-l',
      log,
      '-w',
      '-o',
      `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
    if (s.status !== 0) throw new Error(`pg_ctl start failed: ${s.out}`);
  };
  start();
  return {
    port,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    crash: () => void pgCtl(['-D', dir, '-m', 'immediate', 'stop']),
    start,
    destroy() {
      pgCtl(['-D', dir, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function sql<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The built server as a child process; its log goes to a file.
export interface Server {
  proc: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startServer(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  log: string;
  env?: Record<string, string>;
}): Server {
  const fd = openSync(opts.log, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    NODE_ENV: 'production',
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const proc = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', fd, fd] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    proc.on('exit', (code, signal) => r({ code, signal })),
  );
  return { proc, port: opts.port, exited };
}

/** Waits for /health 200; throws when the process exits first or after `ms`. */
export async function waitHealthy(s: Server, ms = 120_000): Promise<number> {
  const t0 = performance.now();
  let gone = false;
  void s.exited.then(() => (gone = true));
  while (performance.now() - t0 < ms) {
    if (gone) throw new Error(`the server exited (${s.proc.exitCode ?? s.proc.signalCode}) before answering`);
    const r = await http('GET', s.port, '/health', { timeoutMs: 1_000 }).catch(() => null);
    if (r?.status === 200) return performance.now() - t0;
    await sleep(100);
  }
  throw new Error(`the server did not answer /health in ${ms / 1000} s`);
}

export async function stopServer(s: Server, signal: NodeJS.Signals = 'SIGTERM') {
  if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill(signal);
  return s.exited;
}

export function opsToken(dataDir: string): string {
  const f = join(dataDir, 'ops.json');
  if (!existsSync(f)) throw new Error('no ops.json');
  return (JSON.parse(readFileSync(f, 'utf8')) as { token: string }).token;
}

// ---------------------------------------------------------------------------------------------
// HTTP over keep-alive (node:http: half the client CPU of fetch, and a per-call timeout).
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
export interface Res {
  status: number;
  body: string;
  json: () => { success?: boolean; code?: string; message?: string; value?: unknown };
}
export function http(
  method: string,
  port: number,
  path: string,
  o: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Res> {
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body,
            json: () => JSON.parse(body) as ReturnType<Res['json']>,
          });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(o.timeoutMs ?? 10_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The browser's login: a one-time key, the body encrypted with it, a session token back. */
export async function login(port: number, account: string, password: string, ip: string): Promise<string> {
  const headers = { 'x-forwarded-for': ip };
  const key = (await http('GET', port, '/wps/session/key', { headers })).json().value as PayloadKey;
  const body = await encryptPayload(key, { type: 'username', username: account, password });
  const res = await http('POST', port, '/wps/session/login', { body, headers });
  const v = res.json().value as { kind?: string; session?: { token: string } } | undefined;
  if (v?.kind !== 'session' || !v.session) throw new Error(`login ${account}: ${res.status} ${res.body}`);
  return v.session.token;
}

/** An ops command through the running server's ops route (as the CLI does on PGlite). */
export async function ops(port: number, token: string, command: string, args: string[]) {
  const r = await http('POST', port, `/ops/${command}`, {
    body: { args },
    headers: { authorization: `Bearer ${token}` },
    timeoutMs: 60_000,
  });
  const j = r.json() as { success?: boolean; value?: { message?: string }; message?: string };
  return { ok: r.status === 200 && j.success === true, message: j.value?.message ?? j.message ?? r.body };
}

/** A stack frame, a SQL keyword or a Node error name in an answer: never allowed in a response. */
export const LEAK =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bselect .* from\b|\binsert into\b|ECONNREFUSED|Error:/i;
