// `npm run bench:api`: the API under load with autocannon (issue 11; issue 5's catalogue calls) against
// the real built server on PostgreSQL, each figure beside a bare Fastify JSON route measured in the
// same run, so the ratio holds on a noisy machine.
//
// The bench makes its own PostgreSQL database (DATABASE_URL, default benchapi on the dev
// PostgreSQL; dropped at the end unless --keep), lets the server migrate and seed it (10,000 slot
// games), adds --members (200) members (bench/members.ts: the demo password, a funded main wallet)
// and logs 2 × --connections of them in. It also starts a bare Fastify process (bench/bare-fastify.mjs:
// one JSON route, no plugins, no database) on the next port. Then each load runs for --seconds (10)
// after --warmup (2) at --connections (50) keep-alive connections (autocannon, one call in flight
// per connection):
//   bare      GET /bare on the bare Fastify process (measured first and last: the ratio's base is the mean)
//   health    GET /health (one `select 1`)
//   balance   GET /wps/v2/wallets/balance, a logged-in member's (round robin over the sessions)
//   list      GET /wps/relay/GLS_gameList?gameType=RNG&page=N  (N over every page of 20)
//   search    GET /wps/relay/GLS_gameList?gameType=RNG&q=<prefix>  (as typed: "d", "dr", "dra" …)
//   login     POST /wps/session/login, the browser's encrypted body (key and nonce fetched and the
//             body encrypted before the load: 40 per second of --seconds, no warm-up); each login
//             is its own account (round robin over --members, under 100 password checks per
//             account an hour) and its own client address; refusals by a rate limit are counted
//             apart from other errors
//   transfer  POST /wps/relay/GCS_walletTransfer, main → PG and back in turn per member (one call
//             in flight per member), each with its own idempotency key; afterwards the members'
//             main wallets must hold the funding minus what the completed transfers moved out plus
//             what they moved back, and `ops ledger check` must pass
// Every call presents its own client address through a trusted proxy (loopback), as players behind a
// load balancer do, so the per-address limit of 600 calls a minute is not what is measured.
// Prints calls/s, the ratio to bare, p50/p99/max, non-2xx answers by status, rate-limit refusals and
// CPU per call of the server process, of the bench database's PostgreSQL backends and of this process
// (autocannon, the client), from /proc: where the machine's cores go; then the database's time for the catalogue's
// version check and its reload, and the first list call after a change. Goals (issue 11): balance
// ≥ 0.5 of bare; p99 ≤ 50 ms at 50 connections (issue 5: list and search). Measured, never asserted.
//
// Flags: --no-build, --connections N (50), --seconds N (10), --warmup N (2), --members N (200),
// --only a,b (some loads: bare is always measured), --keep, --cpu-prof DIR (the server's V8 CPU profile), --server FILE (another build, for A/B). BENCH_PORT (8194; the bare process on +1).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { addMembers, BENCH_PASSWORD, ipOf, login, loginBody } from './members.ts';
import { buildServer } from './robust-lib.ts';

const root = join(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    members: { type: 'string', default: '200' },
    only: { type: 'string', default: '' },
    keep: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string', default: '' },
    server: { type: 'string', default: '' },
  },
});
const MEMBERS = Number(flags.members);
const ONLY = flags.only ? flags.only.split(',') : null;
const wanted = (name: string) => !ONLY || ONLY.includes(name);
const CONNECTIONS = Number(flags.connections);
const SECONDS = Number(flags.seconds);
const WARMUP = Number(flags.warmup);
for (const [name, v] of Object.entries({ CONNECTIONS, SECONDS, WARMUP, MEMBERS }))
  if (!Number.isFinite(v) || v < (name === 'WARMUP' ? 0 : 1))
    throw new Error(`--${name.toLowerCase()} needs a number`);

const port = Number(process.env.BENCH_PORT ?? 8194);
const barePort = port + 1;
const base = `http://127.0.0.1:${port}`;
/** Each member's main wallet at the start (minor units) and the amounts a transfer moves. */
const FUNDING = 100_000_000;
const TO_VENDOR = 200;
const TO_MAIN = 100;
const dbUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/benchapi';
const dbName = new URL(dbUrl).pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName))
  throw new Error(`DATABASE_URL needs a plain database name (got "${dbName}")`);
const adminUrl = Object.assign(new URL(dbUrl), { pathname: '/postgres' }).toString();

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
});

