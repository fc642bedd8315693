import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encryptPayload, type PayloadKey, type VendorTransferResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { migrate } from '../../db/migrate.ts';
import { pgliteDir } from '../../db/open.ts';
import { openPglite } from '../../db/pglite.ts';
import { openPostgres } from '../../db/postgres.ts';
import { hashPassword } from '../../lib/password.ts';
import { seedDemo } from '../../seed/seed.ts';
import { checkLedger, memberAccount, post, systemAccount } from '../ledger/ledger.ts';
import { createMoneyRunner } from '../ledger/money-tx.ts';

/**
 * Issue 4 figure: "The server killed (SIGKILL) at random moments during transfers, 30 times:
 * after restart and reconcile every invariant holds and every acknowledged transfer is present
 * exactly once."
 *
 * The real bundle (build.mjs into apps/server/.crash-<engine>, never dist/) runs as a child
 * process on a PGlite data directory (TEST_DB=pglite) or on a scratch database of
 * TEST_DATABASE_URL's server (TEST_DB=postgres). Each round: members fire keyed main ↔ PG
 * transfers over HTTP, the process is SIGKILLed after a random delay (crypto randomInt), started
 * again, `ops ledger reconcile 0` and `ops ledger check 0` run (through the server's ops route, as
 * the CLI does on PGlite; after the last restart through the built CLI itself), every answer
 * of the round before is replayed with its key (same answer), and every call the kill cut off is
 * sent again with its key (as a client retries). At the end, on the database itself: the ledger
 * check, every acknowledged transfer exactly once (idempotency key, vendor transfer id, ledger
 * movements), nothing written for a refused call, and the demo vendor's books equal to our PG
 * wallets. CRASH_KILLS sets the number of kills: 30 by default; when the same run also has a
 * PostgreSQL server (TEST_DATABASE_URL: `npm test`, CI), each engine makes 10 (each restart costs
 * seconds, and CI has 30 minutes for everything): the 30 kills of the figure on both engines, under
 * money movements of every kind, are `npm run bench:crash` (issue 11).
 */

const ENGINE = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const KILLS = Number(process.env.CRASH_KILLS ?? (process.env.TEST_DATABASE_URL ? 10 : 30));
const VENDOR = 'PG';
const MEMBERS = 4;
/** Workers per member: two calls of one member in flight race for the same rows. */
const WORKERS_PER_MEMBER = 2;
const FUNDING = 1_000_000;
const PASSWORD = 'Crash2026pw';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const outDir = `.crash-${ENGINE}`;
const bundle = (name: string) => path.join(serverDir, outDir, name);

interface Member {
  id: string;
  account: string;
  ip: string;
  token: string;
}

interface TransferBody {
  from: string;
  to: string;
  amount: number;
  key: string;
}

interface Call {
  round: number;
  member: Member;
  body: TransferBody;
  /** HTTP status, or 0 when the kill cut the call off. */
  http: number;
  value?: VendorTransferResult;
  message?: string;
}

// ---------------------------------------------------------------------------------------------
// Children: every process this file starts is killed on the way out, whatever happens.

const children = new Set<ChildProcess>();
const killAll = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
process.once('exit', killAll);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let dataDir = '';
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

const childEnv = (port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  LOG_LEVEL: 'error',
  TRUST_PROXY: '127.0.0.1',
  WEB_DIST: path.join(dataDir, 'no-web'),
  NODE_ENV: 'production',
});

