// `npm run bench:lottery`: the lottery's house edge, measured (issue 7).
//
// Part 1 (pure, no database): --draws N (1,000,000) random draws per kind of game; on every draw
// one random single bet of every play type (the picker's random pick, a random unit and
// multiplier), settled by the server's rules (settleLine) at the default payout table. Prints per
// kind and play type the configured (exact) house edge and the measured one with its ±3σ bound;
// exit 1 when one is outside. The draws' digits come from node:crypto (uniform, like the
// HMAC stream of a seed; --seeds draws every result through resultFromSeed from a fresh seed
// instead, slower); the bets' choices come from a seeded generator (--seed).
//
// Part 2 (end to end): the real server app on PostgreSQL (TEST_DATABASE_URL, else DATABASE_URL,
// else the dev database postgres://postgres@127.0.0.1:5433/dev; a fresh schema dropped at the end;
// TEST_DB=pglite runs it in memory instead) on a test clock. Four 1-minute games: the seeded
// LUCKY5D_1M (digit5) and LUCKY3D_1M (digit3) and two fast Vietnamese games added for the run
// (vn_north, vn_south sheets). For --periods N (1,000) periods: --members N (8) funded members place
// random slips through the betting service (every play type, 1–3 lines, random picks beyond the
// fewest, random units and multipliers; some chases of 2–5 periods, half stop-on-win; some bets and
// chases cancelled while open), then the clock moves a minute and the draw job's pass closes,
// draws and settles. Checked at the end: no bet pending; every bet is in one slip's debit (whose
// amount is its bets' stakes), won bets one
// payout transfer of their payout, cancelled/refunded bets one refund, lost bets nothing more;
// one betting-record row per bet (settled with the payout, or rolled back); every payout and
// win count recomputed from the period's result and the rules; a second settlement pass moves
// nothing; `checkLedger` (with the GAMES check) passes; the house edge per play type measured on
// the settled bets against its configured value (±3σ). Exit 1 on any failure.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  LOTTERY_KINDS,
  LOTTERY_UNITS,
  playTypesOf,
  randomSelection,
  rulesOf,
  selectionError,
  type LotteryKind,
  type LotteryResult,
  type PlayType,
} from '@app/contracts';
import {
  VN_SHEETS,
  defaultOdds,
  expectedReturn,
  resultFromSeed,
  settleLine,
} from '../apps/server/src/modules/lottery/rules.ts';

const { values: flags } = parseArgs({
  options: {
    part: { type: 'string', default: 'all' },
    draws: { type: 'string', default: '1000000' },
    seeds: { type: 'boolean', default: false },
    seed: { type: 'string', default: '7' },
    kinds: { type: 'string', default: LOTTERY_KINDS.join(',') },
    periods: { type: 'string', default: '1000' },
    members: { type: 'string', default: '8' },
  },
});

