// `npm run bench:crash` (issue 11): the built server SIGKILLed at random moments (crypto randomInt)
// while members move real money, --kills times on file-backed PGlite (DATA_DIR) and on PostgreSQL
// (a cluster of the bench's own, made with initdb on --pg-port; never the shared dev PostgreSQL),
// restarted after each kill. The load: wallet transfers main ↔ PG (the two-phase vendor path),
// bank deposits credited by the operator (`ops deposit approve`, through the server's ops route),
// and lottery slips on the 1-minute game (settled by the draw job). After the last kill: `ops
// ledger reconcile 0` and `ops ledger check 0` (every invariant of modules/ledger: entries sum to
// zero per transfer and in all, balances equal their entries, none negative, nothing left pending
// or half-written), idempotency keys unique (PostgreSQL, on the database), and every call that was
// acknowledged before a kill replayed with its key: the same answer (it happened exactly once).
// Then, on PostgreSQL, `pg_ctl stop -m immediate` under load --db-stops times: while the database is
// down every answer must be 503 with the error envelope (no stack, no 500, no hang past 10 s), and
// the same server process must answer 200 again once the database is back (no restart).
//
// Prints figures and the problems found; exits 1 when an invariant fails (a measured fact, not a
// timing). Flags: --no-build, --kills N (30), --engine pglite|postgres|both (both), --db-stops N (3),
// --min-ms / --max-ms (the random moment's range after the server answers, 300–3000), --port
// (8640), --pg-port (55441), --workers N (8 load loops).
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildServer,
  http,
  LEAK,
  login,
  makeCluster,
  ops,
  opsToken,
  sleep,
  sql,
  startServer,
  stopServer,
  waitHealthy,
  type Cluster,
  type Res,
  type Server,
} from './robust-lib.ts';

const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    kills: { type: 'string', default: '30' },
    engine: { type: 'string', default: 'both' },
    'db-stops': { type: 'string', default: '3' },
    'min-ms': { type: 'string', default: '300' },
    'max-ms': { type: 'string', default: '3000' },
    port: { type: 'string', default: '8640' },
    'pg-port': { type: 'string', default: '55441' },
    workers: { type: 'string', default: '8' },
  },
});
const KILLS = Number(flags.kills);
const DB_STOPS = Number(flags['db-stops']);
const MIN_MS = Number(flags['min-ms']);
const MAX_MS = Number(flags['max-ms']);
const PORT = Number(flags.port);
const WORKERS = Number(flags.workers);
const engines = flags.engine === 'both' ? ['pglite', 'postgres'] : [flags.engine!];
if (!engines.every((e) => e === 'pglite' || e === 'postgres'))
  throw new Error('--engine pglite|postgres|both');
if (!flags['no-build']) buildServer();

/** The demo players (seeded with every start); each gets its own client address. */
const MEMBERS = [
  { account: 'demo01', password: 'Demo2026!' },
  { account: 'player01', password: 'Player2026!' },
];
const GAME = 'LUCKY5D_1M';
/** What a job logs when its pass meets the stopped database. */
const DB_DOWN =
  /ECONNREFUSED|ECONNRESET|the database system is (starting up|not yet accepting|shutting down)|terminating connection|Connection terminated|not queryable/;

interface Member {
  account: string;
  token: string;
  ip: string;
}
/** An acknowledged call: replayed with the same key at the end, it must answer the same. */
interface Acked {
  member: Member;
  path: string;
  body: Record<string, unknown>;
  answer: string;
}

