import type { SportsEvent, SportsSlip } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsService, runOpsCommand } from '../../../modules/ops/ops.service.ts';
import { gameId, launch, newRequestId } from '../../../test/games.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { expectLedgerSound, ledgerCounts, moneyMember, walletBalance } from '../../../test/money.ts';
import { seededRng, settleMarket, slipPayout, type Outcome } from './engine.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const sports = () => app.services.gamePlay.tables.sports;

interface Board {
  category: string;
  sports: string[];
  events: SportsEvent[];
  limits: { minStake: number; maxStake: number; presets: number[] };
  balance: number;
}

async function board(ticket: string): Promise<Board> {
  const res = await app.inject({ url: `/studio/api/sports/fixtures?ticket=${encodeURIComponent(ticket)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: Board }).value;
}

interface BetBody {
  type?: 'single' | 'parlay';
  stake: number;
  legs: { selectionId: number; odds: number }[];
  acceptOdds?: 'none' | 'better' | 'any';
  requestId?: string;
}

async function bet(ticket: string, b: BetBody) {
  const res = await app.inject({
    method: 'POST',
    url: '/studio/api/sports/bet',
    payload: { ticket, requestId: b.requestId ?? newRequestId(), type: b.type ?? 'single', ...b },
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      value?: { slips: SportsSlip[]; balance: number };
      message?: string;
    } & Record<string, unknown>,
  };
}

async function myBets(ticket: string, status: 'open' | 'settled') {
  const res = await app.inject({
    url: `/studio/api/sports/bets?ticket=${encodeURIComponent(ticket)}&status=${status}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { items: SportsSlip[]; total: number } }).value;
}

const ops = (...args: string[]) => runOpsCommand(createOpsService({ db: app.services.db }), 'sports', args);

async function player(balance = 100_000, code = 'ARENA_SPORTSBOOK') {
  const m = await moneyMember(app, { balance });
  const r = await launch(app, await gameId(app, code), { token: m.token });
  expect(r.status).toBe(200);
  return { ...m, ticket: r.ticket };
}

/** What a refusal must leave untouched. */
async function counts() {
  const [row] = await app.services.db.query<Record<string, string>>(
    `select (select count(*) from sports_slips) as slips, (select count(*) from sports_slip_legs) as legs,
            (select count(*) from vendor_transactions) as txs, (select count(*) from bet_records) as bets`,
  );
  return { ...row, ...(await ledgerCounts(app)) };
}

const sel = (e: SportsEvent, kind: string, code: string) => {
  const s = e.markets.find((m) => m.kind === kind)!.selections.find((x) => x.code === code)!;
  return { selectionId: s.id, odds: s.odds };
};

describe('fixtures', () => {
  it('a sports game shows football, basketball and tennis with 1X2, handicap and over/under', async () => {
    const p = await player();
    const b = await board(p.ticket);
    expect(b.category).toBe('sports');
    expect(b.sports).toEqual(['football', 'basketball', 'tennis']);
    expect(new Set(b.events.map((e) => e.sport))).toEqual(new Set(['football', 'basketball', 'tennis']));
    for (const e of b.events) {
      expect(e.status).toBe('scheduled');
      expect(new Date(e.startsAt).getTime()).toBeGreaterThan(Date.now());
      expect(e.markets.map((m) => m.kind)).toEqual(['1x2', 'handicap', 'total']);
      expect(e.markets[0]!.selections.map((s) => s.code)).toEqual(
        e.sport === 'football' ? ['home', 'draw', 'away'] : ['home', 'away'],
      );
    }
    expect(b.balance).toBe(100_000);
    expect(b.limits).toEqual({ minStake: 100, maxStake: 5_000_000, presets: [1_000, 5_000, 10_000, 50_000] });
  });

  it('an esports game shows the esports titles', async () => {
    const p = await player(100_000, 'PIXEL_ESPORTS_ARENA');
    const b = await board(p.ticket);
    expect(b.category).toBe('esports');
    expect(b.sports).toEqual(['cs2', 'dota2', 'lol', 'valorant']);
    expect(b.events.every((e) => b.sports.includes(e.sport))).toBe(true);
  });
});

