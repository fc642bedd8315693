import { pvpBetDetailSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { gameId, launch, newRequestId } from '../../../test/games.ts';
import { expectLedgerSound, ledgerCounts, moneyMember, walletBalance } from '../../../test/money.ts';
import { hashTicket, StudioCrash } from '../studio.vendor.ts';
import { DEFAULT_STAKES } from './engine.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const pvp = () => app.services.gamePlay.tables.pvp.studio;

interface Room {
  id: number;
  name: string;
  stake: number;
  minBalance: number;
  seats: number;
  seatsTaken: number;
  status: string;
}
interface Hand {
  handId: string;
  kind: 'pvp';
  game: string;
  room: { id: number; name: string } | null;
  stake: number;
  seats: { seat: number; bot: boolean; name: string; cards: string[]; rank: number; result: string }[];
  playerRank: number;
  profit: number;
  rake: number;
  payout: number;
  winnerSeat: number;
  balance: number;
}
interface Answer<T> {
  status: number;
  body: { success: boolean; value?: T; message?: string };
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, unknown>,
): Promise<Answer<T>> {
  const res =
    method === 'GET'
      ? await app.inject({
          method,
          url: `/studio/api/pvp/${path}?${new URLSearchParams(payload as Record<string, string>)}`,
        })
      : await app.inject({ method, url: `/studio/api/pvp/${path}`, payload });
  return { status: res.statusCode, body: res.json() as Answer<T>['body'] };
}
const lobby = (ticket: string) =>
  call<{
    game: string;
    rooms: Room[];
    seatRoomId: number | null;
    defaultStakes: number[];
    defaultSeats: number;
    rakeBps: number;
    balance: number;
  }>('GET', 'rooms', { ticket });
const join = (ticket: string, roomId: number) =>
  call<{ room: Room; balance: number }>('POST', 'join', { ticket, roomId });
const leave = (ticket: string) => call<{ left: boolean }>('POST', 'leave', { ticket });
const deal = (ticket: string, o: { roomId?: number; stake?: number; requestId?: string }) =>
  call<Hand>('POST', 'deal', { ticket, requestId: o.requestId ?? newRequestId(), ...o });

/** Launches a PVP game (by code) for a new member with `balance`. */
async function player(code: string, balance: number) {
  const m = await moneyMember(app, { balance });
  const r = await launch(app, await gameId(app, code), { token: m.token });
  expect(r.status).toBe(200);
  return { m, ticket: r.ticket };
}

/** A room of the game set to a known state (tests share the seeded rooms). */
async function room(code: string, set: { seatsTaken?: number; minBalance?: number; stake?: number } = {}) {
  const [r] = await app.services.db.query<{ id: number }>(
    `update pvp_rooms set seats_taken = $2, status = case when $2 >= seats then 'full' else 'open' end,
            min_balance = $3, stake = $4
      where id = (select r.id from pvp_rooms r join games g on g.id = r.game_id where g.code = $1
                   order by r.stake, r.id limit 1)
      returning id`,
    [code, set.seatsTaken ?? 0, set.minBalance ?? 200_000, set.stake ?? 10_000],
  );
  await app.services.db.query('delete from pvp_seats where room_id = $1', [r!.id]);
  return r!.id;
}

const NIU = 'NIU_NIU_NIU';
const TEEN = 'TEEN_TEEN_PATTI';

async function subGame(): Promise<string> {
  const [g] = await app.services.db.query<{ code: string }>(
    `select g.code from games g where g.vassalage = 'KINGS' and g.is_game = 'GAME'
        and not exists (select 1 from pvp_rooms r where r.game_id = g.id) order by g.id limit 1`,
  );
  return g!.code;
}

async function betRows(memberId: string) {
  return app.services.db.query<{
    stake: string;
    payout: string;
    status: string;
    vertical: string;
    detail: unknown;
    round_id: string;
  }>(
    'select stake, payout, status, vertical, detail, round_id from bet_records where member_id = $1 order by id',
    [memberId],
  );
}

describe('pvp rooms', () => {
  it('lists the launched game’s rooms with stakes, minimum balance and seats taken; Teen Patti for TEEN', async () => {
    const { ticket } = await player(NIU, 500_000);
    const l = await lobby(ticket);
    expect(l.status).toBe(200);
    expect(l.body.value).toMatchObject({
      game: 'niuniu',
      seatRoomId: null,
      defaultStakes: [],
      rakeBps: 500,
      balance: 500_000,
    });
    const rooms = l.body.value!.rooms;
    expect(rooms.length).toBe(4);
    expect(rooms.map((r) => r.stake)).toEqual([10_000, 50_000, 200_000, 1_000_000]);
    for (const r of rooms) {
      expect(r.minBalance).toBe(r.stake * 20);
      expect(r.seats).toBe(6);
      expect(r.seatsTaken).toBeGreaterThanOrEqual(0);
    }
    const teen = await lobby((await player(TEEN, 0)).ticket);
    expect(teen.body.value!.game).toBe('teenpatti');
  });

  it('a sub-game without rooms offers the default stakes; a malformed ticket is 400, an unknown one 401', async () => {
    const { ticket } = await player(await subGame(), 10_000);
    const l = await lobby(ticket);
    expect(l.body.value).toMatchObject({ rooms: [], defaultStakes: [...DEFAULT_STAKES], defaultSeats: 6 });
    expect((await lobby('short')).body.message).toBe('games.errors.ticket_invalid');
    const unknown = await lobby(`NIU-${'B'.repeat(43)}`);
    expect(unknown.status).toBe(401);
  });

  it('joining takes a seat (once), moving frees the old one, leaving frees it (twice is fine)', async () => {
    const a = await room(NIU, { seatsTaken: 2 });
    const [b] = await app.services.db.query<{ id: number; seats_taken: number }>(
      `select r.id, r.seats_taken from pvp_rooms r join games g on g.id = r.game_id where g.code = $1 and r.id <> $2 and r.status = 'open' order by r.id limit 1`,
      [NIU, a],
    );
    const { ticket } = await player(NIU, 5_000_000);
    const j = await join(ticket, a);
    expect(j.status).toBe(200);
    expect(j.body.value!.room).toMatchObject({ id: a, seatsTaken: 3, status: 'open' });
    expect((await join(ticket, a)).body.value!.room.seatsTaken).toBe(3);
    expect((await lobby(ticket)).body.value!.seatRoomId).toBe(a);
    const moved = await join(ticket, b!.id);
    expect(moved.body.value!.room.seatsTaken).toBe(b!.seats_taken + 1);
    const rooms = (await lobby(ticket)).body.value!.rooms;
    expect(rooms.find((r) => r.id === a)!.seatsTaken).toBe(2);
    expect((await leave(ticket)).body.value).toEqual({ left: true });
    expect((await leave(ticket)).body.value).toEqual({ left: false });
    const after = (await lobby(ticket)).body.value!;
    expect(after.seatRoomId).toBeNull();
    expect(after.rooms.find((r) => r.id === b!.id)!.seatsTaken).toBe(b!.seats_taken);
  });

  it('the last seat makes the room full; a full room → 409 room_full; below its minimum → 422 room_min_balance', async () => {
    const id = await room(NIU, { seatsTaken: 5 });
    const first = await player(NIU, 300_000);
    expect((await join(first.ticket, id)).body.value!.room).toMatchObject({ seatsTaken: 6, status: 'full' });
    const second = await player(NIU, 300_000);
    const full = await join(second.ticket, id);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('games.errors.room_full');
    expect((await lobby(second.ticket)).body.value!.seatRoomId).toBeNull();
    await leave(first.ticket);
    const poor = await player(NIU, 199_999);
    const refused = await join(poor.ticket, id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('games.errors.room_min_balance');
    const [r] = await app.services.db.query<{ seats_taken: number; status: string }>(
      'select seats_taken, status from pvp_rooms where id = $1',
      [id],
    );
    expect(r).toEqual({ seats_taken: 5, status: 'open' });
    expect((await join(poor.ticket, 999_999)).body.message).toBe('games.errors.room_unknown');
  });

  it('six joins at once for five free seats: five sit, one is refused', async () => {
    const id = await room(NIU, { seatsTaken: 1 });
    const players = await Promise.all(Array.from({ length: 6 }, () => player(NIU, 300_000)));
    const r = await Promise.all(players.map((p) => join(p.ticket, id)));
    expect(r.filter((x) => x.status === 200)).toHaveLength(5);
    expect(r.filter((x) => x.body.message === 'games.errors.room_full')).toHaveLength(1);
    const [row] = await app.services.db.query<{ seats_taken: number }>(
      'select seats_taken from pvp_rooms where id = $1',
      [id],
    );
    expect(row!.seats_taken).toBe(6);
  });

  it('an idle seat is released by the job', async () => {
    const id = await room(NIU, { seatsTaken: 0 });
    const { ticket } = await player(NIU, 300_000);
    await join(ticket, id);
    await app.services.db.query(
      `update pvp_seats set last_seen_at = now() - interval '11 minutes' where ticket_hash = $1`,
      [hashTicket(ticket)],
    );
    expect(await pvp().releaseIdle(10)).toBeGreaterThanOrEqual(1);
    expect((await lobby(ticket)).body.value!.seatRoomId).toBeNull();
    const [row] = await app.services.db.query<{ seats_taken: number }>(
      'select seats_taken from pvp_rooms where id = $1',
      [id],
    );
    expect(row!.seats_taken).toBe(0);
  });
});

describe('pvp hands', () => {
  it('a hand debits the stake and credits the pot less the rake: balance moves by exactly the profit; the record has the detail', async () => {
    const id = await room(NIU);
    const { m, ticket } = await player(NIU, 1_000_000);
    await join(ticket, id);
    let expected = 1_000_000;
    const hands: Hand[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await deal(ticket, { roomId: id });
      expect(r.status).toBe(200);
      const h = r.body.value!;
      hands.push(h);
      expect(h).toMatchObject({ kind: 'pvp', game: 'niuniu', stake: 10_000, room: { id } });
      expect(h.seats).toHaveLength(6);
      expect(h.seats.every((s) => s.cards.length === 5)).toBe(true);
      expect(h.seats[0]!.bot).toBe(false);
      expect(h.seats.slice(1).every((s) => s.bot && s.name.length > 0)).toBe(true);
      if (h.winnerSeat === 0) expect(h).toMatchObject({ payout: 57_500, rake: 2_500, profit: 47_500 });
      else expect(h).toMatchObject({ payout: 0, rake: 0, profit: -10_000 });
      expected += h.profit;
      expect(h.balance).toBe(expected);
    }
    expect(await walletBalance(app, m.id)).toBe(expected);
    const rows = await betRows(m.id);
    expect(rows).toHaveLength(6);
    for (const [i, row] of rows.entries()) {
      expect({ ...row, stake: Number(row.stake), payout: Number(row.payout) }).toMatchObject({
        status: 'settled',
        vertical: 'card',
        stake: 10_000,
        payout: hands[i]!.payout,
      });
      const d = pvpBetDetailSchema.parse(row.detail);
      expect(d.seats).toEqual(hands[i]!.seats);
      expect(d.rake).toBe(hands[i]!.rake);
    }
    // The member's betting record answers the same detail.
    const list = await app.inject({
      method: 'GET',
      url: '/wps/member/bets?vertical=card',
      headers: m.headers,
    });
    const items = (list.json() as { value: { items: { id: number; roundId: string; winLoss: number }[] } })
      .value.items;
    expect(items).toHaveLength(6);
    const last = items.find((x) => x.roundId === hands[5]!.handId)!;
    expect(last.winLoss).toBe(hands[5]!.profit);
    const detail = await app.inject({
      method: 'GET',
      url: `/wps/member/bets/detail?id=${last.id}`,
      headers: m.headers,
    });
    expect(
      pvpBetDetailSchema.safeParse((detail.json() as { value: { detail: unknown } }).value.detail).success,
    ).toBe(true);
    await expectLedgerSound(app);
  });

  it('Teen Patti deals three cards a seat; a sub-game plays at a default stake without a room', async () => {
    const id = await room(TEEN);
    const teen = await player(TEEN, 1_000_000);
    await join(teen.ticket, id);
    const t = await deal(teen.ticket, { roomId: id });
    expect(t.body.value).toMatchObject({ game: 'teenpatti', stake: 10_000 });
    expect(t.body.value!.seats.every((s) => s.cards.length === 3)).toBe(true);
    const sub = await player(await subGame(), 100_000);
    const s = await deal(sub.ticket, { stake: 5_000 });
    expect(s.status).toBe(200);
    expect(s.body.value).toMatchObject({ game: 'niuniu', room: null, stake: 5_000 });
    expect(s.body.value!.seats).toHaveLength(6);
    expect(await walletBalance(app, sub.m.id)).toBe(100_000 + s.body.value!.profit);
  });

  it('refuses without writing: no seat, another room, a stake not offered, above balance, below the room minimum', async () => {
    const id = await room(NIU);
    const { m, ticket } = await player(NIU, 300_000);
    const sub = await player(await subGame(), 4_000);
    const before = await ledgerCounts(app);
    const noSeat = await deal(ticket, { roomId: id });
    expect([noSeat.status, noSeat.body.message]).toEqual([409, 'games.errors.room_not_joined']);
    const noRoom = await deal(ticket, { stake: 1_000 });
    expect(noRoom.body.message).toBe('games.errors.room_required');
    await join(ticket, id);
    const wrongStake = await deal(ticket, { roomId: id, stake: 1 });
    expect([wrongStake.status, wrongStake.body.message]).toEqual([400, 'games.errors.bet_invalid']);
    await app.services.db.query('update pvp_rooms set min_balance = 300001 where id = $1', [id]);
    const belowMin = await deal(ticket, { roomId: id });
    expect([belowMin.status, belowMin.body.message]).toEqual([422, 'games.errors.room_min_balance']);

    const odd = await deal(sub.ticket, { stake: 1_234 });
    expect([odd.status, odd.body.message]).toEqual([400, 'games.errors.bet_invalid']);
    const big = await deal(sub.ticket, { stake: 5_000 });
    expect([big.status, big.body.message]).toEqual([422, 'money.errors.insufficient_balance']);

    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(300_000);
    expect(await walletBalance(app, sub.m.id)).toBe(4_000);
    expect(await betRows(m.id)).toHaveLength(0);
    expect(await betRows(sub.m.id)).toHaveLength(0);
    const [n] = await app.services.db.query<{ n: number }>(
      'select count(*)::int as n from pvp_hands where ticket_hash = any($1)',
      [[hashTicket(ticket), hashTicket(sub.ticket)]],
    );
    expect(n!.n).toBe(0);
  });

  it('a debit the platform refuses leaves no hand behind (the balance fell after the lobby read it)', async () => {
    const sub = await player(await subGame(), 10_000);
    // The wallet empties elsewhere between the studio's balance read and its debit.
    const protocol = app.services.gamePlay.protocol;
    const launchOf = protocol.launch.bind(protocol);
    protocol.launch = async (i) => ({ ...(await launchOf(i)), balance: 1_000_000 });
    try {
      const r = await deal(sub.ticket, { stake: 50_000 });
      expect([r.status, r.body.message]).toEqual([422, 'money.errors.insufficient_balance']);
    } finally {
      protocol.launch = launchOf;
    }
    const [n] = await app.services.db.query<{ n: number }>(
      'select count(*)::int as n from pvp_hands where ticket_hash = $1',
      [hashTicket(sub.ticket)],
    );
    expect(n!.n).toBe(0);
    expect(await betRows(sub.m.id)).toHaveLength(0);
  });

  it('a repeated requestId answers the same hand, posted once; another room under it is refused', async () => {
    const id = await room(NIU);
    const { m, ticket } = await player(NIU, 1_000_000);
    await join(ticket, id);
    const requestId = newRequestId();
    const first = await deal(ticket, { roomId: id, requestId });
    const before = await ledgerCounts(app);
    const again = await deal(ticket, { roomId: id, requestId });
    expect(again.body.value).toEqual(first.body.value);
    expect(await ledgerCounts(app)).toEqual(before);
    const same = await Promise.all(
      Array.from({ length: 5 }, () => deal(ticket, { roomId: id, requestId: newRequestId() })),
    );
    expect(same.every((r) => r.status === 200)).toBe(true);
    const other = await deal(ticket, { stake: 1_000, requestId });
    expect(other.status).toBe(409);
    const total = [first, ...same].reduce((s, r) => s + r.body.value!.profit, 0);
    expect(await walletBalance(app, m.id)).toBe(1_000_000 + total);
    expect(await betRows(m.id)).toHaveLength(6);
    await expectLedgerSound(app);
  });

  it('concurrent repeats of one requestId play one hand', async () => {
    const id = await room(NIU);
    const { m, ticket } = await player(NIU, 1_000_000);
    await join(ticket, id);
    const requestId = newRequestId();
    const r = await Promise.all(Array.from({ length: 8 }, () => deal(ticket, { roomId: id, requestId })));
    expect(new Set(r.map((x) => x.body.value?.handId)).size).toBe(1);
    expect(await betRows(m.id)).toHaveLength(1);
    expect(await walletBalance(app, m.id)).toBe(1_000_000 + r[0]!.body.value!.profit);
  });

  it('reconcile finishes a hand left debited (credit) and rolls back one left decided (nothing paid)', async () => {
    const id = await room(NIU);
    const { m, ticket } = await player(NIU, 1_000_000);
    await join(ticket, id);
    pvp().inject('after_debit');
    await expect(pvp().deal(ticket, { roomId: id, requestId: newRequestId() })).rejects.toBeInstanceOf(
      StudioCrash,
    );
    expect(await walletBalance(app, m.id)).toBe(990_000);
    const [open] = await app.services.db.query<{ id: string; payout: string }>(
      `select id, payout from pvp_hands where ticket_hash = $1 and state = 'debited'`,
      [hashTicket(ticket)],
    );
    expect(open).toBeTruthy();
    const r1 = await pvp().reconcile({ olderThanSeconds: 0 });
    expect(r1.settled).toBeGreaterThanOrEqual(1);
    expect(await walletBalance(app, m.id)).toBe(990_000 + Number(open!.payout));
    expect((await betRows(m.id))[0]).toMatchObject({ status: 'settled', round_id: open!.id });

    pvp().inject('before_debit');
    await expect(pvp().deal(ticket, { roomId: id, requestId: newRequestId() })).rejects.toBeInstanceOf(
      StudioCrash,
    );
    const r2 = await pvp().reconcile({ olderThanSeconds: 0 });
    expect(r2.rolledBack).toBeGreaterThanOrEqual(1);
    expect(await walletBalance(app, m.id)).toBe(990_000 + Number(open!.payout));
    const states = await app.services.db.query<{ state: string }>(
      'select state from pvp_hands where ticket_hash = $1 order by created_at',
      [hashTicket(ticket)],
    );
    expect(states.map((s) => s.state)).toEqual(['settled', 'rolled_back']);
    expect(await betRows(m.id)).toHaveLength(1);
    await expectLedgerSound(app);
  });
});
