import { randomBytes } from 'node:crypto';
import { lotteryBetDetailSchema, type LotteryBet } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres.ts';
import { testClock } from '../../test/accounts.ts';
import { freePlay } from '../../test/games.ts';
import { buildTestApp } from '../../test/helper.ts';
import { expectLedgerSound, moneyMember, newKey, walletBalance, type MoneyMember } from '../../test/money.ts';
import { drawNow, drawPeriod } from './draw.job.ts';
import { ensurePeriods, gameByCode } from './lottery.repository.ts';
import { settlePeriod } from './settlement.ts';

/**
 * Lottery betting (issue 7): a slip is all or nothing, a refusal writes nothing, a cancel before
 * the close gives the stake back, and on PostgreSQL concurrent slips never overdraw a wallet nor
 * slip past a close. Test games are written with SQL, their periods by the engine's ensurePeriods
 * (on a test clock: period i is on sale until 50 s + i minutes from the start).
 */

// 04:00 UTC of the next day: a minute boundary, later than the demo lotteries' drawn history
// (seeded up to the real now), with the Vietnamese 18:15 draw of that day still ahead.
const DAY = 86_400_000;
const clock = testClock(new Date(Math.ceil(Date.now() / DAY) * DAY + 4 * 3_600_000));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app.close();
});

const db = () => app.services.db;
const MIN = 60_000;
let gameCounter = 0;

interface TestGame {
  id: number;
  code: string;
  label: string;
  catalogueGameId: number;
  /** Numeros in draw order; advancing the clock a minute closes the next one. */
  numeros: string[];
}

/** A digit game with `periods` periods, the first on sale now and closing in a minute. */
async function addGame(
  o: { kind?: 'digit5' | 'digit3'; playTypes?: string[]; periods?: number; status?: string } = {},
): Promise<TestGame> {
  const code = `TBET_${++gameCounter}_${randomBytes(3).toString('hex').toUpperCase()}`;
  const label = `Test Lotto ${gameCounter}`;
  const kind = o.kind ?? 'digit5';
  const playTypes = o.playTypes ?? [
    'STRAIGHT_1',
    'STRAIGHT_2',
    'STRAIGHT_3',
    'BOX_2',
    'BOX_3',
    'BIG_SMALL',
    'ODD_EVEN',
    'SUM_RANGE',
  ];
  const [g] = await db().query<{ id: number; merchant_id: number; catalogue_game_id: number }>(
    `insert into lottery_games (merchant_id, code, label, group_code, prize_mode, kind, interval_seconds,
                                close_seconds, default_play_type, play_types, vassalage, catalogue_game_id, status)
     select m.id, $1, $2, 'TEST', 'Lott', $3, 60, 10, $4, $5::text[], 'LOTTO',
            (select id from games where code = 'LOTTO_LUCKY_5D'), $6
       from merchants m order by m.id limit 1
     returning id, merchant_id, catalogue_game_id`,
    [code, label, kind, playTypes[0], playTypes, o.status ?? 'active'],
  );
  const merchantId = g!.merchant_id;
  // The periods as the draw job makes them (fast game: a draw each minute, sales stop 10 s before).
  const row = await gameByCode(db(), merchantId, code);
  const periods = await ensurePeriods(db(), row!, clock.now(), o.periods ?? 5);
  const numeros = periods.map((p) => p.numero);
  return { id: g!.id, code, label, catalogueGameId: g!.catalogue_game_id, numeros };
}

interface Line {
  playType: string;
  selection: string[][];
  unit: number;
  multiplier: number;
}
const straight1 = (digits: string[], unit = 100, multiplier = 1): Line => ({
  playType: 'STRAIGHT_1',
  selection: [digits, [], [], [], []],
  unit,
  multiplier,
});
const big = (unit = 1_000, multiplier = 1): Line => ({
  playType: 'BIG_SMALL',
  selection: [['big']],
  unit,
  multiplier,
});

interface PlaceAnswer {
  bets: LotteryBet[];
  chaseId: number | null;
  balance: number;
}
interface Answer<T> {
  status: number;
  value: T;
  message: string | undefined;
  body: string;
}

async function api<T>(
  m: MoneyMember,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: m.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const json = res.json() as { value: T; message?: string };
  return { status: res.statusCode, value: json.value, message: json.message, body: res.body };
}

function place(
  m: MoneyMember,
  g: TestGame,
  lines: Line[],
  o: {
    numero?: string;
    key?: string;
    chase?: { periods: number; stopOnWin: boolean };
    gameCode?: string;
  } = {},
) {
  return api<PlaceAnswer>(m, 'POST', '/lotto/lgw/bets', {
    gameCode: o.gameCode ?? g.code,
    numero: o.numero ?? g.numeros[0],
    idempotencyKey: o.key ?? newKey(),
    lines,
    ...(o.chase ? { chase: o.chase } : {}),
  });
}

