// `npm run bench:transfer`: main ↔ vendor wallet transfers (relay GCS_walletTransfer, issue 4)
// against the real built server on PostgreSQL. Each transfer is the whole two-phase path: the
// idempotency claim, the hold from main into vendor clearing, the demo vendor's call with the same
// id, the post into the vendor wallet (or back), the stored answer and the live NOTIFY.
//
// The bench makes its own database (DATABASE_URL, default benchdb on the dev PostgreSQL; dropped
// at the end), lets the server migrate and seed it, adds --members members (the seeded demo
// password hash, a session through the real encrypted login route) and funds their main wallets
// with one balanced ledger transfer each. Then --count keyed transfers at --concurrency over HTTP
// keep-alive (node:http): main → PG and PG → main in turn per member. Prints transfers/s,
// p50/p95/p99, the outcome of every call, the database work per transfer (transactions, rows
// written, from pg_stat_*) and `ops ledger check`. Measured, never asserted.
//
// Flags: --no-build, --concurrency N (32), --count N (4000), --members N (64), --vendor CODE (PG),
// --keep (keep the database), --log-statements (PostgreSQL logs every statement of the database,
// between `bench:measure:start` and `bench:measure:end` markers: statements per transfer). Goal of issue 4: ≥ 1,000 transfers/s and p99 ≤ 100 ms.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addMembers as addBenchMembers, ipOf, login as benchLogin } from './members.ts';
import { buildServer } from './robust-lib.ts';

const root = join(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '32' },
    count: { type: 'string', default: '4000' },
    members: { type: 'string', default: '64' },
    vendor: { type: 'string', default: 'PG' },
    warmup: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
    'log-statements': { type: 'boolean', default: false },
  },
});
const CONCURRENCY = Number(flags.concurrency);
const COUNT = Number(flags.count);
const MEMBERS = Number(flags.members);
const WARMUP = Number(flags.warmup);
const VENDOR = flags.vendor!;
for (const [name, v] of Object.entries({ CONCURRENCY, COUNT, MEMBERS, WARMUP }))
  if (!Number.isInteger(v) || v < (name === 'WARMUP' ? 0 : 1))
    throw new Error(`--${name.toLowerCase()} needs a whole number`);
if (MEMBERS < CONCURRENCY)
  throw new Error('--members must be at least --concurrency (one call per member at a time)');

const port = Number(process.env.BENCH_PORT ?? 8193);
const base = `http://127.0.0.1:${port}`;
const dbUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/benchdb';
const dbName = new URL(dbUrl).pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName))
  throw new Error(`DATABASE_URL needs a plain database name (got "${dbName}")`);
const adminUrl = Object.assign(new URL(dbUrl), { pathname: '/postgres' }).toString();
/** Main wallet funding per member (minor units) and the amounts moved. */
const FUNDING = 100_000_000;
const TO_VENDOR = 200;
const TO_MAIN = 100;

// Only the server, under the e2e lock (robust-lib.ts).
if (!flags['no-build']) buildServer();

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
await admin(async (c) => {
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.query(`create database ${dbName}`);
  // Profiling: PostgreSQL logs every statement on this database (superuser; the server's own log).
  if (flags['log-statements']) await c.query(`alter database ${dbName} set log_min_duration_statement = 0`);
});

const dataDir = mkdtempSync(join(tmpdir(), 'bench-transfer-')); // the ops file only
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
  // Each member presents its own address through a trusted proxy (loopback), as players behind a
  // load balancer do: the per-address limit of 600 calls a minute then applies per member.
  env: {
    ...process.env,
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    TRUST_PROXY: '127.0.0.1',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const serverExit = new Promise((r) => server.on('exit', r));
const stopServer = () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
};
process.on('exit', stopServer);
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    stopServer();
    process.exit(130);
  });

interface Member {
  id: string;
  account: string;
  ip: string;
  token: string;
  /** Transfers to the vendor not yet matched by one back (the PG wallet is never overdrawn). */
  out: number;
}

/** Members with the demo01 password hash and a funded main wallet (bench/members.ts). */
async function addMembers(db: pg.Client): Promise<Member[]> {
  return (await addBenchMembers(db, MEMBERS, FUNDING)).map((m, i) => ({
    ...m,
    ip: ipOf(i + 1),
    token: '',
    out: 0,
  }));
}

const login = (account: string, password: string, ip: string) => benchLogin(base, account, password, ip);

interface Outcome {
  ms: number;
  http: number;
  status: string;
}

async function transfer(m: Member): Promise<Outcome> {
  const toVendor = m.out === 0;
  m.out += toVendor ? 1 : -1;
  const body = toVendor
    ? { from: 'MAIN', to: VENDOR, amount: TO_VENDOR, key: randomUUID() }
    : { from: VENDOR, to: 'MAIN', amount: TO_MAIN, key: randomUUID() };
  const t0 = performance.now();
  try {
    const res = await post('/wps/relay/GCS_walletTransfer', m, JSON.stringify(body));
    const json = JSON.parse(res.body) as { value?: { status?: string }; message?: string };
    const ms = performance.now() - t0;
    const ok = res.status >= 200 && res.status < 300;
    return { ms, http: res.status, status: ok ? (json.value?.status ?? '?') : (json.message ?? '?') };
  } catch (err) {
    return { ms: performance.now() - t0, http: 0, status: (err as Error).message };
  }
}

