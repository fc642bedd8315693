// `npm run bench:cluster` (issue 11): two instances of the built server on one PostgreSQL (a
// cluster of the bench's own, initdb on --pg-port; never the shared dev PostgreSQL), started at
// the same moment (both migrate and seed the empty database), behind a small round-robin HTTP
// proxy on loopback (node:http, below; the instances trust it through TRUST_PROXY and it sets
// X-Forwarded-For). Measures and checks:
// - a session made through one instance works on the other (every call through the proxy and on
//   each instance directly);
// - Server-Sent Events (/wps/events) reach a client on each instance: a wallet transfer through
//   one instance, a `balance` event on both streams (the hub's LISTEN/NOTIFY); the delay of each;
// - background jobs run once per period across the instances: for --seconds (75: at least one
//   period of every 1-minute lottery game) the instances log at info; the periods each instance
//   says it drew, summed, must equal the periods drawn in the database (a period drawn twice would
//   count twice), and the ledger check holds at the end.
// Flags: --no-build, --seconds N (75), --port (8645; the instances use the next two), --pg-port (55442).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildServer,
  http,
  login,
  makeCluster,
  ops,
  opsToken,
  sleep,
  sql,
  startServer,
  stopServer,
  waitHealthy,
  type Server,
} from './robust-lib.ts';

const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '75' },
    port: { type: 'string', default: '8645' },
    'pg-port': { type: 'string', default: '55442' },
  },
});
const PROXY = Number(flags.port);
const PORTS = [PROXY + 1, PROXY + 2];
const SECONDS = Number(flags.seconds);
if (!flags['no-build']) buildServer();

const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) problems.push(what);
};

// The round-robin proxy: each request (and each SSE stream) to the next instance; the client's
// address goes in X-Forwarded-For (the instances trust 127.0.0.1).
const served = PORTS.map(() => 0);
let next = 0;
const proxy = createServer((req, res) => {
  const i = next++ % PORTS.length;
  served[i]!++;
  const headers = {
    ...req.headers,
    'x-forwarded-for': req.headers['x-forwarded-for'] ?? req.socket.remoteAddress ?? '',
  };
  const up = httpRequest(
    { host: '127.0.0.1', port: PORTS[i], path: req.url, method: req.method, headers },
    (u) => {
      res.writeHead(u.statusCode ?? 502, { ...u.headers, 'x-instance': String(i) });
      u.pipe(res);
    },
  );
  up.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(up);
  res.on('close', () => up.destroy());
});
await new Promise<void>((r) => proxy.listen(PROXY, '127.0.0.1', r));

/** An SSE client: every `data:` event with its arrival time. */
function stream(port: number, token: string) {
  const events: { at: number; event: { type: string; [k: string]: unknown } }[] = [];
  let instance = '';
  let res: IncomingMessage | undefined;
  const req = httpRequest(
    {
      host: '127.0.0.1',
      port,
      path: '/wps/events',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.18.8.1' },
    },
    (r) => {
      res = r;
      instance = String(r.headers['x-instance'] ?? `direct:${port}`);
      let buf = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => {
        buf += chunk;
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const line = block.split('\n').find((l) => l.startsWith('data: '));
          if (line) events.push({ at: performance.now(), event: JSON.parse(line.slice(6)) });
        }
      });
    },
  );
  req.end();
  return {
    events,
    instance: () => instance,
    close: () => {
      res?.destroy();
      req.destroy();
    },
  };
}

