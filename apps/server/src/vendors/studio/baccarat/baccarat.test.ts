import { baccaratBetDetailSchema, type BaccaratSpot } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { testClock } from '../../../test/accounts.ts';
import { gameId, launch, launchSlot, newRequestId } from '../../../test/games.ts';
import { buildTestApp } from '../../../test/helper.ts';
import {
  expectLedgerSound,
  ledgerCounts,
  moneyMember,
  walletBalance,
  type MoneyMember,
} from '../../../test/money.ts';
import { spotPayout, type Deal } from './engine.ts';

const clock = testClock(new Date('2026-11-24T08:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app.close();
});

const baccarat = () => app.services.gamePlay.tables.baccarat.service;
const timing = () => baccarat().timing;

interface Spot {
  spot: BaccaratSpot;
  amount: number;
}
interface StateValue {
  table: { id: string; code: string; minBet: number; maxBet: number; chips: number[] };
  round: {
    id: string;
    seq: number;
    phase: string;
    msLeft: number;
    playerCards: string[];
    bankerCards: string[];
    order: string[];
    result: { winner: string; playerTotal: number; bankerTotal: number } | null;
  };
  myBets: { id: string; spots: Spot[]; stake: number; payout: number | null; state: string }[];
  road: { roundId: string; winner: string }[];
  balance: number;
}

async function get<T>(url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as { success: boolean; value?: T; message?: string } };
}
const state = (ticket: string, table = 'bac-a') =>
  get<StateValue>(`/studio/api/baccarat/state?ticket=${encodeURIComponent(ticket)}&table=${table}`);

async function bet(
  ticket: string,
  roundId: string,
  spots: Spot[],
  o: { table?: string; requestId?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/studio/api/baccarat/bet',
    payload: { ticket, table: o.table ?? 'bac-a', roundId, spots, requestId: o.requestId ?? newRequestId() },
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      success: boolean;
      value?: { bet: { id: string; stake: number; state: string }; balance: number };
      message?: string;
    },
  };
}

/** A member with `balance` in main who launched Royal Live Baccarat (seamless): the ticket. */
async function player(balance: number): Promise<{ m: MoneyMember; ticket: string }> {
  const m = await moneyMember(app, { balance });
  const r = await launch(app, await gameId(app, 'ROYAL_BACCARAT'), { token: m.token });
  expect(r.status).toBe(200);
  return { m, ticket: r.ticket };
}

/** Moves the clock to the next round of the table, at the start of its betting. */
async function freshRound(table = 'bac-a') {
  const r = await baccarat().currentRound(table);
  clock.advance(Math.max(0, r.ends_at.getTime() - clock.now().getTime()) + 1);
  return baccarat().currentRound(table);
}

const rowsOf = async (sql: string, params: unknown[]) =>
  app.services.db.query<Record<string, unknown>>(sql, params);
const betRows = (ticketHashOf: string) =>
  rowsOf(
    `select b.* from baccarat_bets b join game_sessions s on s.ticket_hash = b.ticket_hash join members m on m.id = s.member_id where m.id = $1`,
    [ticketHashOf],
  );
const betRecordsOf = (memberId: string) =>
  rowsOf('select * from bet_records where member_id = $1 order by id', [memberId]);