interface Tally {
  calls: number;
  ok: number;
  refused: Map<string, number>;
  serverErrors: Map<string, number>;
  cut: number;
  acked: Acked[];
  depositsApproved: number;
}
const newTally = (): Tally => ({
  calls: 0,
  ok: 0,
  refused: new Map(),
  serverErrors: new Map(),
  cut: 0,
  acked: [],
  depositsApproved: 0,
});
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** The stable part of an answer (balances move between the call and its replay). */
function identity(path: string, value: unknown): string {
  const v = value as Record<string, unknown>;
  // A transfer answered pending may be completed or voided later (the reconciler): only a final
  // status must stay what it was.
  if (path.includes('walletTransfer'))
    return JSON.stringify([v.transferId, v.amount, v.status === 'pending' ? null : v.status]);
  if (path.includes('/bets')) return JSON.stringify((v.bets as { id: number }[]).map((b) => b.id));
  if (path.includes('deposit')) return JSON.stringify([v.id, v.amount]);
  return JSON.stringify(v);
}

async function call(
  port: number,
  t: Tally,
  m: Member,
  method: string,
  path: string,
  body?: Record<string, unknown>,
) {
  t.calls++;
  let r: Res;
  try {
    r = await http(method, port, path, {
      ...(body ? { body } : {}),
      headers: { authorization: `Bearer ${m.token}`, 'x-forwarded-for': m.ip },
      timeoutMs: 10_000,
    });
  } catch {
    t.cut++; // the kill cut it off: the client does not know; it is replayed at the end
    return null;
  }
  if (r.status >= 500) {
    bump(t.serverErrors, `${r.status} ${r.body.slice(0, 120)}`);
    return null;
  }
  const j = r.json();
  if (r.status !== 200 || !j.success) {
    bump(t.refused, `${r.status} ${j.message}`);
    return null;
  }
  t.ok++;
  return j.value;
}

/** One load loop: a random money movement after another until `until()` says stop. */
async function loadLoop(port: number, members: Member[], t: Tally, token: () => string, stop: () => boolean) {
  let channelId: number | undefined;
  while (!stop()) {
    const m = members[randomInt(members.length)]!;
    const kind = randomInt(10);
    if (kind < 5) {
      const toVendor = randomInt(2) === 0;
      const body = {
        from: toVendor ? 'MAIN' : 'PG',
        to: toVendor ? 'PG' : 'MAIN',
        amount: 100 * (1 + randomInt(5)),
        key: randomUUID(),
      };
      const path = '/wps/relay/GCS_walletTransfer';
      const v = await call(port, t, m, 'POST', path, body);
      if (v) t.acked.push({ member: m, path, body, answer: identity(path, v) });
    } else if (kind < 8) {
      const open = await call(port, t, m, 'GET', `/lotto/lgw/games/opened/numero?gameCode=${GAME}`);
      const numero = (open as { current?: { numero: string } } | null)?.current?.numero;
      if (!numero) continue;
      const body = {
        gameCode: GAME,
        numero,
        idempotencyKey: randomUUID(),
        lines: [
          { playType: 'BIG_SMALL', selection: [[randomInt(2) ? 'big' : 'small']], unit: 100, multiplier: 1 },
        ],
      };
      const path = '/lotto/lgw/bets';
      const v = await call(port, t, m, 'POST', path, body);
      if (v) t.acked.push({ member: m, path, body, answer: identity(path, v) });
    } else {
      if (channelId === undefined) {
        const chans = (await call(port, t, m, 'GET', '/wps/v2/deposit/channels')) as
          { id: number; code: string }[] | null;
        channelId = chans?.find((c) => c.code === 'BANK')?.id;
        if (channelId === undefined) continue;
      }
      const body = {
        channelId,
        amount: 10_000 * (1 + randomInt(5)),
        payerName: 'Crash Bench',
        key: randomUUID(),
      };
      const path = '/wps/v2/deposit';
      const v = (await call(port, t, m, 'POST', path, body)) as { id: number } | null;
      if (!v) continue;
      t.acked.push({ member: m, path, body, answer: identity(path, v) });
      // The operator credits it at once (another transaction the kill may cut).
      const r = await ops(port, token(), 'deposit', ['approve', String(v.id)]).catch(() => null);
      if (r?.ok) t.depositsApproved++;
    }
  }
}

async function setupMembers(port: number): Promise<Member[]> {
  return Promise.all(
    MEMBERS.map(async (a, i) => ({
      account: a.account,
      ip: `198.18.7.${i + 1}`,
      token: await login(port, a.account, a.password, `198.18.7.${i + 1}`),
    })),
  );
}