// The load generator shares the 2 cores with the server and PostgreSQL: node:http with a
// keep-alive agent costs it about half the CPU of fetch per call.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
function post(path: string, m: Member, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${m.token}`,
          'x-forwarded-for': m.ip,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `total` transfers at `concurrency`: worker w owns members w, w + concurrency, … (at most one call
 * per member in flight, so a member's transfers to and from the vendor alternate).
 */
async function run(members: Member[], total: number, concurrency: number) {
  const outcomes: Outcome[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const own = members.filter((_, i) => i % concurrency === w);
      for (let i = 0; next < total; i++) {
        next++;
        outcomes.push(await transfer(own[i % own.length]!));
      }
    }),
  );
  return { outcomes, wallMs: performance.now() - t0 };
}

async function health(total: number, concurrency: number): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) await (await fetch(`${base}/health`)).arrayBuffer();
    }),
  );
  return (total / (performance.now() - t0)) * 1000;
}

interface Stats {
  xacts: number;
  tables: Map<string, { ins: number; upd: number; del: number }>;
}
async function dbStats(db: pg.Client): Promise<Stats> {
  // pg_stat_* are updated when a backend reports (an idle backend at the latest ~10 s after its last transaction).
  await new Promise((r) => setTimeout(r, 11_000));
  await db.query('select pg_stat_clear_snapshot()');
  const [x] = (
    await db.query(
      `select xact_commit + xact_rollback as xacts from pg_stat_database where datname = current_database()`,
    )
  ).rows;
  const rows = (
    await db.query(
      `select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_del as del from pg_stat_user_tables`,
    )
  ).rows as { relname: string; ins: string; upd: string; del: string }[];
  return {
    xacts: Number(x.xacts),
    tables: new Map(
      rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), del: Number(r.del) }]),
    ),
  };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

let db: pg.Client | undefined;
try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before answering`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 240) throw new Error('the server did not answer /health in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const members = await addMembers(db);
  const logins = [...members];
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let m = logins.pop(); m; m = logins.pop()) m.token = await login(m.account, 'Demo2026!', m.ip);
    }),
  );
  console.log(`${MEMBERS} members logged in and funded; warm-up ${WARMUP} transfers`);
  if (WARMUP > 0) await run(members, WARMUP, CONCURRENCY);
  const healthRate = await health(4000, CONCURRENCY);

  const before = await dbStats(db);
  // Markers that slice the statement log (--log-statements) to the measured transfers.
  await db.query(`select 'bench:measure:start'`);
  const { outcomes, wallMs } = await run(members, COUNT, CONCURRENCY);
  await db.query(`select 'bench:measure:end'`);
  const after = await dbStats(db);

  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const byOutcome = new Map<string, number>();
  for (const o of outcomes) {
    const k = `${o.http} ${o.status}`;
    byOutcome.set(k, (byOutcome.get(k) ?? 0) + 1);
  }
  const completed = outcomes.filter((o) => o.http === 200 && o.status === 'completed').length;
  const rate = (COUNT / wallMs) * 1000;
  console.log(
    `\ntransfers        n=${COUNT} concurrency ${CONCURRENCY} members ${MEMBERS} in ${(wallMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `throughput       ${rate.toFixed(0)} transfers/s  (GET /health at the same concurrency: ${healthRate.toFixed(0)}/s)`,
  );
  console.log(
    `latency          p50 ${pct(ms, 50).toFixed(1)} ms  p95 ${pct(ms, 95).toFixed(1)} ms  p99 ${pct(ms, 99).toFixed(1)} ms  max ${ms.at(-1)!.toFixed(1)} ms`,
  );
  console.log(`errors           ${COUNT - completed} (every answer other than 200 completed)`);
  for (const [k, n] of [...byOutcome].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(6)}  ${k}`);

  const per = (n: number) => (n / COUNT).toFixed(2);
  console.log(
    `\ndatabase work per transfer (pg_stat_database, pg_stat_user_tables; includes the live NOTIFY)`,
  );
  console.log(`  transactions   ${per(after.xacts - before.xacts)}`);
  for (const [name, a] of [...after.tables].sort((x, y) => x[0].localeCompare(y[0]))) {
    const b = before.tables.get(name) ?? { ins: 0, upd: 0, del: 0 };
    const d = { ins: a.ins - b.ins, upd: a.upd - b.upd, del: a.del - b.del };
    if (d.ins + d.upd + d.del === 0) continue;
    console.log(`  ${name.padEnd(22)} inserted ${per(d.ins)}  updated ${per(d.upd)}  deleted ${per(d.del)}`);
  }

  const check = spawnSync(process.execPath, [join(root, 'apps/server/dist/ops.mjs'), 'ledger', 'check'], {
    env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  console.log(`\nledger check (exit ${check.status}): ${(check.stdout + check.stderr).trim()}`);
  console.log(
    `\nengine: PostgreSQL (${dbName}); goal ≥ 1,000 transfers/s and p99 ≤ 100 ms (issue 4); server and bench share ${
      (await import('node:os')).cpus().length
    } cores`,
  );
  if (check.status !== 0) process.exitCode = 1;
} finally {
  await db?.end().catch(() => undefined);
  stopServer();
  await serverExit;
  rmSync(dataDir, { recursive: true, force: true });
  if (!flags.keep) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
}
