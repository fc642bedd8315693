// `npm run bench:sports`: 10,000 random bet slips settled against random results (issue 6). The
// real server app on a fresh database (PGlite in memory by default; TEST_DB=postgres with
// TEST_DATABASE_URL for PostgreSQL), funded members launching sportsbooks; slips placed through the
// sportsbook service (singles and 2-4 leg parlays on random markets of the seeded fixtures, random
// stakes), every fixture settled with a random score (1 in 15 void) through the ops command path,
// then checked: every slip settled exactly once (one credit, or one rollback when all its legs are
// void), each payout equal to floor(stake × Π odds / 1000ⁿ) recomputed here from the results,
// nothing left to pay on a second pass, and `ops ledger check` passes. Exit 1 on any failure.
//
// Flags: --slips N (10000), --members N (20), --seed N (the random choices; the server's own odds
// and fixtures are crypto as always).
import { parseArgs } from 'node:util';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger.ts';
import { createOpsService, runOpsCommand } from '../apps/server/src/modules/ops/ops.service.ts';
import { gameId, launch } from '../apps/server/src/test/games.ts';
import { buildTestApp } from '../apps/server/src/test/helper.ts';
import { moneyMember } from '../apps/server/src/test/money.ts';
import {
  seededRng,
  settleMarket,
  slipPayout,
  type Outcome,
} from '../apps/server/src/vendors/studio/sports/engine.ts';

const { values: flags } = parseArgs({
  options: {
    slips: { type: 'string', default: '10000' },
    members: { type: 'string', default: '20' },
    seed: { type: 'string', default: '6' },
  },
});
const SLIPS = Number(flags.slips);
const MEMBERS = Number(flags.members);
const rng = seededRng(Number(flags.seed));

const t0 = Date.now();
const app = await buildTestApp();
const sports = app.services.gamePlay.tables.sports.service;
const ops = createOpsService({ db: app.services.db });
const code = 'ARENA_SPORTSBOOK';
const id = await gameId(app, code);
const members: { ticket: string }[] = [];
for (let i = 0; i < MEMBERS; i++) {
  const m = await moneyMember(app, { balance: 1_000_000_000 });
  const r = await launch(app, id, { token: m.token });
  members.push({ ticket: r.ticket });
}
const board = await sports.board(members[0]!.ticket);
const events = board.events;
console.log(
  `sports: ${SLIPS.toLocaleString('en')} slips on ${events.length} fixtures by ${MEMBERS} members (${app.services.db.engine})`,
);

let t = Date.now();
const placed: {
  id: string;
  stake: number;
  legs: { eventId: number; market: string; selection: string; odds: number }[];
}[] = [];
let next = 0;
let done = 0;
async function placeOne(i: number): Promise<void> {
  const n = rng(3) === 0 ? 1 : 2 + rng(3);
  const pool = [...events];
  const pick: typeof events = [];
  while (pick.length < n) pick.push(pool.splice(rng(pool.length), 1)[0]!);
  const legs = pick.map((e) => {
    const mk = e.markets[rng(e.markets.length)]!;
    const s = mk.selections[rng(mk.selections.length)]!;
    return { selectionId: s.id, odds: s.odds };
  });
  const r = await sports.place(members[i % MEMBERS]!.ticket, {
    requestId: `bench${i.toString().padStart(8, '0')}`,
    type: n === 1 ? 'single' : 'parlay',
    stake: 100 + rng(100_000),
    legs,
  });
  for (const s of r.slips)
    placed.push({
      id: s.id,
      stake: s.stake,
      legs: s.legs.map((l) => ({
        eventId: l.eventId,
        market: l.market,
        selection: l.selection,
        odds: l.odds,
      })),
    });
  done++;
  if (done % 1000 === 0) console.log(`  placed ${done} (${Math.round(done / ((Date.now() - t) / 1000))}/s)`);
}
// One worker per member, side by side; each takes the next slip number.
await Promise.all(
  members.map(async () => {
    for (let i = next++; i < SLIPS; i = next++) await placeOne(i);
  }),
);
const placeMs = Date.now() - t;

