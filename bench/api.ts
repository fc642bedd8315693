// `npm run bench:api`: the lobby's catalogue calls under load (issue 5: "game list and search calls
// p99 ≤ 50 ms at 50 connections on PostgreSQL") against the real built server.
//
// The bench makes its own PostgreSQL database (DATABASE_URL, default benchapi on the dev
// PostgreSQL; dropped at the end unless --keep), lets the server migrate and seed it (10,000 slot
// games), then runs three loads of --seconds (10) each at --connections (50) over HTTP keep-alive
// (node:http), every connection in a closed loop:
//   health  GET /health (one `select 1`): the bare route of the same run, for the ratio
//   list    GET /wps/relay/GLS_gameList?gameType=RNG&page=N  (N cycles over every page of 20)
//   search  GET /wps/relay/GLS_gameList?gameType=RNG&q=<prefix>  (1–6 letters of name words and codes,
//           as typed: "d", "dr", "dra" …)
// Each call presents its own client address through a trusted proxy (loopback), as players behind a
// load balancer do, so the per-address limit of 600 calls a minute is not what is measured.
// Prints calls/s, p50/p95/p99/max, every non-200 answer and the server process's CPU per call (from
// /proc: what a call costs whatever else the shared machine runs); then the database's time for the
// catalogue's version check and its reload, and the first list call after a change. Measured, never
// asserted.
//
// Flags: --no-build, --connections N (50), --seconds N (10), --warmup N (2 s per load), --keep.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = join(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
  },
});
const CONNECTIONS = Number(flags.connections);
const SECONDS = Number(flags.seconds);
const WARMUP = Number(flags.warmup);
for (const [name, v] of Object.entries({ CONNECTIONS, SECONDS, WARMUP }))
  if (!Number.isFinite(v) || v < (name === 'WARMUP' ? 0 : 1))
    throw new Error(`--${name.toLowerCase()} needs a number`);

const port = Number(process.env.BENCH_PORT ?? 8194);
const dbUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/benchapi';
const dbName = new URL(dbUrl).pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName))
  throw new Error(`DATABASE_URL needs a plain database name (got "${dbName}")`);
const adminUrl = Object.assign(new URL(dbUrl), { pathname: '/postgres' }).toString();

if (!flags['no-build']) {
  // Only the server; under the e2e lock so an e2e run never sees a half-written dist/.
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
});

const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-')); // the ops file only
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
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

// node:http with a keep-alive agent: about half the client CPU of fetch per call (bench:transfer).
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
let client = 0;
/** A fresh client address per call: 65,536 of them, so none nears 600 calls a minute. */
const nextIp = () => {
  client = (client + 1) & 0xffff;
  return `198.18.${client >> 8}.${client & 255}`;
};
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'GET', agent, headers: { 'x-forwarded-for': nextIp() } },
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
    req.end();
  });
}

/**
 * CPU seconds the server process has used (Linux /proc: utime + stime, 100 ticks a second): what a
 * call costs the server whatever else the shared machine is doing, unlike its latency.
 */
function serverCpu(): number {
  try {
    const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Result {
  /** Server CPU milliseconds per call. */
  cpuMs: number;
  calls: number;
  rate: number;
  ms: number[];
  errors: Map<string, number>;
}
/** `CONNECTIONS` closed loops for `seconds`, each call's path from `pathOf(i)`. */
async function load(pathOf: (i: number) => string, seconds: number): Promise<Result> {
  const ms: number[] = [];
  const errors = new Map<string, number>();
  let i = 0;
  const cpu0 = serverCpu();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const path = pathOf(i++);
        const t = performance.now();
        try {
          const res = await get(path);
          ms.push(performance.now() - t);
          if (res.status !== 200) {
            const k = `${res.status} ${res.body.slice(0, 80)}`;
            errors.set(k, (errors.get(k) ?? 0) + 1);
          }
        } catch (err) {
          ms.push(performance.now() - t);
          const k = `error ${(err as Error).message}`;
          errors.set(k, (errors.get(k) ?? 0) + 1);
        }
      }
    }),
  );
  const wall = performance.now() - t0;
  const cpuMs = ((serverCpu() - cpu0) * 1000) / ms.length;
  return { cpuMs, calls: ms.length, rate: (ms.length / wall) * 1000, ms: ms.sort((a, b) => a - b), errors };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const LIST = '/wps/relay/GLS_gameList?gameType=RNG';