describe('placing and settling', () => {
  it('a single: stake taken, open in my bets, settled by the ops command, paid exactly, in the betting record', async () => {
    const p = await player();
    const b = await board(p.ticket);
    const e = b.events.find((x) => x.sport === 'football')!;
    const leg = sel(e, '1x2', 'home');
    const r = await bet(p.ticket, { stake: 10_000, legs: [leg] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const slip = r.body.value!.slips[0]!;
    expect(slip).toMatchObject({ type: 'single', stake: 10_000, state: 'open', payout: null });
    expect(slip.potentialReturn).toBe(Math.floor((10_000 * leg.odds) / 1000));
    expect(r.body.value!.balance).toBe(90_000);
    expect(await walletBalance(app, p.id)).toBe(90_000);
    expect((await myBets(p.ticket, 'open')).items.map((s) => s.id)).toEqual([slip.id]);

    const out = await ops('settle', String(e.id), '2-1');
    expect(out.message).toContain(`event ${e.id} settled 2-1: 1 slips (1 won`);
    const payout = Math.floor((10_000 * leg.odds) / 1000);
    expect(await walletBalance(app, p.id)).toBe(90_000 + payout);
    const settled = (await myBets(p.ticket, 'settled')).items;
    expect(settled[0]).toMatchObject({ id: slip.id, state: 'settled', payout });
    expect(settled[0]!.legs[0]).toMatchObject({ result: '2-1', outcome: 'won' });
    expect((await myBets(p.ticket, 'open')).total).toBe(0);

    const [rec] = await app.services.db.query<{
      status: string;
      stake: string;
      payout: string;
      detail: unknown;
      vertical: string;
    }>(`select status, stake, payout, detail, vertical from bet_records where round_id = $1`, [slip.id]);
    expect({ ...rec, stake: Number(rec!.stake), payout: Number(rec!.payout) }).toMatchObject({
      status: 'settled',
      stake: 10_000,
      payout,
      vertical: 'sports',
    });
    expect(rec!.detail).toMatchObject({
      kind: 'sports',
      slipId: slip.id,
      type: 'single',
      stake: 10_000,
      payout,
      legs: [
        {
          event: `${e.home} v ${e.away}`,
          sport: 'football',
          market: '1x2',
          selection: 'home',
          result: '2-1',
          outcome: 'won',
        },
      ],
    });
    // Settling it again is refused and pays nothing more.
    await expect(ops('settle', String(e.id), '0-1')).rejects.toThrow(/already settled/);
    expect(await walletBalance(app, p.id)).toBe(90_000 + payout);
    await expectLedgerSound(app);
  });

  it('several singles at once: one slip (and one debit) per selection', async () => {
    const p = await player();
    const b = await board(p.ticket);
    const e = b.events.find((x) => x.sport === 'tennis')!;
    const r = await bet(p.ticket, { stake: 1_000, legs: [sel(e, '1x2', 'home'), sel(e, 'total', 'over')] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.value!.slips).toHaveLength(2);
    expect(r.body.value!.balance).toBe(98_000);
  });

  it('a parlay multiplies the odds, pays rounded down, and a push counts 1.000', async () => {
    const p = await player();
    const b = await board(p.ticket);
    const [e1, e2, e3] = b.events.filter((x) => x.sport === 'basketball');
    const legs = [sel(e1!, '1x2', 'away'), sel(e2!, 'handicap', 'home'), sel(e3!, 'total', 'under')];
    const r = await bet(p.ticket, { type: 'parlay', stake: 777, legs });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const slip = r.body.value!.slips[0]!;
    expect(slip.type).toBe('parlay');
    expect(slip.potentialReturn).toBe(
      Number((777n * BigInt(legs[0]!.odds) * BigInt(legs[1]!.odds) * BigInt(legs[2]!.odds)) / 1000n ** 3n),
    );
    // e1 away wins; e2 home covers its line; e3 is voided (counts 1.000).
    const hc = e2!.markets.find((m) => m.kind === 'handicap')!.line!;
    await ops('settle', String(e1!.id), '90-100');
    expect((await myBets(p.ticket, 'open')).total).toBe(1);
    // Home wins (a basketball game has no draw) and covers its line, whichever side the line gives.
    const margin = Math.max(1, Math.ceil(-hc / 100) + 1);
    await ops('settle', String(e2!.id), `${100 + margin}-100`);
    const before = await walletBalance(app, p.id);
    await ops('settle', String(e3!.id), 'void');
    const expected = Number((777n * BigInt(legs[0]!.odds) * BigInt(legs[1]!.odds)) / 1000n ** 2n);
    expect(await walletBalance(app, p.id)).toBe(before + expected);
    const [s] = (await myBets(p.ticket, 'settled')).items;
    expect(s).toMatchObject({ state: 'settled', payout: expected });
    expect(s!.legs.map((x) => x.outcome)).toEqual(['won', 'won', 'void']);
    await expectLedgerSound(app);
  });

  it('void refunds: a single on a voided event is rolled back, the stake returned', async () => {
    const p = await player();
    const b = await board(p.ticket);
    const e = b.events.find((x) => x.sport === 'football')!;
    const r = await bet(p.ticket, { stake: 5_000, legs: [sel(e, 'total', 'over')] });
    const slip = r.body.value!.slips[0]!;
    expect(await walletBalance(app, p.id)).toBe(95_000);
    expect((await ops('settle', String(e.id), 'void')).message).toContain('1 refunded');
    expect(await walletBalance(app, p.id)).toBe(100_000);
    const [rec] = await app.services.db.query<{ status: string }>(
      'select status from bet_records where round_id = $1',
      [slip.id],
    );
    expect(rec!.status).toBe('rolled_back');
    expect((await myBets(p.ticket, 'settled')).items[0]).toMatchObject({ state: 'void', payout: 5_000 });
    await expectLedgerSound(app);
  });

  it('a repeated requestId answers the same slips and takes the stake once', async () => {
    const p = await player();
    const e = (await board(p.ticket)).events[0]!;
    const requestId = newRequestId();
    const leg = sel(e, '1x2', 'home');
    const [a, b2] = await Promise.all([
      bet(p.ticket, { stake: 2_000, legs: [leg], requestId }),
      bet(p.ticket, { stake: 2_000, legs: [leg], requestId }),
    ]);
    expect([a.status, b2.status]).toEqual([200, 200]);
    expect(a.body.value!.slips[0]!.id).toBe(b2.body.value!.slips[0]!.id);
    expect(await walletBalance(app, p.id)).toBe(98_000);
    // The same requestId with another stake is refused.
    const other = await bet(p.ticket, { stake: 3_000, legs: [leg], requestId });
    expect([other.status, other.body.message]).toEqual([409, 'money.errors.idempotency_conflict']);
    expect(await walletBalance(app, p.id)).toBe(98_000);
  });
});

describe('refusals write nothing', () => {
  it('suspended market, stale odds, started event, above balance, stake limits, bad parlays', async () => {
    const p = await player(20_000);
    const b = await board(p.ticket);
    const [e, f] = b.events.filter((x) => x.sport === 'football');
    const before = await counts();
    const expectNothing = async () => {
      expect(await counts()).toEqual(before);
      expect(await walletBalance(app, p.id)).toBe(20_000);
    };

    await ops('suspend', String(e!.id));
    let r = await bet(p.ticket, { stake: 1_000, legs: [sel(e!, '1x2', 'home')] });
    expect([r.status, r.body.message]).toEqual([409, 'games.errors.market_suspended']);
    await expectNothing();
    await ops('resume', String(e!.id));

    // Stale odds: the odds move under the player; refused with the new odds unless accepted.
    const seen = sel(e!, '1x2', 'home');
    await app.services.db.query(
      'update sports_selections set odds = odds + 50, version = version + 1 where id = $1',
      [seen.selectionId],
    );
    r = await bet(p.ticket, { stake: 1_000, legs: [{ ...seen }] });
    expect([r.status, r.body.message]).toEqual([409, 'games.errors.odds_changed']);
    expect(r.body.value).toEqual({
      changes: [{ selectionId: seen.selectionId, odds: seen.odds + 50, version: 2 }],
    });
    await expectNothing();
    await app.services.db.query('update sports_selections set odds = odds - 100 where id = $1', [
      seen.selectionId,
    ]);
    r = await bet(p.ticket, { stake: 1_000, legs: [{ ...seen }], acceptOdds: 'better' });
    expect([r.status, r.body.message]).toEqual([409, 'games.errors.odds_changed']);
    await expectNothing();

    // Started (no in-play).
    await app.services.db.query(
      `update sports_events set starts_at = now() - interval '1 minute' where id = $1`,
      [f!.id],
    );
    r = await bet(p.ticket, { stake: 1_000, legs: [sel(f!, '1x2', 'away')] });
    expect([r.status, r.body.message]).toEqual([409, 'games.errors.betting_closed']);
    await expectNothing();

    const g = b.events.filter((x) => x.sport === 'tennis');
    r = await bet(p.ticket, { stake: 20_001, legs: [sel(g[0]!, '1x2', 'home')] });
    expect([r.status, r.body.message]).toEqual([422, 'money.errors.insufficient_balance']);
    // Two singles of 10,000.01 each are above the balance together.
    r = await bet(p.ticket, { stake: 10_001, legs: [sel(g[0]!, '1x2', 'home'), sel(g[1]!, '1x2', 'home')] });
    expect([r.status, r.body.message]).toEqual([422, 'money.errors.insufficient_balance']);
    r = await bet(p.ticket, { stake: 99, legs: [sel(g[0]!, '1x2', 'home')] });
    expect([r.status, r.body.message]).toEqual([400, 'games.errors.stake_limits']);
    r = await bet(p.ticket, { stake: 5_000_001, legs: [sel(g[0]!, '1x2', 'home')] });
    expect([r.status, r.body.message]).toEqual([400, 'games.errors.stake_limits']);
    r = await bet(p.ticket, {
      type: 'parlay',
      stake: 1_000,
      legs: [sel(g[0]!, '1x2', 'home'), sel(g[0]!, 'total', 'over')],
    });
    expect([r.status, r.body.message]).toEqual([400, 'games.errors.parlay_invalid']);
    r = await bet(p.ticket, { type: 'parlay', stake: 1_000, legs: [sel(g[0]!, '1x2', 'home')] });
    expect([r.status, r.body.message]).toEqual([400, 'games.errors.parlay_invalid']);
    r = await bet(p.ticket, { stake: 1_000, legs: [{ selectionId: 99_999_999, odds: 2000 }] });
    expect([r.status, r.body.message]).toEqual([404, 'games.errors.selection_unknown']);
    // An esports selection from a sports game.
    const es = await player(1_000, 'PIXEL_ESPORTS_ARENA');
    const eb = await board(es.ticket);
    const before2 = await counts();
    r = await bet(p.ticket, { stake: 1_000, legs: [sel(eb.events[0]!, '1x2', 'home')] });
    expect([r.status, r.body.message]).toEqual([404, 'games.errors.selection_unknown']);
    expect(await counts()).toEqual(before2);
    expect(await walletBalance(app, p.id)).toBe(20_000);

    // Accepting any change places at the current odds.
    r = await bet(p.ticket, { stake: 1_000, legs: [{ ...seen }], acceptOdds: 'any' });
    expect(r.status).toBe(200);
    expect(r.body.value!.slips[0]!.legs[0]!.odds).toBe(seen.odds - 50);
  });
});

describe('jobs', () => {
  it('a crash after the debit leaves a pending slip; the reconciler rolls it back (refund)', async () => {
    const p = await player(10_000);
    const e = (await board(p.ticket)).events[0]!;
    sports().service.inject('after_debit');
    const r = await bet(p.ticket, { stake: 4_000, legs: [sel(e, '1x2', 'home')] });
    expect(r.status).toBe(500);
    expect(await walletBalance(app, p.id)).toBe(6_000);
    const rep = await sports().service.reconcile(0);
    expect(rep.rolledBack).toBeGreaterThanOrEqual(1);
    expect(await walletBalance(app, p.id)).toBe(10_000);
    await expectLedgerSound(app);
  });

  it('the results job settles fixtures past their end with a simulated result, and tops up fixtures', async () => {
    const p = await player();
    const e = (await board(p.ticket)).events.find((x) => x.sport === 'tennis')!;
    await bet(p.ticket, { stake: 1_000, legs: [sel(e, '1x2', 'home')] });
    await app.services.db.query(
      `update sports_events set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 minute' where id = $1`,
      [e.id],
    );
    await sports().tick();
    const ev = await sports().service.eventOf(e.id);
    expect(ev!.status).toBe('settled');
    expect([ev!.home_score, ev!.away_score].sort()).toContain(2);
    const [s] = (await myBets(p.ticket, 'settled')).items;
    expect(s!.legs[0]!.result).toBe(`${ev!.home_score}-${ev!.away_score}`);
    const won = ev!.home_score! > ev!.away_score!;
    expect(await walletBalance(app, p.id)).toBe(
      99_000 + (won ? Math.floor((1_000 * s!.legs[0]!.odds) / 1000) : 0),
    );
    // The board is topped up to six upcoming fixtures per sport again.
    const b = await board(p.ticket);
    expect(b.events.filter((x) => x.sport === 'tennis')).toHaveLength(6);
    await expectLedgerSound(app);
  });

  it('odds move: a reprice bumps versions so the stale-odds path is real', async () => {
    const p = await player();
    const e = (await board(p.ticket)).events[0]!;
    for (let i = 0; i < 5; i++) await sports().service.reprice(e.id);
    const after = (await board(p.ticket)).events.find((x) => x.id === e.id)!;
    const moved = after.markets.flatMap((m) => m.selections).filter((s) => s.version > 1);
    expect(moved.length).toBeGreaterThan(0);
  });
});

describe('random slips against random results', () => {
  it('100 slips (singles and parlays): every slip settled once, payouts exact, the ledger sound', async () => {
    const rng = seededRng(2026);
    const members = await Promise.all(Array.from({ length: 4 }, () => player(10_000_000)));
    const b = await board(members[0]!.ticket);
    const events = b.events;
    const placed: SportsSlip[] = [];
    for (let i = 0; i < 100; i++) {
      const m = members[i % members.length]!;
      const n = rng(4) === 0 ? 1 : 2 + rng(3);
      const pick = [...events].sort(() => rng(3) - 1).slice(0, n);
      const legs = pick.map((e) => {
        const mk = e.markets[rng(e.markets.length)]!;
        const s = mk.selections[rng(mk.selections.length)]!;
        return { selectionId: s.id, odds: s.odds };
      });
      const r = await bet(m.ticket, { type: n === 1 ? 'single' : 'parlay', stake: 100 + rng(50_000), legs });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      placed.push(...r.body.value!.slips);
    }
    const results = new Map<number, { home: number; away: number } | 'void'>();
    for (const e of events) {
      const bo3 = e.sport === 'tennis';
      const res =
        rng(15) === 0
          ? ('void' as const)
          : e.sport === 'basketball'
            ? { home: 80 + rng(40), away: 80 + rng(40) }
            : bo3
              ? rng(2) === 0
                ? { home: 2, away: rng(2) }
                : { home: rng(2), away: 2 }
              : { home: rng(5), away: rng(5) };
      if (res !== 'void' && e.sport === 'basketball' && res.home === res.away) res.home++;
      results.set(e.id, res);
      await ops('settle', String(e.id), res === 'void' ? 'void' : `${res.home}-${res.away}`);
    }
    // Exactly once: one credit or one refund per slip, and the state matches.
    const txs = await app.services.db.query<{ round_id: string; kind: string; amount: string }>(
      `select round_id, kind, amount from vendor_transactions where round_id = any($1::text[]) and kind in ('credit', 'rollback')`,
      [placed.map((s) => s.id)],
    );
    const byRound = new Map<string, { kind: string; amount: number }[]>();
    for (const t of txs)
      byRound.set(t.round_id, [
        ...(byRound.get(t.round_id) ?? []),
        { kind: t.kind, amount: Number(t.amount) },
      ]);
    const eventsById = new Map(events.map((e) => [e.id, e]));
    let paid = 0;
    for (const s of placed) {
      expect(byRound.get(s.id), s.id).toHaveLength(1);
      const outcomes = s.legs.map((l): { odds: number; outcome: Outcome } => {
        const res = results.get(l.eventId)!;
        if (res === 'void') return { odds: l.odds, outcome: 'void' };
        const e = eventsById.get(l.eventId)!;
        const mk = e.markets.find((m) => m.kind === l.market)!;
        return { odds: l.odds, outcome: settleMarket(l.market, mk.line, res)[l.selection]! };
      });
      const want = slipPayout(s.stake, outcomes);
      const [row] = await app.services.db.query<{ state: string; payout: string }>(
        'select state, payout from sports_slips where id = $1',
        [s.id],
      );
      expect({ state: row!.state, payout: Number(row!.payout) }).toEqual({
        state: want.allVoid ? 'void' : 'settled',
        payout: want.payout,
      });
      const t = byRound.get(s.id)![0]!;
      if (want.allVoid) expect(t.kind).toBe('rollback');
      else expect(t).toEqual({ kind: 'credit', amount: want.payout });
      paid += want.payout;
    }
    expect(paid).toBeGreaterThan(0);
    // A second pass finds nothing left to pay.
    expect((await sports().service.settleReady()).slips).toBe(0);
    await expectLedgerSound(app);
  }, 120_000);
});