interface EngineReport {
  engine: string;
  kills: number;
  startMs: number[];
  startFailures: string[];
  tally: Tally;
  checks: string[];
  replayed: number;
  replayMismatches: string[];
  dbStops?: { ms503: number; answers: Map<string, number>; recoverMs: number[]; bad: string[] };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function runEngine(engine: 'pglite' | 'postgres', cluster: Cluster | null): Promise<EngineReport> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-crash-${engine}-`));
  const log = join(dataDir, 'server.log');
  const databaseUrl = cluster?.url('crashbench');
  if (cluster) {
    await sql(cluster.url('postgres'), 'drop database if exists crashbench with (force)');
    await sql(cluster.url('postgres'), 'create database crashbench');
  }
  const report: EngineReport = {
    engine,
    kills: 0,
    startMs: [],
    startFailures: [],
    tally: newTally(),
    checks: [],
    replayed: 0,
    replayMismatches: [],
  };
  const start = async () => {
    const s = startServer({ port: PORT, dataDir, log, ...(databaseUrl ? { databaseUrl } : {}) });
    try {
      report.startMs.push(await waitHealthy(s));
    } catch (err) {
      report.startFailures.push((err as Error).message);
      throw err;
    }
    return s;
  };
  let server: Server = await start();
  const members = await setupMembers(PORT);
  console.log(`${engine}: ${members.length} members logged in; ${KILLS} kills`);
  try {
    for (let k = 0; k < KILLS; k++) {
      let stop = false;
      let tok = opsToken(dataDir);
      const loops = Array.from({ length: WORKERS }, () =>
        loadLoop(
          PORT,
          members,
          report.tally,
          () => tok,
          () => stop,
        ),
      );
      await sleep(randomInt(MIN_MS, MAX_MS + 1));
      server.proc.kill('SIGKILL');
      await server.exited;
      report.kills++;
      stop = true;
      await Promise.all(loops);
      server = await start();
      tok = opsToken(dataDir);
      // Quick check after each restart (the default 300 s: what a kill leaves pending is young).
      const c = await ops(PORT, tok, 'ledger', ['check']);
      if (!c.ok) report.checks.push(`after kill ${k + 1}: ${c.message}`);
      process.stdout.write(
        `  kill ${k + 1}/${KILLS}: ${report.tally.calls} calls so far, restart ${report.startMs.at(-1)!.toFixed(0)} ms\n`,
      );
    }
    const tok = opsToken(dataDir);
    const rec = await ops(PORT, tok, 'ledger', ['reconcile', '0']);
    console.log(`  reconcile: ${rec.message}`);
    const check = await ops(PORT, tok, 'ledger', ['check', '0']);
    console.log(`  ledger check 0: ${check.ok ? 'ok' : 'FAILED'} ${check.message}`);
    if (!check.ok) report.checks.push(`final: ${check.message}`);
    // Every acknowledged call once: the same key answers the same (no second movement).
    for (const a of report.tally.acked) {
      const r = await http('POST', PORT, a.path, {
        body: a.body,
        // From addresses of their own: thousands of replays from the member's one address would
        // meet the per-address limit (600 calls a minute) instead of the idempotency check.
        headers: { authorization: `Bearer ${a.member.token}`, 'x-forwarded-for': replayIp() },
      });
      report.replayed++;
      const j = r.json();
      const got = r.status === 200 && j.success ? identity(a.path, j.value) : `${r.status} ${j.message}`;
      const same = got === a.answer || (a.answer.endsWith(',null]') && got.startsWith(a.answer.slice(0, -6)));
      if (!same) report.replayMismatches.push(`${a.path} ${JSON.stringify(a.body)}: ${a.answer} → ${got}`);
    }
    if (cluster) {
      const dup = await sql(
        databaseUrl!,
        `select member_id, key, count(*) from idempotency_keys group by member_id, key having count(*) > 1`,
      );
      if (dup.length) report.checks.push(`${dup.length} idempotency keys twice`);
      report.dbStops = await dbStops(server, cluster, members, dataDir);
      // A stop cuts two-phase vendor transfers between their phases: the reconciler decides them.
      const rec2 = await ops(PORT, opsToken(dataDir), 'ledger', ['reconcile', '0']);
      console.log(`  reconcile after the database stops: ${rec2.message}`);
      const after = await ops(PORT, opsToken(dataDir), 'ledger', ['check', '0']);
      if (!after.ok) report.checks.push(`after the database stops: ${after.message}`);
      console.log(
        `  ledger check 0 after the database stops: ${after.ok ? 'ok' : 'FAILED'} ${after.message}`,
      );
    }
  } catch (err) {
    report.checks.push(`the run stopped: ${(err as Error).message}`);
  } finally {
    if (server.proc.exitCode !== null || server.proc.signalCode !== null)
      report.checks.push(`the server had exited (${server.proc.exitCode ?? server.proc.signalCode})`);
    await stopServer(server);
    const errors = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l) || /startup failed|database error/.test(l))
      // A background job's pass while the database was stopped on purpose (the next pass retries).
      .filter((l) => !(report.dbStops && DB_DOWN.test(l)));
    if (errors.length)
      report.checks.push(
        `${errors.length} error lines in the server log, first: ${errors[0]!.slice(0, 300)}`,
      );
    if (report.checks.length) {
      const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-15);
      console.log(
        `  server log kept: ${log}; its end:\n    ${tail.map((l) => l.slice(0, 400)).join('\n    ')}`,
      );
    } else rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

/** The probes' client addresses (through the trusted loopback proxy): out of the load's rate limit. */
let probes = 0;
const probeIp = () => `198.18.9.${1 + (probes++ % 250)}`;
/** The replays' client addresses, the same way. */
let replays = 0;
const replayIp = () => `198.18.10.${1 + (replays++ % 250)}`;

/** `pg_ctl stop -m immediate` under load: 503 while down, 200 again without a restart. */
async function dbStops(server: Server, cluster: Cluster, members: Member[], dataDir: string) {
  const answers = new Map<string, number>();
  const bad: string[] = [];
  const recoverMs: number[] = [];
  let ms503 = 0;
  for (let i = 0; i < DB_STOPS; i++) {
    let stop = false;
    const t = newTally();
    const tok = opsToken(dataDir);
    const loops = Array.from({ length: WORKERS }, () =>
      loadLoop(
        PORT,
        members,
        t,
        () => tok,
        () => stop,
      ),
    );
    await sleep(randomInt(MIN_MS, MAX_MS + 1));
    cluster.crash();
    // While it is down: health and a member read, again and again for 3 s.
    const until = performance.now() + 3_000;
    const m = members[0]!;
    while (performance.now() < until) {
      for (const path of ['/health', '/wps/v2/wallets/balance']) {
        const t0 = performance.now();
        try {
          const r = await http('GET', PORT, path, {
            headers: { authorization: `Bearer ${m.token}`, 'x-forwarded-for': probeIp() },
            timeoutMs: 10_000,
          });
          ms503 = Math.max(ms503, performance.now() - t0);
          const j = r.json();
          bump(answers, `${r.status} ${j.code}`);
          if (r.status !== 503 || j.code !== 'SERVICE_UNAVAILABLE' || LEAK.test(r.body))
            bad.push(`${path} while down: ${r.status} ${r.body.slice(0, 200)}`);
        } catch (err) {
          bad.push(
            `${path} while down: ${(err as Error).message} after ${(performance.now() - t0).toFixed(0)} ms`,
          );
        }
      }
      await sleep(100);
    }
    if (server.proc.exitCode !== null || server.proc.signalCode !== null)
      bad.push('the server exited while the database was down');
    stop = true;
    for (const [k, n] of t.serverErrors) if (!k.startsWith('503')) bad.push(`load while down: ${n}× ${k}`);
    cluster.start();
    const t0 = performance.now();
    const seen = new Map<string, number>();
    for (;;) {
      const t1 = performance.now();
      const r = await http('GET', PORT, '/wps/v2/wallets/balance', {
        headers: { authorization: `Bearer ${m.token}`, 'x-forwarded-for': probeIp() },
      }).catch((e: Error) => ({ status: 0, body: e.message }));
      bump(
        seen,
        `${r.status} ${r.status === 200 ? '' : r.body.slice(0, 80)} (${performance.now() - t1 > 1000 ? 'slow' : 'fast'})`,
      );
      if (r.status === 200) break;
      if (performance.now() - t0 > 60_000) {
        bad.push('not back 60 s after the database');
        break;
      }
      await sleep(50);
    }
    recoverMs.push(performance.now() - t0);
    if (recoverMs.at(-1)! > 5_000)
      bad.push(
        `slow recovery (${recoverMs.at(-1)!.toFixed(0)} ms): ${[...seen].map(([k, n]) => `${n}× ${k}`).join('; ')}`,
      );
    await Promise.all(loops);
    console.log(
      `  database stop ${i + 1}/${DB_STOPS}: back ${recoverMs.at(-1)!.toFixed(0)} ms after pg_ctl start`,
    );
  }
  return { ms503, answers, recoverMs, bad };
}

let cluster: Cluster | null = null;
const reports: EngineReport[] = [];
let failed = false;
try {
  for (const engine of engines as ('pglite' | 'postgres')[]) {
    if (engine === 'postgres') cluster = makeCluster(Number(flags['pg-port']));
    reports.push(await runEngine(engine, engine === 'postgres' ? cluster : null));
  }
} finally {
  cluster?.destroy();
}

console.log('\n== bench:crash ==');
for (const r of reports) {
  const t = r.tally;
  console.log(
    `\n${r.engine}: ${r.kills} SIGKILLs at random moments (${MIN_MS}–${MAX_MS} ms after ready), ${WORKERS} load loops`,
  );
  console.log(
    `  restarts       ${r.startMs.length} clean starts, ${r.startFailures.length} failed; to /health p50 ${pct(r.startMs, 50).toFixed(0)} ms, max ${Math.max(...r.startMs).toFixed(0)} ms`,
  );
  console.log(
    `  calls          ${t.calls}: ${t.ok} ok, ${t.cut} cut by a kill, ${[...t.refused.values()].reduce((a, b) => a + b, 0)} refused (4xx), ${[...t.serverErrors.values()].reduce((a, b) => a + b, 0)} 5xx`,
  );
  console.log(
    `  acknowledged   ${t.acked.length} money calls (transfers, slips, deposits), ${t.depositsApproved} deposits credited by ops; replayed ${r.replayed}, ${r.replayMismatches.length} differ`,
  );
  for (const [k, n] of t.refused) console.log(`    refused ${n}× ${k}`);
  for (const [k, n] of t.serverErrors) console.log(`    5xx ${n}× ${k}`);
  if (r.dbStops) {
    const d = r.dbStops;
    console.log(
      `  db stops       ${DB_STOPS}× pg_ctl stop -m immediate: answers while down ${[...d.answers].map(([k, n]) => `${n}× ${k}`).join(', ')}; slowest ${d.ms503.toFixed(0)} ms; back without restart after ${d.recoverMs.map((x) => x.toFixed(0)).join(', ')} ms`,
    );
    for (const b of d.bad.slice(0, 10)) console.log(`    PROBLEM ${b}`);
    if (d.bad.length) failed = true;
  }
  for (const c of r.checks) console.log(`  PROBLEM ${c}`);
  for (const m of r.replayMismatches.slice(0, 10)) console.log(`  PROBLEM replay ${m}`);
  if (r.checks.length || r.replayMismatches.length || r.startFailures.length || t.serverErrors.size)
    failed = true;
}
console.log(`\n${failed ? 'PROBLEMS FOUND' : 'every invariant held'}`);
if (failed) process.exitCode = 1;