interface Running {
  base: string;
  child: ChildProcess;
  exited: Promise<void>;
  stderr: string[];
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', bundle('server.mjs')], {
    env: childEnv(port),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (d: string) => stderr.push(d));
  const exited = new Promise<void>((r) => child.once('exit', () => (children.delete(child), r())));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr.join('')}`);
    const ok = await fetch(`${base}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, child, exited, stderr };
    if (i > 600) throw new Error(`server did not answer in 60 s: ${stderr.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function kill(s: Running, signal: NodeJS.Signals): Promise<void> {
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill(signal);
  await s.exited;
}

/** The built ops CLI (through the running server on PGlite, on the database on PostgreSQL). */
function ops(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [bundle('ops.mjs'), ...args], {
    env: childEnv(1),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

/**
 * The same command through the running server's ops route (what the CLI itself does on PGlite),
 * without starting a process: the rounds use it, the last restart uses the CLI.
 */
async function opsHttp(s: Running, ...args: string[]): Promise<{ status: number | null; out: string }> {
  const file = JSON.parse(readFileSync(path.join(dataDir, 'ops.json'), 'utf8')) as { token: string };
  const res = await fetch(`${s.base}/ops/${args[0]}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${file.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ args: args.slice(1) }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json()) as { value?: { message?: string }; message?: string };
  return { status: res.ok ? 0 : res.status, out: body.value?.message ?? body.message ?? '' };
}

// ---------------------------------------------------------------------------------------------
// The database, before the first start and after the last stop (the server is not running).

async function openDirect(): Promise<Db> {
  return databaseUrl ? openPostgres({ url: databaseUrl, max: 2 }) : openPglite(pgliteDir(dataDir));
}

async function prepare(): Promise<Omit<Member, 'token' | 'ip'>[]> {
  if (ENGINE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = await openPostgres({ url, max: 1 });
    await admin.exec(`create database ${name}`);
    await admin.close();
    databaseUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
    dropDatabase = async () => {
      const a = await openPostgres({ url, max: 1 });
      await a.exec(`drop database if exists ${name} with (force)`);
      await a.close();
    };
  }
  const db = await openDirect();
  try {
    await migrate(db);
    await seedDemo(db);
    const money = createMoneyRunner(db);
    const hash = await hashPassword(PASSWORD);
    const members: Omit<Member, 'token' | 'ip'>[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const account = `crash${i}${Date.now().toString(36)}`;
      const [row] = await db.query<{ id: string; merchant_id: number }>(
        `insert into members (merchant_id, account, password_hash, type)
         select id, $1, $2, 3 from merchants order by id limit 1 returning id::text as id, merchant_id`,
        [account, hash],
      );
      await money(async (tx) => {
        const opening = await systemAccount(tx, row!.merchant_id, 'OPENING');
        await post(tx, {
          type: 'adjustment',
          memberId: row!.id,
          ref: 'test:fund',
          legs: [
            { account: opening, amount: -FUNDING },
            { account: await memberAccount(tx, row!.id), amount: FUNDING },
          ],
        });
      });
      members.push({ id: row!.id, account });
    }
    return members;
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP as the client does it.

async function login(base: string, account: string, ip: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const key = ((await (await fetch(`${base}/wps/session/key`, { headers })).json()) as { value: PayloadKey })
    .value;
  const payload = await encryptPayload(key, { type: 'username', username: account, password: PASSWORD });
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(payload),
  });
  const json = (await res.json()) as { value?: { kind?: string; session?: { token: string } } };
  if (json.value?.kind !== 'session' || !json.value.session)
    throw new Error(`login ${account}: ${res.status}`);
  return json.value.session.token;
}