t = Date.now();
const results = new Map<number, { home: number; away: number } | 'void'>();
for (const e of events) {
  let res: { home: number; away: number } | 'void';
  if (rng(15) === 0) res = 'void';
  else if (e.sport === 'basketball') {
    res = { home: 80 + rng(40), away: 80 + rng(40) };
    if (res.home === res.away) res.home++;
  } else if (e.sport === 'football') res = { home: rng(5), away: rng(5) };
  else res = rng(2) === 0 ? { home: 2, away: rng(2) } : { home: rng(2), away: 2 };
  results.set(e.id, res);
  await runOpsCommand(ops, 'sports', [
    'settle',
    String(e.id),
    res === 'void' ? 'void' : `${res.home}-${res.away}`,
  ]);
}
const settleMs = Date.now() - t;

// Checks.
const problems: string[] = [];
const txs = await app.services.db.query<{ round_id: string; kind: string; amount: string }>(
  `select round_id, kind, amount from vendor_transactions where kind in ('credit', 'rollback') and round_id = any($1::text[])`,
  [placed.map((s) => s.id)],
);
const byRound = new Map<string, { kind: string; amount: number }[]>();
for (const x of txs)
  byRound.set(x.round_id, [...(byRound.get(x.round_id) ?? []), { kind: x.kind, amount: Number(x.amount) }]);
const rows = await app.services.db.query<{ id: string; state: string; payout: string | null }>(
  'select id, state, payout from sports_slips where id = any($1::text[])',
  [placed.map((s) => s.id)],
);
const rowOf = new Map(rows.map((r) => [r.id, r]));
const eventOf = new Map(events.map((e) => [e.id, e]));
let staked = 0;
let paid = 0;
let won = 0;
let refunded = 0;
for (const s of placed) {
  const outcomes = s.legs.map((l): { odds: number; outcome: Outcome } => {
    const res = results.get(l.eventId)!;
    if (res === 'void') return { odds: l.odds, outcome: 'void' };
    const mk = eventOf.get(l.eventId)!.markets.find((m) => m.kind === l.market)!;
    return { odds: l.odds, outcome: settleMarket(mk.kind, mk.line, res)[l.selection]! };
  });
  const want = slipPayout(s.stake, outcomes);
  const got = byRound.get(s.id) ?? [];
  const row = rowOf.get(s.id);
  if (got.length !== 1) problems.push(`slip ${s.id}: ${got.length} settlements`);
  else if (
    want.allVoid ? got[0]!.kind !== 'rollback' : got[0]!.kind !== 'credit' || got[0]!.amount !== want.payout
  )
    problems.push(
      `slip ${s.id}: ${got[0]!.kind} ${got[0]!.amount}, expected ${want.allVoid ? 'refund' : want.payout}`,
    );
  if (!row || row.state !== (want.allVoid ? 'void' : 'settled') || Number(row.payout) !== want.payout)
    problems.push(`slip ${s.id}: state ${row?.state} payout ${row?.payout}, expected ${want.payout}`);
  staked += s.stake;
  if (want.allVoid) refunded++;
  else {
    paid += want.payout;
    if (want.payout > 0) won++;
  }
}
const again = await sports.settleReady();
if (again.slips !== 0) problems.push(`a second pass settled ${again.slips} slips`);
const ledger = await checkLedger(app.services.db);
if (!ledger.ok) problems.push(...ledger.problems.map((p) => `ledger: ${p}`));

console.log(
  `placed ${placed.length.toLocaleString('en')} slips in ${placeMs} ms; settled ${events.length} fixtures in ${settleMs} ms`,
);
console.log(
  `won ${won}, lost ${placed.length - won - refunded}, refunded ${refunded}; staked ${staked}, paid ${paid} (minor units; excluding refunds)`,
);
console.log(
  `every slip settled exactly once: ${problems.every((p) => !/settlements/.test(p)) ? 'yes' : 'NO'}`,
);
console.log(`payouts exact to the minor unit: ${problems.every((p) => !/expected/.test(p)) ? 'yes' : 'NO'}`);
console.log(`ledger check: ${ledger.ok ? 'passes' : 'FAILS'}`);
for (const p of problems.slice(0, 20)) console.log(`  ${p}`);
console.log(`total ${Math.round((Date.now() - t0) / 1000)} s`);
await app.close();
process.exitCode = problems.length === 0 ? 0 : 1;