describe('baccarat tables and rounds', () => {
  it('lists several tables with different limits and chips within them; a slot ticket is refused', async () => {
    const { ticket } = await player(10_000);
    const r = await get<{
      tables: StateValue['table'][];
      returns: Record<string, number>;
      bettingSeconds: number;
    }>(`/studio/api/baccarat/tables?ticket=${ticket}`);
    expect(r.status).toBe(200);
    const tables = r.body.value!.tables;
    expect(tables.length).toBeGreaterThanOrEqual(3);
    expect(new Set(tables.map((t) => `${t.minBet}-${t.maxBet}`)).size).toBe(tables.length);
    for (const t of tables) expect(t.chips.every((c) => c >= t.minBet && c <= t.maxBet)).toBe(true);
    expect(r.body.value!.returns).toEqual({
      player: 2,
      banker: 1.95,
      tie: 9,
      playerPair: 12,
      bankerPair: 12,
    });
    const m = await moneyMember(app, { balance: 10_000 });
    const slot = await launchSlot(app, m.token);
    const refused = await state(slot.ticket);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('games.errors.unknown_game');
    const unknown = await state(ticket, 'nope');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('games.errors.unknown_table');
    const noTicket = await state(`ROYAL-${'x'.repeat(43)}`);
    expect(noTicket.status).toBe(401);
  });

  it('a round is stored whole when betting opens; the cards reach the page only once dealing starts', async () => {
    const { ticket } = await player(10_000);
    const round = await freshRound();
    const s = await state(ticket);
    expect(s.body.value!.round).toMatchObject({
      id: round.id,
      phase: 'betting',
      playerCards: [],
      bankerCards: [],
      result: null,
    });
    expect(s.body.value!.round.msLeft).toBe(timing().bettingMs - 1);
    // Already decided and stored before anything is shown.
    const [stored] = await rowsOf('select outcome from baccarat_rounds where id = $1', [round.id]);
    const outcome = stored!.outcome as Deal;
    expect(outcome.playerCards.length).toBeGreaterThanOrEqual(2);
    clock.advance(timing().bettingMs);
    expect((await state(ticket)).body.value!.round).toMatchObject({ phase: 'closed', playerCards: [] });
    clock.advance(timing().closedMs);
    const dealing = (await state(ticket)).body.value!.round;
    expect(dealing).toMatchObject({
      phase: 'dealing',
      playerCards: outcome.playerCards,
      bankerCards: outcome.bankerCards,
      result: null,
    });
    clock.advance(outcome.order.length * timing().cardMs);
    const result = (await state(ticket)).body.value!;
    expect(result.round.result).toMatchObject({
      winner: outcome.winner,
      playerTotal: outcome.playerTotal,
      bankerTotal: outcome.bankerTotal,
    });
    expect(result.road.at(-1)).toEqual(
      expect.objectContaining({ roundId: round.id, winner: outcome.winner }),
    );
    // After the result the next round opens by itself (created when asked).
    clock.advance(timing().resultMs);
    const next = (await state(ticket)).body.value!;
    expect(next.round).toMatchObject({ seq: Number(round.seq) + 1, phase: 'betting' });
    expect(next.road.at(-1)!.roundId).toBe(round.id);
  });
});