const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-')); // the ops file only
// --cpu-prof DIR: the server runs under V8's CPU profiler and writes DIR/*.cpuprofile when it stops.
const profArgs = flags['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', flags['cpu-prof']] : [];
// --server FILE: another build of the server (an A/B comparison: a build of another commit).
const serverFile = flags.server || join(root, 'apps/server/dist/server.mjs');
const server = spawn(process.execPath, [...profArgs, serverFile], {
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
const bare = spawn(process.execPath, [join(import.meta.dirname, 'bare-fastify.mjs')], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const bareExit = new Promise((r) => bare.on('exit', r));
const stopServer = () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  if (bare.exitCode === null && bare.signalCode === null) bare.kill('SIGTERM');
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
  return procCpu(server.pid ?? 0);
}

/** CPU seconds of one process from /proc (utime + stime), NaN when it is gone. */
function procCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
/** The PostgreSQL backends serving the bench database (the server's pool), set once it is up. */
let backendPids: () => Promise<number[]> = async () => [];
/** CPU seconds of those backends, by pid (PostgreSQL runs on this machine: /proc sees it). */
async function pgCpu(): Promise<Map<number, number>> {
  return new Map((await backendPids()).map((pid) => [pid, procCpu(pid)]));
}

interface Result {
  /** Server CPU milliseconds per call (the real server's, or the bare process's). */
  cpuMs: number;
  /** PostgreSQL CPU milliseconds per call: the bench database's backends (0 for the bare process). */
  pgMs: number;
  /** This process's CPU per call: autocannon, the client (the machine's third consumer). */
  clientMs: number;
  calls: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status other than 2xx, plus connection errors and timeouts. */
  errors: Map<string, number>;
  /** Of those, refusals by a rate limit (429). */
  limited: number;
}
type Req = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

/** `CONNECTIONS` autocannon connections for `seconds` (or `amount` calls) of `req`. */
async function load(
  req: Req,
  seconds: number,
  opts: { url?: string; amount?: number } = {},
): Promise<Result> {
  const onBare = opts.url !== undefined;
  const cpu0 = onBare ? procCpu(bare.pid ?? 0) : serverCpu();
  const pg0 = onBare ? new Map<number, number>() : await pgCpu();
  const client0 = process.cpuUsage();
  const r = await autocannon({
    url: opts.url ?? base,
    connections: CONNECTIONS,
    duration: seconds,
    ...(opts.amount ? { amount: opts.amount } : {}),
    timeout: 30,
    requests: [req],
  });
  const calls = r.latency.totalCount;
  const clientUsage = process.cpuUsage(client0);
  let pgSeconds = 0;
  if (!onBare) for (const [pid, c] of await pgCpu()) if (c >= 0) pgSeconds += c - (pg0.get(pid) ?? 0);
  const errors = new Map<string, number>();
  for (const [status, { count }] of Object.entries(r.statusCodeStats))
    if (!status.startsWith('2')) errors.set(`HTTP ${status}`, count);
  if (r.errors) errors.set('connection errors', r.errors - r.timeouts);
  if (r.timeouts) errors.set('timeouts', r.timeouts);
  for (const [k, n] of errors) if (!n) errors.delete(k);
  return {
    cpuMs: (((onBare ? procCpu(bare.pid ?? 0) : serverCpu()) - cpu0) * 1000) / Math.max(1, calls),
    pgMs: (pgSeconds * 1000) / Math.max(1, calls),
    clientMs: (clientUsage.user + clientUsage.system) / 1000 / Math.max(1, calls),
    calls,
    rate: calls / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors,
    limited: r.statusCodeStats['429']?.count ?? 0,
  };
}

/** A GET with its own client address per call. */
const getReq = (
  pathOf: (i: number) => string,
  headers: (i: number) => Record<string, string> = () => ({}),
): Req => {
  let i = 0;
  return {
    method: 'GET',
    setupRequest: (req) => {
      const n = i++;
      return { ...req, path: pathOf(n), headers: { 'x-forwarded-for': nextIp(), ...headers(n) } };
    },
  };
};

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

  const db0 = new pg.Client({ connectionString: dbUrl });
  await db0.connect();
  const ownPid = ((await db0.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
  backendPids = async () =>
    (
      (await db0.query('select pid from pg_stat_activity where datname = $1 and pid <> $2', [dbName, ownPid]))
        .rows as { pid: number }[]
    ).map((r) => r.pid);
  const members = await addMembers(db0, Math.max(MEMBERS, 2 * CONNECTIONS), FUNDING);
  /** The bench members' wallets: main, and everything (main + vendor wallets) together. */
  const walletTotals = async () => {
    const [row] = (
      await db0.query(
        `select coalesce(sum(balance) filter (where wallet = 'MAIN'), 0)::text as main, coalesce(sum(balance), 0)::text as "all"
           from ledger_accounts where kind = 'member' and member_id = any($1::bigint[])`,
        [members.map((m) => m.id)],
      )
    ).rows as { main: string; all: string }[];
    return { main: Number(row!.main), all: Number(row!.all) };
  };
  const before = await walletTotals();
  // Sessions for balance and transfer: 2 × connections members (a transfer member is never twice in flight).
  const sessions: { account: string; token: string; out: number }[] = [];
  const queue = members.slice(0, 2 * CONNECTIONS);
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let m = queue.shift(); m; m = queue.shift())
        sessions.push({
          account: m.account,
          token: await login(base, m.account, BENCH_PASSWORD, nextIp()),
          out: 0,
        });
    }),
  );
  console.log(`${members.length} members, ${sessions.length} logged in; bare Fastify on port ${barePort}`);

  const results: [string, Result][] = [];
  const measure = async (
    name: string,
    req: () => Req,
    opts: { url?: string; amount?: number; warm?: boolean } = {},
  ) => {
    if (!wanted(name) && name !== 'bare') return;
    if (WARMUP > 0 && opts.warm !== false) await load(req(), WARMUP, opts);
    results.push([name, await load(req(), SECONDS, opts)]);
    const r = results.at(-1)![1];
    console.log(`  ${name}: ${r.rate.toFixed(0)} calls/s, p99 ${r.p99} ms`);
  };
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await measure('bare', () => getReq(() => '/bare'), { url: bareUrl });
  await measure('health', () => getReq(() => '/health'));
  await measure('balance', () =>
    getReq(
      () => '/wps/v2/wallets/balance',
      (i) => ({ authorization: `Bearer ${sessions[i % sessions.length]!.token}` }),
    ),
  );
  await measure('list', () => getReq((i) => `${LIST}&page=${1 + ((i * 7919) % pages)}`));
  await measure('search', () =>
    getReq((i) => `${LIST}&q=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}`),
  );

  // Login: bodies prepared before the load (each one key and nonce, from its own address).
  const loginOutcomes = new Map<string, number>();
  if (wanted('login')) {
    const count = 40 * SECONDS;
    const bodies: { ip: string; body: string }[] = [];
    let n = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (n < count) {
          const k = n++;
          const ip = ipOf(20_000 + k);
          bodies.push({
            ip,
            body: await loginBody(base, members[k % members.length]!.account, BENCH_PASSWORD, ip),
          });
        }
      }),
    );
    let next = 0;
    await measure(
      'login',
      () => ({
        method: 'POST',
        setupRequest: (req) => {
          const b = bodies[next++ % bodies.length]!;
          return {
            ...req,
            path: '/wps/session/login',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': b.ip },
            body: b.body,
          };
        },
        onResponse: (status, body) => {
          let k = `HTTP ${status}`;
          try {
            const j = JSON.parse(body) as { value?: { kind?: string }; message?: string };
            k += ` ${j.value?.kind ?? j.message ?? ''}`;
          } catch {
            /* not JSON */
          }
          loginOutcomes.set(k, (loginOutcomes.get(k) ?? 0) + 1);
        },
      }),
      { amount: count, warm: false },
    );
  }

  // Transfer: a member is taken from the free list for a call and given back with its answer.
  const moved = { out: 0, back: 0 };
  const transferOutcomes = new Map<string, number>();
  if (wanted('transfer')) {
    const free = [...sessions];
    await measure('transfer', () => ({
      method: 'POST',
      setupRequest: (req, context) => {
        const m = free.shift()!;
        context.m = m;
        const toVendor = m.out === 0;
        context.toVendor = toVendor;
        const body = toVendor
          ? { from: 'MAIN', to: 'PG', amount: TO_VENDOR, key: randomUUID() }
          : { from: 'PG', to: 'MAIN', amount: TO_MAIN, key: randomUUID() };
        return {
          ...req,
          path: '/wps/relay/GCS_walletTransfer',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${m.token}`,
            'x-forwarded-for': nextIp(),
          },
          body: JSON.stringify(body),
        };
      },
      onResponse: (status, body, context) => {
        const m = context.m as (typeof sessions)[number];
        let outcome = '?';
        try {
          const j = JSON.parse(body) as { value?: { status?: string }; message?: string };
          outcome = status === 200 ? (j.value?.status ?? '?') : (j.message ?? '?');
        } catch {
          /* not JSON */
        }
        transferOutcomes.set(`${status} ${outcome}`, (transferOutcomes.get(`${status} ${outcome}`) ?? 0) + 1);
        if (status === 200 && outcome === 'completed') {
          if (context.toVendor) {
            m.out += 1;
            moved.out += TO_VENDOR;
          } else {
            m.out -= 1;
            moved.back += TO_MAIN;
          }
        }
        free.push(m);
      },
    }));
  }
  await measure('bare', () => getReq(() => '/bare'), { url: bareUrl });

  const bares = results.filter(([n]) => n === 'bare').map(([, r]) => r.rate);
  const bareRate = bares.reduce((a, b) => a + b, 0) / bares.length;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each (after ${WARMUP} s warm-up); bare Fastify ${bares
      .map((r) => r.toFixed(0))
      .join(' then ')} calls/s (the ratio's base: their mean)`,
  );
  console.log(
    'load        calls/s  ratio   p50      p99      max     non-2xx  rate-limited  CPU/call: server  PostgreSQL  client',
  );
  for (const [name, r] of results) {
    const errs = [...r.errors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `${name.padEnd(10)} ${r.rate.toFixed(0).padStart(8)}  ${(r.rate / bareRate).toFixed(2).padStart(5)}  ${[
        r.p50,
        r.p99,
        r.max,
      ]
        .map((x) => `${x.toFixed(0).padStart(5)} ms`)
        .join('  ')}  ${String(errs - r.limited).padStart(6)}  ${String(r.limited).padStart(12)}  ${
        name === 'bare'
          ? `${r.cpuMs.toFixed(3).padStart(13)} ms  ${'-'.padStart(10)}  ${r.clientMs.toFixed(3)} ms`
          : `${r.cpuMs.toFixed(3).padStart(13)} ms  ${r.pgMs.toFixed(3).padStart(7)} ms  ${r.clientMs.toFixed(3)} ms`
      }`,
    );
    for (const [k, n] of r.errors) if (k !== 'HTTP 429') console.log(`    ${String(n).padStart(6)}  ${k}`);
  }
  const bal = results.find(([n]) => n === 'balance')?.[1];
  if (bal)
    console.log(
      `\ngoal: balance ≥ 0.5 of bare: ${(bal.rate / bareRate).toFixed(2)}; p99 ≤ 50 ms at ${CONNECTIONS} connections: balance ${bal.p99} ms`,
    );
  if (loginOutcomes.size) {
    console.log('login answers:');
    for (const [k, n] of [...loginOutcomes].sort((a, b) => b[1] - a[1]))
      console.log(`  ${String(n).padStart(6)}  ${k}`);
  }
  if (transferOutcomes.size) {
    console.log('transfer answers:');
    for (const [k, n] of [...transferOutcomes].sort((a, b) => b[1] - a[1]))
      console.log(`  ${String(n).padStart(6)}  ${k}`);
    // The server finishes the calls autocannon stopped waiting for at the end of a load: give it
    // a moment, then compare the ledger, not the answers seen.
    await new Promise((r) => setTimeout(r, 2000));
    const after = await walletTotals();
    const out = before.main - after.main;
    console.log(
      `money: the members' main wallets ${before.main} → ${after.main} (${out} moved to PG, net); main + vendor wallets ${before.all} → ${after.all}: ${
        after.all === before.all ? 'adds up' : `OFF BY ${after.all - before.all}`
      }; answers seen: ${moved.out} out, ${moved.back} back (net ${moved.out - moved.back}; calls in flight when a load ended are not seen)`,
    );
    if (after.all !== before.all || out <= 0) process.exitCode = 1;
    const check = spawnSync(process.execPath, [join(root, 'apps/server/dist/ops.mjs'), 'ledger', 'check'], {
      env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    console.log(`ledger check (exit ${check.status}): ${(check.stdout + check.stderr).trim()}`);
    if (check.status !== 0) process.exitCode = 1;
  }
  await db0.end();

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
    `\nengine: PostgreSQL; goals: balance ≥ 0.5 of bare, p99 ≤ 50 ms at 50 connections (issues 5, 11); server, PostgreSQL, bare Fastify and bench share ${
      cpus().length
    } cores`,
  );
} finally {
  stopServer();
  await serverExit;
  await bareExit;
  rmSync(dataDir, { recursive: true, force: true });
  if (!flags.keep) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
}