/** What players type: the first letters of theme words, of suffixes and of vendor codes. */
const WORDS = [
  'dragon',
  'juicy',
  'crystal',
  'pharaoh',
  'ocean',
  'jungle',
  'golden',
  'wild',
  'mega',
  'treasure',
  'pg_s0',
  'lucky',
];
const PREFIXES = WORDS.flatMap((w) =>
  Array.from({ length: Math.min(6, w.length) }, (_, n) => w.slice(0, n + 1)),
);

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before answering`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 480) throw new Error('the server did not answer /health in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const first = JSON.parse((await get(`${LIST}&pageSize=1`)).body) as { value?: { total?: number } };
  const total = first.value?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 20));
  console.log(`server up on PostgreSQL (${dbName}); ${total} RNG games, ${pages} pages of 20`);

  const scenarios: [string, (i: number) => string][] = [
    ['GET /health', () => '/health'],
    ['game list page', (i) => `${LIST}&page=${1 + ((i * 7919) % pages)}`],
    ['game list search', (i) => `${LIST}&q=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}`],
  ];
  const results: [string, Result][] = [];
  for (const [name, pathOf] of scenarios) {
    if (WARMUP > 0) await load(pathOf, WARMUP);
    results.push([name, await load(pathOf, SECONDS)]);
  }

  const healthRate = results[0]![1].rate;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each (after ${WARMUP} s warm-up)`);
  console.log(
    'load                  calls/s   ratio    p50      p95      p99      max     errors  server CPU/call',
  );
  for (const [name, r] of results) {
    const errs = [...r.errors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `${name.padEnd(20)} ${r.rate.toFixed(0).padStart(8)}   ${(r.rate / healthRate).toFixed(2).padStart(5)}  ${[
        pct(r.ms, 50),
        pct(r.ms, 95),
        pct(r.ms, 99),
        r.ms.at(-1) ?? 0,
      ]
        .map((x) => `${x.toFixed(1).padStart(6)} ms`)
        .join(' ')}  ${String(errs).padStart(5)}  ${r.cpuMs.toFixed(3)} ms`,
    );
    for (const [k, n] of r.errors) console.log(`    ${String(n).padStart(6)}  ${k}`);
  }

  // What reaches the database, and the one slow call: the first after a catalogue change.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const explain = async (label: string, sql: string, params: unknown[]) => {
      const rows = (await db.query(`explain (analyze, format json) ${sql}`, params)).rows as {
        'QUERY PLAN': { 'Execution Time': number; Plan: { 'Node Type': string } }[];
      }[];
      const plan = rows[0]!['QUERY PLAN'][0]!;
      console.log(`  ${label.padEnd(44)} ${plan['Execution Time'].toFixed(2).padStart(7)} ms`);
    };
    const [m] = (await db.query(`select id from merchants order by id limit 1`)).rows as { id: number }[];
    // The server lists and searches a snapshot of the merchant's catalogue in memory; what reaches
    // the database per call is the version check, and after a change one reload of every game.
    console.log('\ndatabase time per statement (EXPLAIN ANALYZE, warm)');
    await explain(
      'version check (each call, batched under load)',
      `select version from catalogue_version`,
      [],
    );
    await explain(
      'catalogue reload (after a change)',
      `select g.*, v.name, v.status from games g join game_vendors v on v.merchant_id = g.merchant_id and v.code = g.vassalage
        where g.merchant_id = $1 order by g.name, g.id`,
      [m!.id],
    );
    const reloads: number[] = [];
    for (let i = 0; i < 5; i++) {
      await db.query('update catalogue_version set version = version + 1');
      const t = performance.now();
      await get(`${LIST}&page=${i + 2}`);
      reloads.push(performance.now() - t);
    }
    console.log(
      `  first list call after a change (reload), median of 5 ${pct(
        reloads.sort((a, b) => a - b),
        50,
      )
        .toFixed(1)
        .padStart(7)} ms`,
    );
  } finally {
    await db.end();
  }
  console.log(
    `\nengine: PostgreSQL; goal: game list and search p99 ≤ 50 ms at 50 connections (issue 5); server, PostgreSQL and bench share ${
      cpus().length
    } cores`,
  );
} finally {
  stopServer();
  await serverExit;
  rmSync(dataDir, { recursive: true, force: true });
  if (!flags.keep) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
}