describe('baccarat bets', () => {
  it('a bet during betting is debited once with its spots in the betting record; a repeat answers the same bet', async () => {
    const { m, ticket } = await player(100_000);
    const round = await freshRound();
    const requestId = newRequestId();
    const spots: Spot[] = [
      { spot: 'banker', amount: 5_000 },
      { spot: 'tie', amount: 1_000 },
    ];
    const r = await bet(ticket, round.id, spots, { requestId });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ bet: { stake: 6_000, state: 'debited' }, balance: 94_000 });
    expect(await walletBalance(app, m.id)).toBe(94_000);
    const before = await ledgerCounts(app);
    const again = await bet(ticket, round.id, spots, { requestId });
    expect(again.body.value!.bet.id).toBe(r.body.value!.bet.id);
    expect(await ledgerCounts(app)).toEqual(before);
    const [rec] = await betRecordsOf(m.id);
    expect(rec).toMatchObject({
      vertical: 'live',
      status: 'open',
      round_id: r.body.value!.bet.id,
    });
    expect(Number(rec!.stake)).toBe(6_000);
    expect(rec!.detail).toMatchObject({ kind: 'baccarat', table: 'A', roundId: round.id, spots });
    const s = await state(ticket);
    expect(s.body.value!.myBets).toEqual([
      expect.objectContaining({ id: r.body.value!.bet.id, stake: 6_000, payout: null, state: 'debited' }),
    ]);
    expect(s.body.value!.balance).toBe(94_000);
  });

  it('after betting closed → 409 games.errors.betting_closed, nothing written', async () => {
    const { m, ticket } = await player(100_000);
    const round = await freshRound();
    clock.advance(timing().bettingMs);
    const before = await ledgerCounts(app);
    const r = await bet(ticket, round.id, [{ spot: 'player', amount: 1_000 }]);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('games.errors.betting_closed');
    // A round of another table or one that never existed: closed too.
    const other = await bet(ticket, round.id, [{ spot: 'player', amount: 10_000 }], { table: 'bac-b' });
    expect(other.body.message).toBe('games.errors.betting_closed');
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(100_000);
    expect(await betRows(m.id)).toHaveLength(0);
    expect(await betRecordsOf(m.id)).toHaveLength(0);
  });

  it('outside the table limits (per spot, summed over my bets of the round) → 400 games.errors.table_limit, nothing written', async () => {
    const { m, ticket } = await player(10_000_000);
    const round = await freshRound();
    const before = await ledgerCounts(app);
    for (const spots of [
      [{ spot: 'player', amount: 999 }],
      [{ spot: 'player', amount: 500_001 }],
      [
        { spot: 'tie', amount: 1_000 },
        { spot: 'banker', amount: 600_000 },
      ],
    ] as Spot[][]) {
      const r = await bet(ticket, round.id, spots);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('games.errors.table_limit');
    }
    const dup = await bet(ticket, round.id, [
      { spot: 'tie', amount: 1_000 },
      { spot: 'tie', amount: 1_000 },
    ]);
    expect(dup.body.message).toBe('games.errors.bet_invalid');
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await betRows(m.id)).toHaveLength(0);
    // 400,000 then 100,000 on banker is the maximum; one more chip is over it.
    expect((await bet(ticket, round.id, [{ spot: 'banker', amount: 400_000 }])).status).toBe(200);
    expect((await bet(ticket, round.id, [{ spot: 'banker', amount: 100_000 }])).status).toBe(200);
    const over = await bet(ticket, round.id, [{ spot: 'banker', amount: 1_000 }]);
    expect(over.body.message).toBe('games.errors.table_limit');
    expect(await walletBalance(app, m.id)).toBe(10_000_000 - 500_000);
    // The VIP table's minimum is higher.
    const vip = await baccarat().currentRound('bac-vip');
    const low = await bet(ticket, vip.id, [{ spot: 'player', amount: 10_000 }], { table: 'bac-vip' });
    expect(low.body.message).toBe('games.errors.table_limit');
  });

  it('above the balance → 422 money.errors.insufficient_balance, nothing written', async () => {
    const { m, ticket } = await player(5_000);
    const round = await freshRound();
    const before = await ledgerCounts(app);
    const r = await bet(ticket, round.id, [
      { spot: 'player', amount: 5_000 },
      { spot: 'playerPair', amount: 1_000 },
    ]);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('money.errors.insufficient_balance');
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(5_000);
    expect(await betRows(m.id)).toHaveLength(0);
    expect(await betRecordsOf(m.id)).toHaveLength(0);
  });

  it('settles each bet exactly once (sweeps and settles run twice and concurrently); the record shows the round', async () => {
    const { m, ticket } = await player(1_000_000);
    const round = await freshRound();
    const spots: Spot[] = [
      { spot: 'player', amount: 10_000 },
      { spot: 'banker', amount: 20_000 },
      { spot: 'tie', amount: 3_000 },
      { spot: 'playerPair', amount: 2_000 },
      { spot: 'bankerPair', amount: 1_000 },
    ];
    const placed = await bet(ticket, round.id, spots);
    expect(placed.status).toBe(200);
    const betId = placed.body.value!.bet.id;
    // Not due before the result.
    clock.advance(timing().bettingMs + timing().closedMs);
    await baccarat().sweep();
    expect((await baccarat().betById(betId))!.state).toBe('debited');
    const outcome = round.outcome;
    clock.advance(outcome.order.length * timing().cardMs);
    const payout = spots.reduce((t, s) => t + spotPayout(s.spot, s.amount, outcome), 0);
    const before = await ledgerCounts(app);
    const runs = await Promise.all([
      baccarat().sweep(),
      baccarat().sweep(),
      baccarat().settleNow(betId),
      baccarat().settleNow(betId),
    ]);
    // One of the four moved the bet to settled; the others found nothing to do.
    expect(runs.reduce<number>((t, x) => t + (x === true ? 1 : x === false ? 0 : x.settled), 0)).toBe(1);
    expect((await baccarat().sweep()).settled).toBe(0);
    expect(await baccarat().settleNow(betId)).toBe(false);
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + (payout > 0 ? 1 : 0));
    expect(await walletBalance(app, m.id)).toBe(1_000_000 - 36_000 + payout);
    const s = await state(ticket);
    expect(s.body.value!.myBets[0]).toMatchObject({ id: betId, payout, state: 'settled' });
    expect(s.body.value!.balance).toBe(1_000_000 - 36_000 + payout);

    // The betting record: listed with the win/loss, and its detail is the whole round.
    const list = await app.inject({
      method: 'GET',
      url: '/wps/member/bets?vertical=live',
      headers: m.headers,
    });
    const rec = (
      list.json() as {
        value: {
          items: {
            id: number;
            roundId: string;
            stake: number;
            payout: number;
            winLoss: number;
            status: string;
          }[];
        };
      }
    ).value.items[0]!;
    expect(rec).toMatchObject({
      roundId: betId,
      stake: 36_000,
      payout,
      winLoss: payout - 36_000,
      status: 'settled',
    });
    const det = await app.inject({
      method: 'GET',
      url: `/wps/member/bets/detail?id=${rec.id}`,
      headers: m.headers,
    });
    const detail = (det.json() as { value: { detail: unknown; transactions: { kind: string }[] } }).value;
    expect(detail.transactions.map((t) => t.kind)).toEqual(['debit', 'credit']);
    const parsed = safeParse(baccaratBetDetailSchema, detail.detail);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      kind: 'baccarat',
      table: 'A',
      roundId: round.id,
      playerCards: outcome.playerCards,
      bankerCards: outcome.bankerCards,
      playerTotal: outcome.playerTotal,
      bankerTotal: outcome.bankerTotal,
      winner: outcome.winner,
      pairs: outcome.pairs,
    });
    expect(parsed.data!.spots).toEqual(
      spots.map((s) => ({ ...s, payout: spotPayout(s.spot, s.amount, outcome) })),
    );
    await expectLedgerSound(app);
  });

  it('the page’s poll settles what is due (no timer), each player’s bet on its own', async () => {
    const a = await player(100_000);
    const b = await player(100_000);
    const round = await freshRound('bac-b');
    await bet(a.ticket, round.id, [{ spot: 'player', amount: 10_000 }], { table: 'bac-b' });
    await bet(b.ticket, round.id, [{ spot: 'banker', amount: 20_000 }], { table: 'bac-b' });
    clock.advance(round.result_at.getTime() - clock.now().getTime());
    const s = (await state(a.ticket, 'bac-b')).body.value!;
    const pa = spotPayout('player', 10_000, round.outcome);
    expect(s.myBets).toEqual([expect.objectContaining({ payout: pa, state: 'settled' })]);
    expect(await walletBalance(app, a.m.id)).toBe(90_000 + pa);
    expect(await walletBalance(app, b.m.id)).toBe(80_000 + spotPayout('banker', 20_000, round.outcome));
  });

  it('a bet a crash left stored but not debited is rolled back by the sweep (the debit is refused from then on)', async () => {
    const { m, ticket } = await player(100_000);
    const round = await freshRound();
    const [session] = await rowsOf(
      'select ticket_hash, game_id, vassalage from game_sessions where member_id = $1',
      [m.id],
    );
    await rowsOf(
      `insert into baccarat_bets (id, round_id, ticket_hash, request_id, vassalage, game_id, spots, stake, created_at, updated_at)
       values ('crashed-bet-1', $1, $2, 'crashedreq1', $3, $4, '[{"spot":"tie","amount":1000}]', 1000, $5, $5)`,
      [round.id, session!.ticket_hash, session!.vassalage, session!.game_id, clock.now()],
    );
    clock.advance(31_000);
    const report = await baccarat().sweep();
    expect(report.rolledBack).toBe(1);
    const [row] = await rowsOf(`select state from baccarat_bets where id = 'crashed-bet-1'`, []);
    expect(row!.state).toBe('rolled_back');
    expect(await walletBalance(app, m.id)).toBe(100_000);
    void ticket;
  });
});