const cancel = (m: MoneyMember, betId: number) =>
  api<{ bet: LotteryBet; balance: number }>(m, 'POST', '/lotto/lgw/bets/cancel', { betId });
const cancelChase = (m: MoneyMember, chaseId: number) =>
  api<{ cancelled: number; balance: number }>(m, 'POST', '/lotto/lgw/chases/cancel', { chaseId });
const myBets = (m: MoneyMember, query = '') =>
  api<{ items: LotteryBet[]; total: number; page: number; pageSize: number }>(
    m,
    'GET',
    `/lotto/lgw/bets${query ? `?${query}` : ''}`,
  );

/** What a refusal must leave untouched. */
async function counts() {
  const [row] = await db().query<Record<string, string>>(
    `select (select count(*) from lottery_bets) as bets, (select count(*) from lottery_chases) as chases,
            (select count(*) from bet_records) as records, (select count(*) from ledger_transfers) as transfers,
            (select count(*) from ledger_entries) as entries, (select count(*) from idempotency_keys) as keys,
            (select count(*) from lottery_periods) as periods`,
  );
  return row;
}

/** The GAMES account of the demo merchant. */
async function gamesBalance(): Promise<number> {
  const [row] = await db().query<{ total: string }>(
    `select coalesce(sum(e.amount), 0) as total from ledger_accounts a join ledger_entries e on e.account_id = a.id
      where a.kind = 'system' and a.code = 'GAMES'`,
  );
  return Number(row!.total);
}

