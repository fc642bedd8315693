// `npm run bench:limits` (issue 11): the rate limits under autocannon when the client rotates
// X-Forwarded-For on every request from an address that is NOT a trusted proxy. The built server
// runs on a scratch PGlite folder with TRUST_PROXY set to another address (a server behind its
// load balancer, reached directly by the attacker on loopback), restarted for each scenario (the
// limits' memory starts empty). Scenarios, --seconds each at --connections:
//   login       POST /wps/session/login, an encrypted wrong password (then replays of it)
//   sms-login   POST /wps/verification/sms/noLogin, a new mobile number every request
//   sms-reg     POST /wps/verification/sms/register, a new mobile number every request
//   control     login again, but from a trusted proxy (TRUST_PROXY=127.0.0.1): there the rotated
//               header IS the client's address, so far more calls pass — proof the count can fail.
// For each: calls, answers by status, calls let through (not 429) against the limit per address
// (DEFAULT_RATE_LIMITS: 600 API calls a minute; 20 a minute on every code-sending route).
// Prints figures; exits 1 when an untrusted scenario lets more through than the limit.
// Flags: --no-build, --seconds N (10), --connections N (20), --port (8650).
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { encryptPayload, type PayloadKey } from '@app/contracts';
import { buildServer, http, startServer, stopServer, waitHealthy } from './robust-lib.ts';

interface CannonRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (r: CannonRequest) => CannonRequest;
}
interface CannonResult {
  requests: { total: number; average: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: {
  url: string;
  connections: number;
  duration: number;
  requests: CannonRequest[];
}) => Promise<CannonResult>;

const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '8650' },
  },
});
const SECONDS = Number(flags.seconds);
const PORT = Number(flags.port);
const GLOBAL_PER_MINUTE = 600;
const CODES_PER_MINUTE = 20;
if (!flags['no-build']) buildServer();

let n = 0;
const rotatingIp = () => {
  n++;
  return `203.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
const json = { 'content-type': 'application/json' };

async function loginBody(): Promise<string> {
  const key = (await http('GET', PORT, '/wps/session/key')).json().value as PayloadKey;
  return JSON.stringify(
    await encryptPayload(key, { type: 'username', username: 'demo01', password: 'Wrong-2026!' }),
  );
}

interface Scenario {
  name: string;
  trusted: boolean;
  /** Calls let through a minute per address. */
  perMinute: number;
  request: () => Promise<CannonRequest>;
}
/** A code-sending route, a new number on every call (the limit per number must not be what stops it). */
function smsScenario(name: string, path: string, mobile: (no: string) => Record<string, string>): Scenario {
  return {
    name,
    trusted: false,
    perMinute: CODES_PER_MINUTE,
    request: async () => ({
      method: 'POST',
      path,
      headers: json,
      setupRequest: (r) => ({
        ...r,
        body: JSON.stringify({ ...mobile(String(n).padStart(8, '0')), countryDialingCode: '+95' }),
      }),
    }),
  };
}
const loginRequest = async () => ({
  method: 'POST',
  path: '/wps/session/login',
  headers: json,
  body: await loginBody(),
});

const scenarios: Scenario[] = [
  {
    name: 'login',
    trusted: false,
    perMinute: GLOBAL_PER_MINUTE,
    request: loginRequest,
  },
  smsScenario('sms-login', '/wps/verification/sms/noLogin', (no) => ({ mobileNum: `9${no}` })),
  smsScenario('sms-reg', '/wps/verification/sms/register', (no) => ({ mobileNo: `8${no}` })),
  {
    name: 'control',
    trusted: true,
    perMinute: GLOBAL_PER_MINUTE,
    request: loginRequest,
  },
];

const rows: string[] = [];
let failed = false;
for (const s of scenarios) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-limits-'));
  const server = startServer({
    port: PORT,
    dataDir,
    log: join(dataDir, 'server.log'),
    // Untrusted: the trusted proxy is some other machine, the attacker is the loopback peer.
    env: { TRUST_PROXY: s.trusted ? '127.0.0.1' : '10.255.255.1' },
  });
  try {
    await waitHealthy(server);
    const base = await s.request();
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: Number(flags.connections),
      duration: SECONDS,
      requests: [
        {
          ...base,
          setupRequest: (r) => {
            const out = { ...(base.setupRequest ? base.setupRequest(r) : r) };
            out.headers = { ...base.headers, 'x-forwarded-for': rotatingIp() };
            return out;
          },
        },
      ],
    });
    const codes = Object.entries(result.statusCodeStats).map(([c, v]) => [c, v.count] as const);
    const total = codes.reduce((a, [, c]) => a + c, 0);
    const limited = codes.find(([c]) => c === '429')?.[1] ?? 0;
    const through = total - limited;
    // The setup's one GET /wps/session/key counts against the same address.
    const cap = s.perMinute * Math.ceil(SECONDS / 60);
    const ok = s.trusted ? through > cap : through <= cap;
    if (!s.trusted && !ok) failed = true;
    rows.push(
      `${s.name.padEnd(10)} ${s.trusted ? 'trusted  ' : 'untrusted'} ${String(total).padStart(7)} calls  ${String(through).padStart(6)} let through  ${String(limited).padStart(7)}× 429   ${codes.map(([c, v]) => `${v}× ${c}`).join(', ')}${result.errors ? `, ${result.errors} errors` : ''}  ${ok ? 'ok' : s.trusted ? 'UNEXPECTED (control)' : 'LIMIT BROKEN'}`,
    );
    console.log(rows.at(-1));
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(
  `\n== bench:limits (${SECONDS} s each, ${flags.connections} connections, X-Forwarded-For rotated on every call) ==`,
);
console.log(
  `limit: ${GLOBAL_PER_MINUTE} API calls a minute per client address (login also 300 password checks an hour)`,
);
for (const r of rows) console.log(r);
if (failed) process.exitCode = 1;