/** mulberry32: the bets' random choices, reproducible by --seed; random(n) → [0, n). */
export function seeded(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Uniform crypto digits, buffered (bytes ≥ 250 skipped). */
function cryptoDigits(): () => number {
  let buf = randomBytes(0);
  let at = 0;
  return () => {
    for (;;) {
      if (at >= buf.length) {
        buf = randomBytes(65_536);
        at = 0;
      }
      const b = buf[at++]!;
      if (b < 250) return b % 10;
    }
  };
}

function randomResult(kind: LotteryKind, digit: () => number): LotteryResult {
  if (kind === 'digit5' || kind === 'digit3')
    return { digits: Array.from({ length: kind === 'digit5' ? 5 : 3 }, digit) };
  return {
    prizes: VN_SHEETS[kind].map(([tier, count, width]) => ({
      tier,
      numbers: Array.from({ length: count }, () =>
        Array.from({ length: width }, () => String(digit())).join(''),
      ),
    })),
  };
}

/** The exact expected return of randomSelection's single bet (its options equally likely). */
export function exactReturn(kind: LotteryKind, playType: PlayType): number {
  const rows = defaultOdds(kind).filter((r) => r.playType === playType);
  if (playType === 'BIG_SMALL' || playType === 'ODD_EVEN') {
    const tokens = rulesOf(kind, playType)!.rows[0]!.tokens;
    return (
      tokens.reduce((s, t) => s + expectedReturn(kind, playType, t, rows[0]!.oddsX10000), 0) / tokens.length
    );
  }
  return rows.reduce((s, r) => s + expectedReturn(kind, playType, r.option, r.oddsX10000), 0) / rows.length;
}

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)} %`;
const pad = (s: string | number, n: number) => String(s).padStart(n);

/** Σ returns and Σ squares of bets, per key; the measured edge is 1 − mean return. */
export class Tally {
  readonly rows = new Map<string, { n: number; sum: number; squares: number; stake: number; paid: number }>();
  add(key: string, stake: number, payout: number): void {
    let r = this.rows.get(key);
    if (!r) this.rows.set(key, (r = { n: 0, sum: 0, squares: 0, stake: 0, paid: 0 }));
    const x = payout / stake;
    r.n += 1;
    r.sum += x;
    r.squares += x * x;
    r.stake += stake;
    r.paid += payout;
  }
  /** Mean return per bet and its standard error. */
  stats(key: string): { n: number; mean: number; sigma: number; stake: number; paid: number } | null {
    const r = this.rows.get(key);
    if (!r) return null;
    const mean = r.sum / r.n;
    const sigma = Math.sqrt(Math.max(0, r.squares / r.n - mean * mean) / r.n);
    return { n: r.n, mean, sigma, stake: r.stake, paid: r.paid };
  }
}

/** Prints the table; true when every measured edge is within 3σ of the configured one. */
export function printEdges(title: string, tally: Tally, keys: readonly [LotteryKind, PlayType][]): boolean {
  console.log(`\n${title}`);
  console.log(
    `${'kind'.padEnd(9)}${'play type'.padEnd(12)}${pad('bets', 10)}${pad('configured', 12)}${pad('measured', 12)}${pad('±3σ', 11)}  ok`,
  );
  let ok = true;
  for (const [kind, playType] of keys) {
    const s = tally.stats(`${kind}:${playType}`);
    if (!s) continue;
    const edge = 1 - exactReturn(kind, playType);
    const measured = 1 - s.mean;
    const within = Math.abs(measured - edge) <= 3 * s.sigma;
    ok &&= within;
    console.log(
      `${kind.padEnd(9)}${playType.padEnd(12)}${pad(s.n.toLocaleString('en'), 10)}${pad(pct(edge), 12)}${pad(pct(measured), 12)}${pad(pct(3 * s.sigma), 11)}  ${within ? 'yes' : 'NO'}`,
    );
  }
  return ok;
}

function pure(): boolean {
  const DRAWS = Number(flags.draws);
  const kinds = flags.kinds.split(',') as LotteryKind[];
  const random = seeded(Number(flags.seed));
  const digit = cryptoDigits();
  const tally = new Tally();
  const keys: [LotteryKind, PlayType][] = [];
  const t0 = Date.now();
  for (const kind of kinds) {
    const odds = defaultOdds(kind);
    const types = playTypesOf(kind);
    for (const pt of types) keys.push([kind, pt]);
    const t = Date.now();
    for (let d = 0; d < DRAWS; d++) {
      const result = flags.seeds ? resultFromSeed(kind, randomBytes(32)) : randomResult(kind, digit);
      for (const playType of types) {
        const selection = randomSelection(kind, playType, random);
        const unit = LOTTERY_UNITS[random(LOTTERY_UNITS.length)]!;
        const multiplier = 1 + random(10);
        const { payout } = settleLine(kind, { playType, selection, unit, multiplier }, result, odds);
        tally.add(`${kind}:${playType}`, unit * multiplier, payout);
      }
    }
    console.log(
      `part 1: ${kind}: ${DRAWS.toLocaleString('en')} draws × ${types.length} play types in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
  }
  const ok = printEdges(
    `part 1: house edge per play type, ${DRAWS.toLocaleString('en')} random draws × one random single bet each (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    tally,
    keys,
  );
  console.log(ok ? 'part 1: every measured edge within 3σ of its configured value' : 'part 1: FAILED');
  return ok;
}

// ---------------------------------------------------------------------------------------------
// Part 2.

/** k distinct tokens of a list. */
function pickDistinct(tokens: readonly string[], k: number, random: (n: number) => number): string[] {
  const out = new Set<string>();
  while (out.size < Math.min(k, tokens.length)) out.add(tokens[random(tokens.length)]!);
  return [...out];
}

/** A random valid selection, often with more picks than the fewest (several single bets). */
function randomLine(kind: LotteryKind, playType: PlayType, random: (n: number) => number): string[][] {
  const rules = rulesOf(kind, playType)!;
  for (;;) {
    let sel: string[][];
    if (playType === 'STRAIGHT_1') {
      sel = rules.rows.map(() => []);
      for (let i = 1 + random(3); i > 0; i--) {
        const row = random(rules.rows.length);
        const token = rules.rows[row]!.tokens[random(10)]!;
        if (!sel[row]!.includes(token)) sel[row]!.push(token);
      }
    } else {
      sel = rules.rows.map((r) =>
        pickDistinct(r.tokens, Math.min(rules.maxPerRow, Math.max(1, rules.minPerRow) + random(3)), random),
      );
    }
    if (selectionError(kind, playType, sel) === null) return sel;
  }
}

/** The exact expected return of a line (its single bets' mean). */
function lineReturn(kind: LotteryKind, playType: PlayType, selection: string[][]): number {
  const odds = defaultOdds(kind).filter((r) => r.playType === playType);
  if (playType === 'SUM_RANGE')
    return (
      selection[0]!.reduce(
        (s, id) => s + expectedReturn(kind, playType, id, odds.find((o) => o.option === id)!.oddsX10000),
        0,
      ) / selection[0]!.length
    );
  if (playType === 'BIG_SMALL')
    return (
      selection[0]!.reduce((s, t) => s + expectedReturn(kind, playType, t, odds[0]!.oddsX10000), 0) /
      selection[0]!.length
    );
  return expectedReturn(kind, playType, '', odds[0]!.oddsX10000);
}

async function endToEnd(): Promise<boolean> {
  process.env.TEST_DB ??= 'postgres';
  process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/dev';
  const { buildTestApp } = await import('../apps/server/src/test/helper.ts');
  const { testClock } = await import('../apps/server/src/test/accounts.ts');
  const { moneyMember } = await import('../apps/server/src/test/money.ts');
  const { authenticate } = await import('../apps/server/src/modules/session/session.service.ts');
  const { checkLedger } = await import('../apps/server/src/modules/ledger/ledger.ts');
  const { settlePeriod } = await import('../apps/server/src/modules/lottery/settlement.ts');

  const PERIODS = Number(flags.periods);
  const MEMBERS = Number(flags.members);
  const random = seeded(Number(flags.seed) + 1);
  const t0 = Date.now();
  // A minute boundary ahead of the real clock (the seeded history lies before it), + 5 s.
  const clock = testClock(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 65_000));
  const app = await buildTestApp({ now: clock.now });
  const db = app.services.db;
  const { draws, betting } = app.services.lottery;
  const problems: string[] = [];
  try {
    // Only the run's games are active; two fast Vietnamese games join the seeded digit games.
    await db.query(
      `update lottery_games set status = 'maintenance' where code not in ('LUCKY5D_1M', 'LUCKY3D_1M')`,
    );
    for (const [code, kind, region] of [
      ['BENCH_VN_NORTH', 'vn_north', 'north'],
      ['BENCH_VN_SOUTH', 'vn_south', 'south'],
    ] as const)
      await db.query(
        `insert into lottery_games (merchant_id, code, label, group_code, prize_mode, kind, region, interval_seconds,
                                    close_seconds, default_play_type, play_types, vassalage)
         select m.id, $1, $1, 'BENCH', 'SEA', $2, $3, 60, 10, 'LO_2D', $4::text[], 'VNL'
           from merchants m order by m.id limit 1`,
        [code, kind, region, [...playTypesOf(kind)]],
      );
    const games = [
      { code: 'LUCKY5D_1M', kind: 'digit5' as LotteryKind },
      { code: 'LUCKY3D_1M', kind: 'digit3' as LotteryKind },
      { code: 'BENCH_VN_NORTH', kind: 'vn_north' as LotteryKind },
      { code: 'BENCH_VN_SOUTH', kind: 'vn_south' as LotteryKind },
    ];
    const members = [];
    for (let i = 0; i < MEMBERS; i++) {
      const m = await moneyMember(app, { balance: 100_000_000_000 });
      members.push((await authenticate(db, m.token, clock.now()))!);
    }
    await draws.pass();
    console.log(
      `\npart 2: ${PERIODS.toLocaleString('en')} periods of ${games.map((g) => g.code).join(', ')} by ${MEMBERS} members (${db.engine})`,
    );

    let slips = 0;
    let refused = 0;
    let chases = 0;
    let cancels = 0;
    let chaseCancels = 0;
    let key = 0;
    const tPlace = Date.now();
    for (let p = 0; p < PERIODS; p++) {
      const open = await Promise.all(games.map((g) => draws.openedNumero(null, g.code)));
      await Promise.all(
        members.map(async (m) => {
          for (const [gi, g] of games.entries()) {
            if (random(3) === 0) continue; // not every member plays every game every period
            const numero = open[gi]!.current?.numero;
            if (!numero) {
              problems.push(`period ${p}: ${g.code} has no period on sale`);
              continue;
            }
            const types = playTypesOf(g.kind);
            const lines = Array.from({ length: 1 + random(3) }, () => {
              const playType = types[random(types.length)]!;
              return {
                playType,
                selection: randomLine(g.kind, playType, random),
                unit: LOTTERY_UNITS[random(LOTTERY_UNITS.length)]!,
                multiplier: [1, 1, 2, 5, 10, 100][random(6)]!,
              };
            });
            const chase =
              random(12) === 0 ? { periods: 2 + random(4), stopOnWin: random(2) === 0 } : undefined;
            try {
              const r = await betting.place(m, {
                gameCode: g.code,
                numero,
                idempotencyKey: `bench-${++key}-${Date.now()}`,
                lines,
                ...(chase ? { chase } : {}),
              });
              slips++;
              if (r.chaseId) chases++;
              if (random(10) === 0) {
                await betting.cancel(m, r.bets[0]!.id);
                cancels++;
              } else if (r.chaseId && random(5) === 0) {
                await betting.cancelChase(m, r.chaseId);
                chaseCancels++;
              }
            } catch (e) {
              refused++;
              if (refused <= 5) problems.push(`a slip was refused: ${(e as Error).message}`);
            }
          }
        }),
      );
      clock.advance(60_000);
      await draws.pass();
      if ((p + 1) % 100 === 0)
        console.log(
          `part 2: ${p + 1} periods, ${slips} slips (${((Date.now() - tPlace) / 1000).toFixed(0)} s)`,
        );
    }
    // Chases reach past the last period: draw on until nothing is pending.
    for (let i = 0; i < 10; i++) {
      const [left] = await db.query<{ n: number }>(
        `select count(*)::int as n from lottery_bets where state = 'pending'`,
      );
      if (!left?.n) break;
      clock.advance(60_000);
      await draws.pass();
    }

    // Every bet settled exactly once.
    const bets = await db.query<{
      id: string;
      kind: LotteryKind;
      play_type: PlayType;
      selection: string[][] | string;
      unit: number;
      multiplier: number;
      bet_count: number;
      stake: string;
      state: string;
      payout: string;
      win_count: number;
      result: LotteryResult | string | null;
      period_state: string;
      settled: boolean;
    }>(
      `select b.id::text as id, g.kind, b.play_type, b.selection, b.unit, b.multiplier, b.bet_count, b.stake,
              b.state, b.payout, b.win_count, p.result, p.state as period_state, p.settled_at is not null as settled
         from lottery_bets b join lottery_periods p on p.id = b.period_id join lottery_games g on g.id = p.game_id
        order by b.id`,
    );
    const transfers = await db.query<{ ref: string; type: string; n: number; amount: string }>(
      `select t.ref, t.type, count(distinct t.id)::int as n, coalesce(sum(e.amount) filter (where e.amount > 0), 0) as amount
         from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
        where t.ref like 'lottery:%' group by t.ref, t.type`,
    );
    const byRef = new Map(transfers.map((t) => [t.ref, t]));
    // A slip is one 'bet' transfer (ref lottery:slip:<first bet>) whose memo names its bets.
    const slipDebits = await db.query<{ ref: string; bet_ids: unknown; amount: string }>(
      `select t.ref, t.memo->'betIds' as bet_ids,
              coalesce(sum(e.amount) filter (where e.amount > 0), 0) as amount
         from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
        where t.ref like 'lottery:slip:%' group by t.id, t.ref, t.memo`,
    );
    const debitsOf = new Map<string, number>();
    const stakeOf = new Map(bets.map((b) => [b.id, Number(b.stake)]));
    for (const slip of slipDebits) {
      const ids = (typeof slip.bet_ids === 'string' ? JSON.parse(slip.bet_ids) : slip.bet_ids) as number[];
      let sum = 0;
      for (const id of ids) {
        debitsOf.set(String(id), (debitsOf.get(String(id)) ?? 0) + 1);
        sum += stakeOf.get(String(id)) ?? Number.NaN;
      }
      if (sum !== Number(slip.amount) && problems.length < 40)
        problems.push(`slip ${slip.ref} debited ${slip.amount} for stakes of ${sum}`);
    }
    const records = await db.query<{
      round_id: string;
      n: number;
      status: string;
      stake: string;
      payout: string;
    }>(
      `select round_id, count(*)::int as n, min(status) as status, min(stake) as stake, min(payout) as payout
         from bet_records where vertical = 'lottery' and round_id like 'LOT-%' group by round_id`,
    );
    const recordOf = new Map(records.map((r) => [r.round_id, r]));
    const states = new Map<string, number>();
    const tally = new Tally();
    let staked = 0;
    let paid = 0;
    const odds = new Map(LOTTERY_KINDS.map((k) => [k, defaultOdds(k)]));
    for (const b of bets) {
      states.set(b.state, (states.get(b.state) ?? 0) + 1);
      const say = (what: string) =>
        problems.length < 40 && problems.push(`bet ${b.id} (${b.state}): ${what}`);
      const stake = Number(b.stake);
      const payout = Number(b.payout);
      if (debitsOf.get(b.id) !== 1) say(`in ${debitsOf.get(b.id) ?? 0} slip debits`);
      const win = byRef.get(`lottery:${b.id}:win`);
      const back = byRef.get(`lottery:${b.id}:cancel`) ?? byRef.get(`lottery:${b.id}:refund`);
      const rec = recordOf.get(`LOT-${b.id}`);
      if (!rec || rec.n !== 1) say(`betting record rows ${rec?.n ?? 0}`);
      if (!b.settled && (b.state === 'won' || b.state === 'lost')) say('its period is not settled');
      if (b.state === 'won' || b.state === 'lost') {
        if (b.state === 'won' ? win?.n !== 1 || Number(win.amount) !== payout : win)
          say(`payouts ${JSON.stringify(win)}`);
        if (back) say('refunded as well');
        if (rec && (rec.status !== 'settled' || Number(rec.payout) !== payout))
          say(`record ${JSON.stringify(rec)}`);
        const result = (typeof b.result === 'string' ? JSON.parse(b.result) : b.result) as LotteryResult;
        const selection = (
          typeof b.selection === 'string' ? JSON.parse(b.selection) : b.selection
        ) as string[][];
        const o = settleLine(
          b.kind,
          { playType: b.play_type, selection, unit: b.unit, multiplier: b.multiplier },
          result,
          odds.get(b.kind)!,
        );
        if (o.payout !== payout || o.winCount !== b.win_count)
          say(`payout ${payout} × ${b.win_count} but the rules give ${o.payout} × ${o.winCount}`);
        const tallyKey = `${b.kind}:${b.play_type}`;
        // The line's return against its exact expected return (a line's single bets share it, or
        // their mean for SUM_RANGE and BIG_SMALL with several picks).
        tally.add(tallyKey, stake, payout);
        expected.set(tallyKey, (expected.get(tallyKey) ?? 0) + lineReturn(b.kind, b.play_type, selection));
        variance.set(tallyKey, (variance.get(tallyKey) ?? 0) + lineVariance(b.kind, b.play_type, selection));
        staked += stake;
        paid += payout;
      } else if (b.state === 'cancelled' || b.state === 'refunded') {
        if (back?.n !== 1 || Number(back.amount) !== stake) say(`refunds ${JSON.stringify(back)}`);
        if (win) say('paid as well');
        if (rec && rec.status !== 'rolled_back') say(`record ${JSON.stringify(rec)}`);
      } else say('still pending');
    }
    // A second settlement of every period moves nothing.
    const [before] = await db.query<{ n: number }>(`select count(*)::int as n from ledger_transfers`);
    const periods = await db.query<{ id: string }>(
      `select id::text as id from lottery_periods where state in ('drawn', 'refunded')`,
    );
    let again = 0;
    for (const p of periods) {
      const r = await settlePeriod({ db, money: app.services.money, now: clock.now }, p.id);
      again += r.won + r.lost + r.refunded;
    }
    const [after] = await db.query<{ n: number }>(`select count(*)::int as n from ledger_transfers`);
    if (again !== 0 || after!.n !== before!.n) problems.push(`a second settlement settled ${again} bets`);
    const ledger = await checkLedger(db);
    for (const p of ledger.problems) problems.push(`ledger: ${p}`);

    const chaseStates = await db.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from lottery_chases group by state order by state`,
    );
    console.log(
      `part 2: ${slips.toLocaleString('en')} slips (${chases} chases, ${cancels} bets and ${chaseCancels} chases cancelled, ${refused} refused) → ${bets.length.toLocaleString('en')} bets in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
    console.log(
      `part 2: bets ${[...states].map(([s, n]) => `${s} ${n.toLocaleString('en')}`).join(', ')}; chases ${chaseStates.map((c) => `${c.state} ${c.n}`).join(', ')}`,
    );
    console.log(
      `part 2: staked ${(staked / 100).toLocaleString('en')} MMK on settled bets, paid ${(paid / 100).toLocaleString('en')} MMK (overall house edge ${pct(1 - paid / staked)})`,
    );
    console.log(
      `part 2: every bet settled exactly once (one debit; one payout per won bet; one refund per cancelled/refunded bet; one betting-record row each; payouts recomputed from the results): ${problems.length === 0 ? 'yes' : 'NO'}`,
    );
    console.log(
      `part 2: second settlement pass moved nothing: ${again === 0 && after!.n === before!.n ? 'yes' : 'NO'}`,
    );
    console.log(`part 2: ledger check (with the GAMES check): ${ledger.ok ? 'passes' : 'FAILS'}`);
    const keys = games.flatMap((g) =>
      playTypesOf(g.kind).map((pt) => [g.kind, pt] as [LotteryKind, PlayType]),
    );
    const edgesOk = printE2eEdges(tally, keys);
    for (const p of problems.slice(0, 40)) console.log(`  problem: ${p}`);
    return problems.length === 0 && ledger.ok && edgesOk;
  } finally {
    await app.close();
  }
}

/** Σ expected line returns and Σ bounds of their variances per key (part 2: lines differ in their picks). */
const expected = new Map<string, number>();
const variance = new Map<string, number>();

/**
 * E[W²] of one single bet's paid wins W: a Bernoulli win for most play types; the hits of a
 * number for bao lô (Binomial); the extra hits of a pair for đá (its trinomial law).
 */
function winSecondMoment(kind: LotteryKind, playType: PlayType, option: string): number {
  if (kind === 'vn_north' || kind === 'vn_south') {
    const n = kind === 'vn_north' ? 27 : 18;
    if (playType === 'LO_2D') return n * 0.01 * 0.99 + (n * 0.01) ** 2;
    if (playType === 'LO_3D') {
      const n3 = kind === 'vn_north' ? 23 : 17;
      return n3 * 0.001 * 0.999 + (n3 * 0.001) ** 2;
    }
    if (playType === 'DA') {
      let m = 0;
      const f = (k: number): number => (k <= 1 ? 1 : k * f(k - 1));
      for (let i = 1; i <= n; i++)
        for (let j = 1; i + j <= n; j++)
          m +=
            (f(n) / (f(i) * f(j) * f(n - i - j))) * 0.01 ** (i + j) * 0.98 ** (n - i - j) * (i + j - 1) ** 2;
      return m;
    }
  }
  return expectedReturn(kind, playType, option, 10_000); // P(win) (odds 1)
}

/**
 * A bound of the variance of a line's return (payout / stake): the largest variance of one of its
 * single bets (the mean of k returns never varies more than the most variable of them).
 */
function lineVariance(kind: LotteryKind, playType: PlayType, selection: string[][]): number {
  const odds = defaultOdds(kind).filter((r) => r.playType === playType);
  const options = playType === 'SUM_RANGE' ? selection[0]! : playType === 'BIG_SMALL' ? selection[0]! : [''];
  let worst = 0;
  for (const option of options) {
    const row = playType === 'SUM_RANGE' ? odds.find((o) => o.option === option)! : odds[0]!;
    const o = row.oddsX10000 / 10_000;
    const mean = expectedReturn(kind, playType, option, row.oddsX10000);
    worst = Math.max(worst, o * o * winSecondMoment(kind, playType, option) - mean * mean);
  }
  return worst;
}

function printE2eEdges(tally: Tally, keys: readonly [LotteryKind, PlayType][]): boolean {
  console.log(
    '\npart 2: house edge per play type on the settled lines (configured: the exact edge of the lines placed; σ from the exact variance of their single bets, an upper bound for lines of several)',
  );
  console.log(
    `${'kind'.padEnd(9)}${'play type'.padEnd(12)}${pad('lines', 8)}${pad('configured', 12)}${pad('measured', 12)}${pad('±3σ', 11)}  ok`,
  );
  let ok = true;
  for (const [kind, playType] of keys) {
    const k = `${kind}:${playType}`;
    const s = tally.stats(k);
    if (!s) continue;
    const edge = 1 - expected.get(k)! / s.n;
    const measured = 1 - s.mean;
    const sigma = Math.sqrt(variance.get(k)!) / s.n;
    const within = Math.abs(measured - edge) <= 3 * sigma;
    ok &&= within;
    console.log(
      `${kind.padEnd(9)}${playType.padEnd(12)}${pad(s.n.toLocaleString('en'), 8)}${pad(pct(edge), 12)}${pad(pct(measured), 12)}${pad(pct(3 * sigma), 11)}  ${within ? 'yes' : 'NO'}`,
    );
  }
  return ok;
}

let ok = true;
if (flags.part === '1' || flags.part === 'all') ok = pure() && ok;
if (flags.part === '2' || flags.part === 'all') ok = (await endToEnd()) && ok;
process.exitCode = ok ? 0 : 1;