const cluster = makeCluster(Number(flags['pg-port']));
const dataDirs = PORTS.map(() => mkdtempSync(join(tmpdir(), 'bench-cluster-')));
let servers: Server[] = [];
try {
  await sql(cluster.url('postgres'), 'create database clusterbench');
  const url = cluster.url('clusterbench');
  const t0 = performance.now();
  // Both at once: two migrations and two seeds race on the empty database.
  servers = PORTS.map((port, i) =>
    startServer({
      port,
      dataDir: dataDirs[i]!,
      databaseUrl: url,
      log: join(dataDirs[i]!, 'server.log'),
      env: { LOG_LEVEL: 'info' },
    }),
  );
  await Promise.all(servers.map((s) => waitHealthy(s)));
  console.log(
    `two instances up in ${((performance.now() - t0) / 1000).toFixed(1)} s (started together on an empty database)`,
  );
  const since = Date.now();
  const drawnBefore = Number(
    (await sql<{ n: string }>(url, `select count(*) as n from lottery_periods where state = 'drawn'`))[0]!.n,
  );

  console.log('\nsessions');
  const token = await login(PROXY, 'demo01', 'Demo2026!', '198.18.8.1');
  const auth = { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.18.8.1' };
  const viaProxy = await Promise.all(
    Array.from({ length: 10 }, () => http('GET', PROXY, '/wps/v2/wallets/balance', { headers: auth })),
  );
  check(
    viaProxy.every((r) => r.status === 200),
    `10 balance calls through the proxy (both instances) with one session: ${viaProxy.map((r) => r.status).join(' ')}`,
  );
  for (const port of PORTS) {
    const r = await http('GET', port, '/wps/v2/wallets/balance', { headers: auth });
    check(r.status === 200, `the session on instance :${port} directly: ${r.status}`);
  }

  console.log('\nlive events (SSE)');
  const streams = [
    stream(PORTS[0]!, token),
    stream(PORTS[1]!, token),
    stream(PROXY, token),
    stream(PROXY, token),
  ];
  await sleep(1_000);
  const delays: number[] = [];
  for (let round = 0; round < 6; round++) {
    const marks = streams.map((s) => s.events.length);
    const port = PORTS[round % 2]!;
    const sent = performance.now();
    const body = {
      from: round % 2 ? 'PG' : 'MAIN',
      to: round % 2 ? 'MAIN' : 'PG',
      amount: 100,
      key: randomUUID(),
    };
    const r = await http('POST', port, '/wps/relay/GCS_walletTransfer', { body, headers: auth });
    if (r.status !== 200) problems.push(`transfer through :${port}: ${r.status} ${r.body}`);
    const deadline = performance.now() + 5_000;
    while (
      performance.now() < deadline &&
      streams.some((s, i) => !s.events.slice(marks[i]).some((e) => e.event.type === 'balance'))
    )
      await sleep(10);
    for (const [i, s] of streams.entries()) {
      const got = s.events.slice(marks[i]).find((e) => e.event.type === 'balance');
      if (got) delays.push(got.at - sent);
      else
        problems.push(
          `round ${round}: no balance event on stream ${i} (${s.instance()}) after a transfer through :${port}`,
        );
    }
  }
  check(
    problems.length === 0,
    `6 transfers alternating between the instances: a balance event on each of 4 streams (one on each instance, two through the proxy: ${streams.map((s) => s.instance()).join(', ')})`,
  );
  delays.sort((a, b) => a - b);
  console.log(
    `  delay transfer call → event: p50 ${delays[Math.floor(delays.length / 2)]?.toFixed(0)} ms, max ${delays.at(-1)?.toFixed(0)} ms (includes the transfer call)`,
  );
  for (const s of streams) s.close();

  console.log(`\nbackground jobs (${SECONDS} s, both instances running their jobs)`);
  await sleep(SECONDS * 1000);
  const drawnAfter = Number(
    (await sql<{ n: string }>(url, `select count(*) as n from lottery_periods where state = 'drawn'`))[0]!.n,
  );
  const said = dataDirs.map((d) =>
    readFileSync(join(d, 'server.log'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"lottery periods drawn"'))
      .map((l) => JSON.parse(l) as { drawn: number; time: number })
      .filter((l) => l.time >= since)
      .reduce((sum, l) => sum + l.drawn, 0),
  );
  check(
    said[0]! + said[1]! === drawnAfter - drawnBefore && drawnAfter > drawnBefore,
    `lottery periods drawn in the database during the run: ${drawnAfter - drawnBefore}; drawn by instance A ${said[0]}, by B ${said[1]} (a period drawn twice would count twice)`,
  );
  const dupDraws = await sql(
    url,
    `select game_id, numero, count(*) from lottery_periods group by 1, 2 having count(*) > 1`,
  );
  check(dupDraws.length === 0, `no period twice (${dupDraws.length})`);
  const ledger = await ops(PORTS[0]!, opsToken(dataDirs[0]!), 'ledger', ['check']);
  check(ledger.ok, `ledger check: ${ledger.message}`);
  console.log(`\nproxy: ${served.join(' / ')} requests to instance A / B`);
} finally {
  proxy.close();
  proxy.closeAllConnections();
  await Promise.all(servers.map((s) => stopServer(s)));
  for (const d of dataDirs) if (!problems.length) rmSync(d, { recursive: true, force: true });
  if (problems.length) console.log(`server logs kept: ${dataDirs.join(' ')}`);
  cluster.destroy();
}
console.log(`\n${problems.length ? `PROBLEMS: ${problems.length}` : 'every check held'}`);
if (problems.length) process.exitCode = 1;