async function send(base: string, m: Member, body: TransferBody, round: number): Promise<Call> {
  sent.add(body.key);
  try {
    const res = await fetch(`${base}/wps/relay/GCS_walletTransfer`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${m.token}`,
        'x-forwarded-for': m.ip,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json()) as { value?: VendorTransferResult; message?: string };
    return { round, member: m, body, http: res.status, value: json.value, message: json.message };
  } catch {
    return { round, member: m, body, http: 0 };
  }
}

function randomBody(): TransferBody {
  const toVendor = randomInt(2) === 0;
  return {
    from: toVendor ? 'MAIN' : VENDOR,
    to: toVendor ? VENDOR : 'MAIN',
    amount: randomInt(1, 20_001),
    key: randomUUID(),
  };
}

/** Workers fire transfers until the kill; every call is recorded with its outcome. */
async function fireAndKill(s: Running, members: Member[], round: number): Promise<Call[]> {
  const calls: Call[] = [];
  let killed = false;
  const workers = members.flatMap((m) =>
    Array.from({ length: WORKERS_PER_MEMBER }, async () => {
      while (!killed) calls.push(await send(s.base, m, randomBody(), round));
    }),
  );
  // The first round's calls warm the JIT; later kills land anywhere from the first call on.
  await new Promise((r) => setTimeout(r, randomInt(30, 1200)));
  killed = true; // no new call starts; the ones in flight are cut off by the kill
  await kill(s, 'SIGKILL');
  await Promise.all(workers);
  return calls;
}

// ---------------------------------------------------------------------------------------------

const acknowledged = new Map<string, Call>(); // key → the 200 answer
const refused: Call[] = [];
/** Every key sent (a vendor transfer must come from one of them). */
const sent = new Set<string>();
const phases = { start: 0, reconcile: 0, check: 0, replay: 0, fire: 0 };
const timed = async <T>(phase: keyof typeof phases, fn: () => Promise<T> | T): Promise<T> => {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    phases[phase] += Date.now() - t0;
  }
};
const stats = {
  rounds: 0,
  calls: 0,
  acknowledged: 0,
  refused: 0,
  cutOff: 0,
  retried: 0,
  pendingAcks: 0,
  reconciled: 0,
  reconciledCompleted: 0,
  reconciledVoided: 0,
};

describe.runIf(ENGINE === 'pglite' || process.env.TEST_DATABASE_URL)(
  `crash: SIGKILL during transfers (${ENGINE})`,
  () => {
    let members: Member[] = [];
    let server: Running | undefined;
    const started = Date.now();

    beforeAll(async () => {
      const built = spawnSync(process.execPath, ['build.mjs'], {
        cwd: serverDir,
        env: { ...process.env, SERVER_OUT_DIR: outDir },
        encoding: 'utf8',
      });
      if (built.status !== 0) throw new Error(`build failed: ${built.stdout}${built.stderr}`);
      dataDir = mkdtempSync(path.join(tmpdir(), `crash-${ENGINE}-`));
      const made = await prepare();
      server = await startServer();
      members = [];
      for (const [i, m] of made.entries()) {
        const ip = `198.18.7.${i + 1}`;
        members.push({ ...m, ip, token: await login(server.base, m.account, ip) });
      }
    }, 120_000);

    afterAll(async () => {
      killAll();
      await server?.exited;
      await dropDatabase?.().catch(() => undefined);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it(`${KILLS} kills: after restart and reconcile every invariant holds, every acknowledged transfer is there once`, async () => {
      let previous: Call[] = [];
      for (let round = 1; round <= KILLS + 1; round++) {
        if (round > 1) {
          server = await timed('start', startServer);
          // The reconciler resolves what the kill left between the phases, then every invariant.
          const last = round > KILLS;
          const run = (...args: string[]) => (last ? ops(...args) : opsHttp(server!, ...args));
          const rec = await timed('reconcile', () => run('ledger', 'reconcile', '0'));
          expect(rec.status, `round ${round} reconcile: ${rec.out}`).toBe(0);
          const check = await timed('check', () => run('ledger', 'check', '0'));
          expect(check.status, `round ${round} ledger check: ${check.out}`).toBe(0);

          const [, open = '0', done = '0', voided = '0'] =
            /reconciled (\d+) open vendor transfers: (\d+) completed, (\d+) voided/.exec(rec.out) ?? [];
          stats.reconciled += Number(open);
          stats.reconciledCompleted += Number(done);
          stats.reconciledVoided += Number(voided);

          await timed('replay', async () => {
            // Every answer of the last round again with its key: the same answer.
            const replays = await Promise.all(
              previous
                .filter((p) => p.http === 200)
                .map(async (c) => [c, await send(server!.base, c.member, c.body, round)] as const),
            );
            for (const [c, again] of replays) {
              expect(again.http, `replay ${c.body.key}: ${again.message}`).toBe(200);
              expect(sameTransfer(c.value!, again.value!), `replay ${c.body.key}`).toBe(true);
            }
            // What the kill cut off is sent again with its key, as a client retries.
            const retries = await Promise.all(
              previous.filter((p) => p.http === 0).map((c) => send(server!.base, c.member, c.body, round)),
            );
            for (const again of retries) {
              stats.retried++;
              expect(
                again.http === 200 || (again.http >= 400 && again.http < 500),
                `retry ${again.body.key}: ${again.http} ${again.message}`,
              ).toBe(true);
              record(again);
            }
          });
        }
        if (round > KILLS) break;
        previous = await timed('fire', () => fireAndKill(server!, members, round));
        stats.rounds++;
        for (const c of previous) {
          stats.calls++;
          if (c.http === 0) stats.cutOff++;
          else record(c);
        }
        // A 5xx is never an answer of a money call, also not in the moments before a kill.
        const fivexx = previous.filter((c) => c.http >= 500);
        expect(fivexx.map((c) => `${c.http} ${c.message}`)).toEqual([]);
      }

      // The last start stops cleanly; the database is then checked directly.
      await kill(server!, 'SIGTERM');
      const db = await openDirect();
      try {
        await verifyDatabase(db, members);
      } finally {
        await db.close();
      }
      stats.acknowledged = acknowledged.size;
      stats.refused = refused.length;
      console.log(
        `crash (${ENGINE}): ${JSON.stringify(stats)} ms per phase ${JSON.stringify(phases)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(stats.acknowledged).toBeGreaterThan(0);
    }, 600_000);
  },
);