describe('baccarat with several server instances and the timer', () => {
  it('two instances on one database agree on the round and settle a bet once', async () => {
    const second = await buildTestApp({ db: app.services.db, now: clock.now });
    try {
      const other = second.services.gamePlay.tables.baccarat.service;
      const current = await baccarat().currentRound('bac-b');
      clock.advance(current.ends_at.getTime() - clock.now().getTime() + 1);
      // Both ask for the next round at once: one insert wins, both answer it.
      const [a, b] = await Promise.all([baccarat().currentRound('bac-b'), other.currentRound('bac-b')]);
      expect(a.id).toBe(b.id);
      expect(Number(a.seq)).toBe(Number(current.seq) + 1);
      const { m, ticket } = await player(100_000);
      const placed = await bet(ticket, a.id, [{ spot: 'tie', amount: 10_000 }], { table: 'bac-b' });
      expect(placed.status).toBe(200);
      clock.advance(a.result_at.getTime() - clock.now().getTime());
      const before = await ledgerCounts(app);
      const [x, y] = await Promise.all([
        baccarat().sweep({ tableId: 'bac-b' }),
        other.sweep({ tableId: 'bac-b' }),
      ]);
      expect(x.settled + y.settled).toBe(1);
      const payout = spotPayout('tie', 10_000, a.outcome);
      expect((await ledgerCounts(app)).transfers).toBe(before.transfers + (payout > 0 ? 1 : 0));
      expect(await walletBalance(app, m.id)).toBe(90_000 + payout);
      await expectLedgerSound(app);
    } finally {
      await second.close();
    }
  });

  it('the timer keeps the tables dealing and settles due bets with nobody polling', async () => {
    const { m, ticket } = await player(100_000);
    const round = await freshRound('bac-vip');
    const placed = await bet(ticket, round.id, [{ spot: 'player', amount: 100_000 }], { table: 'bac-vip' });
    expect(placed.status).toBe(200);
    clock.advance(round.ends_at.getTime() - clock.now().getTime() + 10);
    const stop = baccarat().start();
    try {
      await expect
        .poll(async () => (await baccarat().betById(placed.body.value!.bet.id))?.state, { timeout: 10_000 })
        .toBe('settled');
      // Every table has a round in betting again.
      await expect
        .poll(
          async () =>
            Number(
              (
                await rowsOf('select count(*) as n from baccarat_rounds where ends_at > $1', [clock.now()])
              )[0]!.n,
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe(3);
    } finally {
      stop();
    }
    expect(await walletBalance(app, m.id)).toBe(spotPayout('player', 100_000, round.outcome));
  });
});
