// `npm run bench:fuzz`: the full schema fuzz of issue 11. For every endpoint of the contract
// table, every request test/fuzz.ts generates from its zod schema (every wrong kind per field,
// valid bodies mutated one field at a time, duplicated and bracketed parameters, NUL, 1 MB
// strings, deep nesting, __proto__/constructor keys, junk headers, at least 500 per endpoint)
// plus all 485 naughty strings in every string field, sent through app.inject as a guest, as a
// member and (agent endpoints) as an agent, on in-process PGlite (or PostgreSQL with
// DATABASE_URL). Prints counts; exits 1 when an answer was a 5xx, leaked a stack, path or SQL,
// broke the error envelope, or when money moved. The sample in `npm test` is
// apps/server/src/plugins/fuzz.test.ts.
//   --only id,id   endpoints to fuzz (default: all)   --naughty N   naughty strings per field
//   --per N        cases per endpoint cap (default: all)
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { endpointList } from '@app/contracts';
import { insertTree, sessionOf } from '../apps/server/src/modules/agents/test-tree.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger.ts';
import {
  catalogueKeys,
  fuzzCases,
  NAUGHTY,
  runCases,
  studioBases,
  type FuzzFinding,
} from '../apps/server/src/test/fuzz.ts';
import { buildTestApp } from '../apps/server/src/test/helper.ts';
import { fund, ledgerCounts, walletBalance } from '../apps/server/src/test/money.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    naughty: { type: 'string', default: String(NAUGHTY.length) },
    per: { type: 'string' },
  },
});
if (process.env.DATABASE_URL) {
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
}
const only = values.only ? new Set(values.only.split(',')) : null;
const list = endpointList.filter((e) => !only || only.has(e.id));
const t0 = performance.now();
const app = await buildTestApp({
  passwordLimits: { perAccountPerHour: 100_000_000, perIpPerHour: 100_000_000 },
});
const keys = catalogueKeys();
const [launcher] = await insertTree(app, [{ parent: -1, type: 3 }]);
await fund(app, launcher!.id, 1_000_000);
const baseOf = await studioBases(app, await sessionOf(app, launcher!.id));
const findings: FuzzFinding[] = [];
let sent = 0;
let naughtySent = 0;
let moneyMoved = 0;
const perEndpoint: number[] = [];

for (const e of list) {
  const cases = fuzzCases(e, {
    limit: values.per ? Number(values.per) : Infinity,
    naughtyPerField: Number(values.naughty),
    atLeast: 500,
    base: baseOf(e),
  });
  perEndpoint.push(cases.length);
  const [m, a] = await insertTree(app, [
    { parent: -1, type: 3 },
    { parent: -1, type: 2 },
  ]);
  const callers: [string, string | null][] = [
    ['guest', null],
    ['member', m!.id],
  ];
  if (e.auth === 'agent') callers.push(['agent', a!.id]);
  const ids = [...callers.flatMap(([, id]) => (id ? [id] : [])), launcher!.id];
  for (const id of ids) await fund(app, id, 500_000);
  const sessions = new Map<string, Record<string, string>>();
  for (const [caller, id] of callers)
    sessions.set(caller, id ? { authorization: `Bearer ${await sessionOf(app, id)}` } : {});
  const state = async () =>
    JSON.stringify([await Promise.all(ids.map((id) => walletBalance(app, id))), await ledgerCounts(app)]);
  const send = async (part: typeof cases) => {
    for (const [caller] of callers) {
      const r = await runCases(app, e, part, caller, sessions.get(caller)!, keys);
      sent += r.sent;
      naughtySent += part.filter((c) => c.naughty).length;
      findings.push(...r.findings);
    }
  };
  const before = await state();
  await send(cases.filter((c) => !c.validBody));
  if ((await state()) !== before) {
    moneyMoved++;
    console.log(`  ${e.id}: money moved or ledger written by invalid requests`);
  }
  await send(cases.filter((c) => c.validBody));
  const mine = findings.filter((f) => f.endpoint === e.id);
  console.log(
    `${e.id.padEnd(28)} ${String(cases.length).padStart(6)} cases × ${callers.length}` +
      (mine.length ? `  ${mine.length} FINDINGS` : ''),
  );
  for (const f of mine.slice(0, 5))
    console.log(`  FINDING ${f.caller} ${f.label}: ${f.problem} → ${f.status} ${f.body.slice(0, 200)}`);
}

const ledger = await checkLedger(app.services.db);
await app.close();
const by = (re: RegExp) => findings.filter((f) => re.test(f.problem)).length;
const summary = {
  engine: process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in-memory)',
  endpoints: list.length,
  casesPerEndpoint: { min: Math.min(...perEndpoint), max: Math.max(...perEndpoint) },
  inputsSent: sent,
  naughtyStringInputs: naughtySent,
  naughtyStrings: NAUGHTY.length,
  answers5xx: by(/^status 5/),
  leaks: by(/leaked/),
  envelopeOrKeyProblems: by(/envelope|catalogue|not JSON/),
  endpointsWhereMoneyMoved: moneyMoved,
  ledgerSound: ledger.ok,
  seconds: Math.round((performance.now() - t0) / 1000),
  run: randomBytes(3).toString('hex'),
};
console.log(JSON.stringify(summary, null, 2));
process.exit(findings.length === 0 && moneyMoved === 0 && ledger.ok ? 0 : 1);