describe('placing a slip', () => {
  it('writes each bet, its transfer MAIN → GAMES and its open betting-record row, and answers the balance', async () => {
    const g = await addGame();
    const m = await moneyMember(app, { balance: 100_000 });
    const games0 = await gamesBalance();
    const r = await place(m, g, [straight1(['1', '2'], 100, 2), big()]);
    expect(r.status, r.body).toBe(200);
    expect(r.value.chaseId).toBeNull();
    expect(r.value.balance).toBe(100_000 - 400 - 1_000);
    expect(await walletBalance(app, m.id)).toBe(98_600);
    expect(await gamesBalance()).toBe(games0 + 1_400);
    const [b1, b2] = r.value.bets;
    expect(b1).toMatchObject({
      gameCode: g.code,
      labelName: g.label,
      numero: g.numeros[0],
      playType: 'STRAIGHT_1',
      betCount: 2,
      unit: 100,
      multiplier: 2,
      stake: 400,
      state: 'pending',
      payout: 0,
      cancellable: true,
      chaseId: null,
      settledAt: null,
    });
    expect(b2).toMatchObject({ playType: 'BIG_SMALL', betCount: 1, stake: 1_000, cancellable: true });

    // One debit for the slip, naming its bets.
    const transfers = await db().query<{ ref: string; type: string; memo: Record<string, unknown> }>(
      `select ref, type, memo from ledger_transfers where member_id = $1 and type = 'bet' order by id`,
      [m.id],
    );
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.ref).toBe(`lottery:slip:${b1!.id}`);
    expect(transfers[0]!.memo).toMatchObject({
      gameCode: g.code,
      numero: g.numeros[0],
      periods: 1,
      betIds: [b1!.id, b2!.id],
    });
    const records = await db().query<Record<string, unknown>>(
      `select vertical, vassalage, round_id, game_id, game_name, stake::int as stake, status from bet_records
        where member_id = $1 order by id`,
      [m.id],
    );
    expect(records).toEqual([
      {
        vertical: 'lottery',
        vassalage: 'LOTTO',
        round_id: `LOT-${b1!.id}`,
        game_id: g.catalogueGameId,
        game_name: g.label,
        stake: 400,
        status: 'open',
      },
      {
        vertical: 'lottery',
        vassalage: 'LOTTO',
        round_id: `LOT-${b2!.id}`,
        game_id: g.catalogueGameId,
        game_name: g.label,
        stake: 1_000,
        status: 'open',
      },
    ]);
    await expectLedgerSound(app);
  });

  it('answers a repeat of its key with the first answer, and another body under that key with 409', async () => {
    const g = await addGame();
    const m = await moneyMember(app, { balance: 50_000 });
    const key = newKey();
    const first = await place(m, g, [big()], { key });
    expect(first.status, first.body).toBe(200);
    const before = await counts();
    const again = await place(m, g, [big()], { key });
    expect(again.status).toBe(200);
    expect(again.value).toEqual(first.value);
    expect(await counts()).toEqual(before);
    const other = await place(m, g, [big(1_000, 2)], { key });
    expect(other.status).toBe(409);
    expect(other.message).toBe('money.errors.idempotency_conflict');
    expect(await counts()).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(49_000);
  });

  it('refuses with a clear 4xx and writes nothing: closed, unknown, bad numbers, bad unit or multiplier, above balance', async () => {
    const g = await addGame({ periods: 3 });
    const g3 = await addGame({ kind: 'digit3', playTypes: ['STRAIGHT_3', 'BOX_3', 'BIG_SMALL'] });
    const off = await addGame({ status: 'maintenance' });
    const m = await moneyMember(app, { balance: 5_000 });
    // A period past its close (its close time went by, the draw job has not closed it yet) and
    // one closed by the draw job before its close time.
    await db().query(
      `update lottery_periods set open_at = $2::timestamptz - interval '1 minute', close_at = $2
                       where game_id = $1 and numero = $3`,
      [g.id, new Date(clock.now().getTime() - 1), g.numeros[1]],
    );
    await db().query(`update lottery_periods set state = 'closed' where game_id = $1 and numero = $2`, [
      g.id,
      g.numeros[2],
    ]);
    const cases: [name: string, run: () => Promise<Answer<unknown>>, status: number, message: string][] = [
      [
        'past its close',
        () => place(m, g, [big()], { numero: g.numeros[1] }),
        409,
        'lottery.errors.betting_closed',
      ],
      ['closed', () => place(m, g, [big()], { numero: g.numeros[2] }), 409, 'lottery.errors.betting_closed'],
      [
        'unknown game',
        () => place(m, g, [big()], { gameCode: 'NO_SUCH_GAME' }),
        404,
        'lottery.errors.unknown_game',
      ],
      ['game in maintenance', () => place(m, off, [big()]), 404, 'lottery.errors.unknown_game'],
      [
        'unknown period',
        () => place(m, g, [big()], { numero: '20991231-9999' }),
        404,
        'lottery.errors.unknown_period',
      ],
      [
        'malformed period',
        () => place(m, g, [big()], { numero: 'abc' }),
        400,
        'lottery.errors.unknown_period',
      ],
      [
        'STRAIGHT_1: a digit that is no digit',
        () => place(m, g, [straight1(['10'])]),
        400,
        'lottery.errors.bad_selection',
      ],
      [
        'STRAIGHT_1: a digit twice',
        () => place(m, g, [straight1(['3', '3'])]),
        400,
        'lottery.errors.bad_selection',
      ],
      ['STRAIGHT_1: nothing picked', () => place(m, g, [straight1([])]), 400, 'lottery.errors.bad_selection'],
      [
        'STRAIGHT_2: one row missing',
        () => place(m, g, [{ playType: 'STRAIGHT_2', selection: [['1']], unit: 100, multiplier: 1 }]),
        400,
        'lottery.errors.bad_selection',
      ],
      [
        'BOX_3 of a digit3 game with two digits',
        () => place(m, g3, [{ playType: 'BOX_3', selection: [['1', '2']], unit: 100, multiplier: 1 }]),
        400,
        'lottery.errors.bad_selection',
      ],
      [
        'BIG_SMALL: huge',
        () => place(m, g, [{ playType: 'BIG_SMALL', selection: [['huge']], unit: 100, multiplier: 1 }]),
        400,
        'lottery.errors.bad_selection',
      ],
      [
        'a Vietnamese play type on a digit game',
        () => place(m, g, [{ playType: 'LO_2D', selection: [['12']], unit: 100, multiplier: 1 }]),
        400,
        'lottery.errors.bad_play_type',
      ],
      [
        'a play type the game does not offer',
        () => place(m, g3, [{ playType: 'ODD_EVEN', selection: [['odd']], unit: 100, multiplier: 1 }]),
        400,
        'lottery.errors.bad_play_type',
      ],
      [
        'an unknown play type',
        () => place(m, g, [{ ...big(), playType: 'JACKPOT' }]),
        400,
        'lottery.errors.bad_play_type',
      ],
      ['unit 150', () => place(m, g, [big(150)]), 400, 'lottery.errors.bad_unit'],
      ['multiplier 0', () => place(m, g, [big(100, 0)]), 400, 'lottery.errors.bad_multiplier'],
      ['multiplier 1.5', () => place(m, g, [big(100, 1.5)]), 400, 'lottery.errors.bad_multiplier'],
      ['multiplier 1001', () => place(m, g, [big(100, 1_001)]), 400, 'lottery.errors.bad_multiplier'],
      ['an empty slip', () => place(m, g, []), 400, 'lottery.errors.empty_slip'],
      [
        '51 lines',
        () =>
          place(
            m,
            g,
            Array.from({ length: 51 }, () => big(100)),
          ),
        400,
        'lottery.errors.too_many_lines',
      ],
      [
        'a chase of one period',
        () => place(m, g, [big()], { chase: { periods: 1, stopOnWin: false } }),
        400,
        'lottery.errors.bad_chase',
      ],
      [
        'a good line after a bad one',
        () => place(m, g, [big(), straight1(['x'])]),
        400,
        'lottery.errors.bad_selection',
      ],
      // 5 000 in the wallet: 50.01 more than it holds.
      [
        'above the balance',
        () => place(m, g, [big(1_000, 5), straight1(['1'], 100, 1)]),
        422,
        'money.errors.insufficient_balance',
      ],
      [
        // Its later periods (beyond the three made) would be created: not on a refusal.
        'a chase above the balance',
        () => place(m, g3, [big(1_000, 1)], { chase: { periods: 6, stopOnWin: true } }),
        422,
        'money.errors.insufficient_balance',
      ],
    ];
    for (const [name, run, status, message] of cases) {
      const before = await counts();
      const r = await run();
      expect([name, r.status, r.message], r.body).toEqual([name, status, message]);
      expect([name, await counts()]).toEqual([name, before]);
    }
    expect(await walletBalance(app, m.id)).toBe(5_000);
    // The whole balance is fine.
    const all = await place(m, g, [big(1_000, 5)]);
    expect(all.status, all.body).toBe(200);
    expect(all.value.balance).toBe(0);
    await expectLedgerSound(app);
  });

  it('asks a guest to sign in (401) and a free-play account to open a real one (403), writing nothing', async () => {
    const g = await addGame();
    const before = await counts();
    const body = { gameCode: g.code, numero: g.numeros[0], idempotencyKey: newKey(), lines: [big()] };
    const guest = await app.inject({ method: 'POST', url: '/lotto/lgw/bets', payload: body });
    expect(guest.statusCode).toBe(401);
    const trial = await freePlay(app);
    const res = await app.inject({
      method: 'POST',
      url: '/lotto/lgw/bets',
      headers: { authorization: `Bearer ${trial.token}` },
      payload: body,
    });
    expect([res.statusCode, (res.json() as { message: string }).message]).toEqual([
      403,
      'errors.in_need_true_account',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('a chase places the slip in each of the next N periods, paid now', async () => {
    // Two periods made so far: the chase's third is created from the schedule.
    const g = await addGame({ periods: 2 });
    const m = await moneyMember(app, { balance: 100_000 });
    const r = await place(m, g, [big(), straight1(['7'], 100, 3)], {
      numero: g.numeros[1],
      chase: { periods: 3, stopOnWin: true },
    });
    expect(r.status, r.body).toBe(200);
    expect(r.value.chaseId).toBeGreaterThan(0);
    expect(r.value.bets).toHaveLength(6);
    const numeros = (
      await db().query<{ numero: string }>(
        `select numero from lottery_periods where game_id = $1 order by draw_at`,
        [g.id],
      )
    ).map((p) => p.numero);
    expect(numeros.slice(0, 2)).toEqual(g.numeros);
    expect(numeros).toHaveLength(4);
    expect(r.value.bets.map((b) => b.numero)).toEqual([
      numeros[1],
      numeros[1],
      numeros[2],
      numeros[2],
      numeros[3],
      numeros[3],
    ]);
    expect(r.value.bets.every((b) => b.chaseId === r.value.chaseId)).toBe(true);
    expect(r.value.balance).toBe(100_000 - 3 * 1_300);
    const [chase] = await db().query<{
      periods: number;
      stop_on_win: boolean;
      state: string;
      member_id: string;
    }>(`select periods, stop_on_win, state, member_id::text as member_id from lottery_chases where id = $1`, [
      r.value.chaseId,
    ]);
    expect(chase).toEqual({ periods: 3, stop_on_win: true, state: 'running', member_id: m.id });
    const listed = await myBets(m, `chaseId=${r.value.chaseId}`);
    expect(listed.value.total).toBe(6);
    const [records] = await db().query<{ n: number; stake: number }>(
      `select count(*)::int as n, sum(stake)::int as stake from bet_records
        where member_id = $1 and vertical = 'lottery' and status = 'open'`,
      [m.id],
    );
    expect(records).toEqual({ n: 6, stake: 3_900 });
    await expectLedgerSound(app);
  });
});

describe('on the demo lotteries', () => {
  const deps = () => ({ db: db(), money: app.services.money, now: clock.now });
  async function seeded(code: string) {
    const [m] = await db().query<{ id: number }>('select id from merchants order by id limit 1');
    const game = (await gameByCode(db(), m!.id, code))!;
    const [current] = await ensurePeriods(db(), game, clock.now(), 1);
    return { merchantId: m!.id, game, numero: current!.numero };
  }

  it('a digit bet and a Vietnamese bao lô bet settle at the draw: the balance moves by exactly the payouts', async () => {
    const digit = await seeded('LUCKY5D_1M');
    const north = await seeded('VN_MB');
    const m = await moneyMember(app, { balance: 100_000 });
    const numbers = ['00', '11', '22', '33', '44', '55', '66', '77', '88', '99'];
    const every = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
    const a = await api<PlaceAnswer>(m, 'POST', '/lotto/lgw/bets', {
      gameCode: 'LUCKY5D_1M',
      numero: digit.numero,
      idempotencyKey: newKey(),
      lines: [{ playType: 'STRAIGHT_1', selection: [every, [], [], [], []], unit: 100, multiplier: 1 }],
    });
    const b = await api<PlaceAnswer>(m, 'POST', '/lotto/lgw/bets', {
      gameCode: 'VN_MB',
      numero: north.numero,
      idempotencyKey: newKey(),
      lines: [{ playType: 'LO_2D', selection: [numbers], unit: 1_000, multiplier: 1 }],
    });
    expect([a.status, b.status], a.body + b.body).toEqual([200, 200]);
    expect(b.value.bets[0]).toMatchObject({ betCount: 10, stake: 10_000 });
    expect(b.value.balance).toBe(100_000 - 1_000 - 10_000);
    const [r1, r2] = [
      await drawNow(deps(), digit.merchantId, 'LUCKY5D_1M'),
      await drawNow(deps(), north.merchantId, 'VN_MB'),
    ];
    expect([r1.period.numero, r2.period.numero]).toEqual([digit.numero, north.numero]);
    const mine = await myBets(m);
    const byId = new Map(mine.value.items.map((x) => [x.id, x]));
    const d = byId.get(a.value.bets[0]!.id)!;
    const v = byId.get(b.value.bets[0]!.id)!;
    // Every digit of the first position is picked: exactly one single bet wins.
    expect(d).toMatchObject({ state: 'won', winCount: 1, cancellable: false });
    expect(d.payout).toBeGreaterThan(0);
    expect(['won', 'lost']).toContain(v.state);
    expect(await walletBalance(app, m.id)).toBe(100_000 - 11_000 + d.payout + v.payout);
    const records = await db().query<{ round_id: string; status: string; payout: string }>(
      `select round_id, status, payout from bet_records where member_id = $1 order by id`,
      [m.id],
    );
    expect(records.map((r) => [r.round_id, r.status, Number(r.payout)])).toEqual([
      [`LOT-${d.id}`, 'settled', d.payout],
      [`LOT-${v.id}`, 'settled', v.payout],
    ]);
    await expectLedgerSound(app);
  });

  it('bad Vietnamese numbers are refused (400) and write nothing', async () => {
    const north = await seeded('VN_MB');
    const m = await moneyMember(app, { balance: 100_000 });
    const bad: [playType: string, selection: string[][], message: string][] = [
      ['LO_2D', [['123']], 'lottery.errors.bad_selection'],
      ['LO_2D', [['1']], 'lottery.errors.bad_selection'],
      [
        'DE',
        [Array.from({ length: 11 }, (_, i) => String(i).padStart(2, '0'))],
        'lottery.errors.bad_selection',
      ],
      ['BA_CANG', [['12']], 'lottery.errors.bad_selection'],
      ['XIEN_2', [['12']], 'lottery.errors.bad_selection'],
      ['XIEN_3', [['12', '12', '13']], 'lottery.errors.bad_selection'],
      ['DAU', [['a']], 'lottery.errors.bad_selection'],
      ['STRAIGHT_1', [['1'], [], [], [], []], 'lottery.errors.bad_play_type'],
    ];
    for (const [playType, selection, message] of bad) {
      const before = await counts();
      const r = await api(m, 'POST', '/lotto/lgw/bets', {
        gameCode: 'VN_MB',
        numero: north.numero,
        idempotencyKey: newKey(),
        lines: [{ playType, selection, unit: 100, multiplier: 1 }],
      });
      expect([playType, r.status, r.message], r.body).toEqual([playType, 400, message]);
      expect(await counts()).toEqual(before);
    }
  });

  it('the largest slip (50 lines × a chase of 50 periods) is placed whole', async () => {
    const digit = await seeded('LUCKY5D_5M');
    const m = await moneyMember(app, { balance: 10_000_000 });
    const lines = Array.from({ length: 50 }, (_, i) =>
      straight1([String(i % 10)], 100, 1 + Math.floor(i / 10)),
    );
    const r = await api<PlaceAnswer>(m, 'POST', '/lotto/lgw/bets', {
      gameCode: 'LUCKY5D_5M',
      numero: digit.numero,
      idempotencyKey: newKey(),
      lines,
      chase: { periods: 50, stopOnWin: false },
    });
    expect(r.status, r.body).toBe(200);
    expect(r.value.bets).toHaveLength(2_500);
    const total = 50 * lines.reduce((s, l) => s + l.unit * l.multiplier, 0);
    expect(r.value.balance).toBe(10_000_000 - total);
    expect(new Set(r.value.bets.map((b) => b.numero)).size).toBe(50);
    await expectLedgerSound(app);
  });
});

describe('my bets', () => {
  it('lists mine only, newest first, paged and filtered, with what can still be cancelled', async () => {
    const g = await addGame({ periods: 3 });
    const m = await moneyMember(app, { balance: 100_000 });
    const other = await moneyMember(app, { balance: 100_000 });
    expect((await place(other, g, [big()])).status).toBe(200);
    const a = await place(m, g, [big()], { numero: g.numeros[0] });
    clock.advance(1);
    const b = await place(m, g, [straight1(['1']), straight1(['2'])], { numero: g.numeros[1] });
    expect([a.status, b.status]).toEqual([200, 200]);
    const all = await myBets(m, `gameCode=${g.code}`);
    expect(all.status).toBe(200);
    expect(all.value.total).toBe(3);
    expect(all.value.pageSize).toBe(20);
    expect(all.value.items.map((x) => x.id)).toEqual([
      b.value.bets[1]!.id,
      b.value.bets[0]!.id,
      a.value.bets[0]!.id,
    ]);
    expect(all.value.items.every((x) => x.cancellable)).toBe(true);
    const page2 = await myBets(m, `gameCode=${g.code}&pageSize=2&page=2`);
    expect(page2.value.items.map((x) => x.id)).toEqual([a.value.bets[0]!.id]);
    const ofPeriod = await myBets(m, `gameCode=${g.code}&numero=${g.numeros[1]}`);
    expect(ofPeriod.value.total).toBe(2);
    // Past the first period's close: its bet is no longer cancellable.
    clock.advance(MIN);
    const later = await myBets(m, `gameCode=${g.code}`);
    expect(later.value.items.map((x) => x.cancellable)).toEqual([true, true, false]);
    expect((await myBets(m, `gameCode=${g.code}&state=cancelled`)).value.total).toBe(0);
  });
});

describe('cancelling', () => {
  it('before the close gives the stake back exactly, rolls the record back, and twice is fine', async () => {
    const g = await addGame();
    const m = await moneyMember(app, { balance: 10_000 });
    const r = await place(m, g, [big(1_000, 2), straight1(['5'])]);
    expect(r.status, r.body).toBe(200);
    const [bet, keep] = r.value.bets;
    const games0 = await gamesBalance();
    const c = await cancel(m, bet!.id);
    expect(c.status, c.body).toBe(200);
    expect(c.value.bet).toMatchObject({ id: bet!.id, state: 'cancelled', cancellable: false, payout: 0 });
    expect(c.value.bet.settledAt).not.toBeNull();
    expect(c.value.balance).toBe(10_000 - 100);
    expect(await walletBalance(app, m.id)).toBe(9_900);
    expect(await gamesBalance()).toBe(games0 - 2_000);
    const [t] = await db().query<{ type: string; memo: { rollback?: boolean } }>(
      `select type, memo from ledger_transfers where ref = $1`,
      [`lottery:${bet!.id}:cancel`],
    );
    expect(t).toMatchObject({ type: 'bet', memo: { rollback: true } });
    const records = await db().query<{ round_id: string; status: string }>(
      `select round_id, status from bet_records where member_id = $1 order by id`,
      [m.id],
    );
    expect(records).toEqual([
      { round_id: `LOT-${bet!.id}`, status: 'rolled_back' },
      { round_id: `LOT-${keep!.id}`, status: 'open' },
    ]);
    const before = await counts();
    const again = await cancel(m, bet!.id);
    expect(again.status).toBe(200);
    expect(again.value.bet.state).toBe('cancelled');
    expect(again.value.balance).toBe(9_900);
    expect(await counts()).toEqual(before);
    await expectLedgerSound(app);
  });

  it('after the close is refused (409); another member’s bet is unknown (404); nothing is written', async () => {
    const g = await addGame();
    const m = await moneyMember(app, { balance: 10_000 });
    const other = await moneyMember(app, { balance: 10_000 });
    const r = await place(m, g, [big()]);
    const id = r.value.bets[0]!.id;
    const before = await counts();
    const theirs = await cancel(other, id);
    expect([theirs.status, theirs.message]).toEqual([404, 'lottery.errors.unknown_bet']);
    const none = await cancel(m, 999_999_999);
    expect([none.status, none.message]).toEqual([404, 'lottery.errors.unknown_bet']);
    clock.advance(MIN);
    const late = await cancel(m, id);
    expect([late.status, late.message]).toEqual([409, 'lottery.errors.cancel_closed']);
    expect(await counts()).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(9_000);
  });

  it('a chase stops: its bets in periods still on sale are refunded, the one past its close stays', async () => {
    const g = await addGame({ periods: 4 });
    const m = await moneyMember(app, { balance: 10_000 });
    const other = await moneyMember(app, { balance: 10_000 });
    const r = await place(m, g, [big()], { chase: { periods: 4, stopOnWin: false } });
    expect(r.status, r.body).toBe(200);
    const chaseId = r.value.chaseId!;
    const theirs = await cancelChase(other, chaseId);
    expect([theirs.status, theirs.message]).toEqual([404, 'lottery.errors.unknown_chase']);
    // The first period closed; one bet of the chase was cancelled on its own already.
    clock.advance(MIN);
    expect((await cancel(m, r.value.bets[3]!.id)).status).toBe(200);
    const c = await cancelChase(m, chaseId);
    expect(c.status, c.body).toBe(200);
    expect(c.value).toEqual({ cancelled: 2, balance: 10_000 - 1_000 });
    const states = await db().query<{ state: string }>(
      `select state from lottery_bets where chase_id = $1 order by id`,
      [chaseId],
    );
    expect(states.map((s) => s.state)).toEqual(['pending', 'cancelled', 'cancelled', 'cancelled']);
    const [chase] = await db().query<{ state: string }>(`select state from lottery_chases where id = $1`, [
      chaseId,
    ]);
    expect(chase!.state).toBe('cancelled');
    const again = await cancelChase(m, chaseId);
    expect(again.value).toEqual({ cancelled: 0, balance: 9_000 });
    await expectLedgerSound(app);
  });
});

describe('the betting record', () => {
  it('lists the lottery bet and its detail is the bet, its period and (once drawn) the draw', async () => {
    const g = await addGame();
    const m = await moneyMember(app, { balance: 10_000 });
    const r = await place(m, g, [straight1(['4', '5'], 1_000, 1)]);
    expect(r.status, r.body).toBe(200);
    const bet = r.value.bets[0]!;
    const list = await api<{ items: { id: number; roundId: string; vertical: string; gameName: string }[] }>(
      m,
      'GET',
      '/wps/member/bets?vertical=lottery',
    );
    expect(list.status, list.body).toBe(200);
    const row = list.value.items.find((i) => i.roundId === `LOT-${bet.id}`)!;
    expect(row).toMatchObject({ vertical: 'lottery', gameName: g.label });

    const detail = await api<{ detail: unknown }>(m, 'GET', `/wps/member/bets/detail?id=${row.id}`);
    expect(detail.status, detail.body).toBe(200);
    const d = lotteryBetDetailSchema.parse(detail.value.detail);
    expect(d.bet).toMatchObject({ id: bet.id, stake: 2_000, state: 'pending', cancellable: true });
    expect(d.period).toMatchObject({ gameCode: g.code, numero: g.numeros[0], state: 'open' });
    expect(d.draw).toBeNull();

    // Drawn: the detail follows the period (it is computed, not a copy), with the seed that proves it.
    const [p] = await db().query<{ seed: Uint8Array; commit_hash: string }>(
      `update lottery_periods set state = 'drawn', result = '{"digits":[4,1,2,3,0]}', drawn_at = $3
        where game_id = $1 and numero = $2 returning seed, commit_hash`,
      [g.id, g.numeros[0], clock.now()],
    );
    const drawn = lotteryBetDetailSchema.parse(
      (await api<{ detail: unknown }>(m, 'GET', `/wps/member/bets/detail?id=${row.id}`)).value.detail,
    );
    expect(drawn.period.state).toBe('drawn');
    expect(drawn.bet.cancellable).toBe(false);
    expect(drawn.draw).toMatchObject({
      numero: g.numeros[0],
      state: 'drawn',
      commitHash: p!.commit_hash,
      seed: Buffer.from(p!.seed).toString('hex'),
      result: { digits: [4, 1, 2, 3, 0] },
    });
    const other = await moneyMember(app);
    expect((await api(other, 'GET', `/wps/member/bets/detail?id=${row.id}`)).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('concurrency (PostgreSQL)', () => {
  it('many concurrent slips of one member never overdraw it, and what is debited is what is bet', async () => {
    const g = await addGame();
    const m = await moneyMember(app, { balance: 10_000 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => place(m, g, [big(1_000, 1)])));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(10);
    expect(new Set(refused.map((a) => `${a.status} ${a.message}`))).toEqual(
      new Set(['422 money.errors.insufficient_balance']),
    );
    expect(await walletBalance(app, m.id)).toBe(0);
    const [sums] = await db().query<{ bets: number; records: number; debited: number }>(
      `select (select coalesce(sum(stake), 0)::int from lottery_bets where member_id = $1) as bets,
              (select coalesce(sum(stake), 0)::int from bet_records where member_id = $1) as records,
              (select coalesce(-sum(e.amount), 0)::int from ledger_entries e join ledger_accounts a on a.id = e.account_id
                 join ledger_transfers t on t.id = e.transfer_id
                where a.member_id = $1 and t.type = 'bet') as debited`,
      [m.id],
    );
    expect(sums).toEqual({ bets: 10_000, records: 10_000, debited: 10_000 });
    await expectLedgerSound(app);
  });

  it('concurrent repeats of one key place the slip once', async () => {
    const g = await addGame();
    const m = await moneyMember(app, { balance: 10_000 });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(m, g, [big()], { key })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.value))).size).toBe(1);
    expect(await walletBalance(app, m.id)).toBe(9_000);
  });

  it('a bet racing the close is either in before it or refused; none lands after it', async () => {
    const g = await addGame();
    const members = await Promise.all(
      Array.from({ length: 6 }, () => moneyMember(app, { balance: 100_000 })),
    );
    const [period] = await db().query<{ id: string }>(
      `select id::text as id from lottery_periods where game_id = $1 and numero = $2`,
      [g.id, g.numeros[0]],
    );
    // The draw job's close, on a connection of its own (the app's pool would queue it behind the
    // slips): it takes the period's row lock (waiting for slips holding it for share), then counts
    // what is in.
    const [{ schema }] = (await db().query<{ schema: string }>('select current_schema() as schema')) as [
      { schema: string },
    ];
    const drawJob = await openPostgres({ url: process.env.TEST_DATABASE_URL!, schema, max: 1 });
    const close = () =>
      drawJob.withTx(async (q) => {
        await q.query(`update lottery_periods set state = 'closed' where id = $1`, [period!.id]);
        const [n] = await q.query<{ n: string }>(
          `select count(*) as n from lottery_bets where period_id = $1`,
          [period!.id],
        );
        return Number(n!.n);
      });
    // The close starts when the fifth slip is answered, while others are on their way.
    let answered = 0;
    let startClose!: () => void;
    const closing = new Promise<void>((r) => (startClose = r)).then(close);
    // Each member sends slips one after another: the later ones come after the close.
    const answers = (
      await Promise.all(
        members.map(async (m) => {
          const mine: Answer<PlaceAnswer>[] = [];
          for (let i = 0; i < 6; i++) {
            mine.push(await place(m, g, [big(100)]));
            if (++answered === 5) startClose();
          }
          return mine;
        }),
      )
    ).flat();
    const inAtClose = await closing;
    await drawJob.close();
    const ok = answers.filter((a) => a.status === 200);
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, a.message]).toEqual([409, 'lottery.errors.betting_closed']);
    // Every bet written was in when the close took the period; every answer tells the truth.
    expect(ok.length).toBeGreaterThanOrEqual(5);
    expect(inAtClose).toBe(ok.length);
    const [after] = await db().query<{ n: string }>(
      `select count(*) as n from lottery_bets where period_id = $1`,
      [period!.id],
    );
    expect(Number(after!.n)).toBe(ok.length);
    // The draw settles every bet that got in, once.
    const deps = { db: db(), money: app.services.money, now: clock.now };
    expect((await drawPeriod(deps, period!.id)).drawn).toBe(true);
    const settled = await settlePeriod(deps, period!.id);
    expect(settled.done).toBe(true);
    expect(settled.won + settled.lost).toBe(ok.length);
    const states = await db().query<{ state: string; records: string }>(
      `select b.state, r.status as records from lottery_bets b
         join bet_records r on r.vassalage = 'LOTTO' and r.round_id = 'LOT-' || b.id where b.period_id = $1`,
      [period!.id],
    );
    expect(states.every((x) => ['won', 'lost'].includes(x.state) && x.records === 'settled')).toBe(true);
    await expectLedgerSound(app);
  });
});

describe('player protection (issue 10)', () => {
  it('a slip above the loss limit is refused with the limit, writes nothing; one within it goes through', async () => {
    const g = await addGame();
    const m = await moneyMember(app, { balance: 100_000 });
    const set = await api(m, 'POST', '/wps/protection/limit', { kind: 'loss', period: 'day', amount: 1_500 });
    expect(set.status, set.body).toBe(200);
    expect((await place(m, g, [big(1_000)])).status).toBe(200);
    const before = await counts();
    const refused = await place(m, g, [straight1(['1', '2', '3'], 100, 2)]);
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('protection.errors.loss_limit');
    expect(JSON.parse(refused.body)).toMatchObject({
      value: { kind: 'loss', period: 'day', limit: 1_500, used: 1_000 },
    });
    expect(await counts()).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(99_000);
    expect((await place(m, g, [straight1(['1'], 100, 5)])).status).toBe(200);
    await expectLedgerSound(app);
  });
});