function record(c: Call): void {
  if (c.http === 200) {
    const first = acknowledged.get(c.body.key);
    if (first) expect(sameTransfer(first.value!, c.value!)).toBe(true);
    else acknowledged.set(c.body.key, c);
    if (c.value?.status === 'pending') stats.pendingAcks++;
  } else if (c.http >= 400 && c.http < 500) refused.push(c);
}

/**
 * A replay answers the same transfer: same id, wallets and amount; a completed or failed answer
 * stays what it was; a pending one may since have been resolved by the reconciler.
 */
function sameTransfer(a: VendorTransferResult, b: VendorTransferResult): boolean {
  if (a.transferId !== b.transferId || a.from !== b.from || a.to !== b.to || a.amount !== b.amount)
    return false;
  if (a.status === 'pending') return true;
  return a.status === b.status;
}

async function verifyDatabase(db: Db, members: Member[]): Promise<void> {
  // The ledger's own invariants (the built CLI's `ledger check`, with the wallet module's checks,
  // passed after the last restart); here nothing may be pending at all.
  const report = await checkLedger(db, 0);
  expect(report.problems).toEqual([]);

  const transfers = await db.query<{
    id: string;
    member_id: string;
    direction: 'in' | 'out';
    amount: string;
    status: string;
    idempotency_key: string | null;
    hold_transfer_id: string;
    settle_transfer_id: string | null;
  }>(
    `select id::text, member_id::text, direction, amount, status, idempotency_key, hold_transfer_id::text,
            settle_transfer_id::text
       from vendor_transfers where vendor = $1`,
    [VENDOR],
  );
  const byId = new Map(transfers.map((t) => [t.id, t]));
  expect(transfers.filter((t) => t.status !== 'completed' && t.status !== 'failed')).toEqual([]);
  // Every vendor transfer comes from a call we made, once: no key started two of them.
  const keys = transfers.map((t) => `${t.member_id}/${t.idempotency_key}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const t of transfers) expect(sent.has(t.idempotency_key ?? ''), `vendor transfer ${t.id}`).toBe(true);
  // Each hold and settle is its own ledger movement.
  const movements = transfers.flatMap((t) => [t.hold_transfer_id, t.settle_transfer_id]);
  expect(new Set(movements).size).toBe(movements.length);

  // Each acknowledged call: its key claimed once with its answer, its vendor transfer there once.
  for (const [key, c] of acknowledged) {
    const rows = await db.query<{ status: string; response: VendorTransferResult }>(
      `select status, response from idempotency_keys where member_id = $1 and key = $2`,
      [c.member.id, key],
    );
    expect(rows, `key ${key}`).toHaveLength(1);
    expect(rows[0]!.status).toBe('done');
    expect(sameTransfer(c.value!, rows[0]!.response), `stored answer of ${key}`).toBe(true);
    const t = byId.get(c.value!.transferId);
    expect(t, `vendor transfer ${c.value!.transferId} of key ${key}`).toBeDefined();
    expect([t!.member_id, t!.idempotency_key, Number(t!.amount), t!.direction]).toEqual([
      c.member.id,
      key,
      c.body.amount,
      c.body.to === VENDOR ? 'in' : 'out',
    ]);
    if (c.value!.status !== 'pending') expect(t!.status).toBe(c.value!.status);
  }
  // A refused call wrote nothing: no key claimed, no vendor transfer.
  for (const c of refused) {
    const rows = await db.query(`select 1 from idempotency_keys where member_id = $1 and key = $2`, [
      c.member.id,
      c.body.key,
    ]);
    expect(rows, `refused ${c.body.key} (${c.http} ${c.message})`).toHaveLength(0);
    expect(transfers.filter((t) => t.idempotency_key === c.body.key)).toEqual([]);
  }

  // Money: each member's wallets are the funding moved by the completed transfers, exactly; the
  // demo vendor's books hold what our PG wallet says, with one transaction per completed id.
  for (const m of members) {
    const done = transfers.filter((t) => t.member_id === m.id && t.status === 'completed');
    const toVendor = done.filter((t) => t.direction === 'in').reduce((s, t) => s + Number(t.amount), 0);
    const toMain = done.filter((t) => t.direction === 'out').reduce((s, t) => s + Number(t.amount), 0);
    const wallets = await db.query<{ wallet: string; balance: string }>(
      `select wallet, balance from ledger_accounts where kind = 'member' and member_id = $1`,
      [m.id],
    );
    const balance = (w: string) => Number(wallets.find((r) => r.wallet === w)?.balance ?? 0);
    expect(balance('MAIN'), `member ${m.id} main`).toBe(FUNDING - toVendor + toMain);
    expect(balance(VENDOR), `member ${m.id} ${VENDOR}`).toBe(toVendor - toMain);
    const [books] = await db.query<{ balance: string }>(
      `select balance from demo_vendor_wallets where member_id = $1 and vendor = $2`,
      [m.id, VENDOR],
    );
    expect(Number(books?.balance ?? 0), `vendor books of member ${m.id}`).toBe(toVendor - toMain);
  }
  const vendorTx = await db.query<{ id: string; kind: string; amount: string }>(
    `select id::text, kind, amount from demo_vendor_transactions where vendor = $1`,
    [VENDOR],
  );
  for (const v of vendorTx) {
    const t = byId.get(v.id);
    expect(t, `vendor transaction ${v.id} has our transfer`).toBeDefined();
    if (v.kind === 'cancel') expect(t!.status, `cancelled ${v.id}`).toBe('failed');
    else {
      expect(t!.status, `${v.kind} ${v.id}`).toBe('completed');
      expect(v.kind).toBe(t!.direction === 'in' ? 'credit' : 'debit');
    }
  }
  const applied = new Set(vendorTx.filter((v) => v.kind !== 'cancel').map((v) => v.id));
  for (const t of transfers.filter((x) => x.status === 'completed'))
    expect(applied.has(t.id), `completed ${t.id} applied by the vendor`).toBe(true);
}
