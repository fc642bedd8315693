import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { DEMO_GAMES, gameId, launch, launchSlot, newRequestId, spin } from '../../test/games.ts';
import { expectLedgerSound, ledgerCounts, moneyMember, walletBalance } from '../../test/money.ts';
import { BET_LEVELS } from './slots/engine.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const session = async (ticket: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/studio/api/session?ticket=${encodeURIComponent(ticket)}`,
  });
  return {
    status: res.statusCode,
    body: res.json() as { value?: Record<string, unknown> & { balance: number }; message?: string },
  };
};

describe('studio session', () => {
  it('answers the slot’s game, balance, bet levels, paytable with labels and its lobby', async () => {
    const m = await moneyMember(app, { balance: 30_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const s = await session(l.ticket);
    expect(s.status).toBe(200);
    const v = s.body.value as {
      game: { id: number; family: string | null; vassalage: string };
      mode: string;
      currency: string;
      balance: number;
      betLevels: number[];
      paytable: { lines: number[][]; symbols: { id: string; label: string }[] };
      lobbyUrl: string;
    };
    expect(v.game).toMatchObject({ id: l.gameId, vassalage: 'LOTUS' });
    expect(v.game.family).toBeTruthy();
    expect(v).toMatchObject({ mode: 'real', currency: 'MMK', balance: 30_000, lobbyUrl: '/rng' });
    expect(v.betLevels).toEqual([...BET_LEVELS]);
    expect(v.paytable.lines).toHaveLength(20);
    expect(v.paytable.symbols.every((x) => x.label.length > 0)).toBe(true);
  });

  it('a non-slot game still answers (family null, no bet levels) and refuses a spin with not_a_slot', async () => {
    const m = await moneyMember(app, { balance: 30_000 });
    const r = await launch(app, await gameId(app, DEMO_GAMES.fish.code), { token: m.token });
    const s = await session(r.ticket);
    expect(s.status).toBe(200);
    expect(s.body.value).toMatchObject({ game: { family: null }, betLevels: [], lobbyUrl: '/fish' });
    const sp = await spin(app, r.ticket, 2_000);
    expect(sp.status).toBe(400);
    expect(sp.body.message).toBe('games.errors.not_a_slot');
    expect(await walletBalance(app, m.id)).toBe(30_000);
  });

  it('an unknown ticket is 401, a malformed one 400, both games.errors.ticket_invalid', async () => {
    const unknown = await session(`LOTUS-${'B'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('games.errors.ticket_invalid');
    const bad = await session('short');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('games.errors.ticket_invalid');
  });
});

describe('studio spin', () => {
  it('decides the round, takes the bet, pays the win: balance = before − bet + win, one bet settled', async () => {
    const m = await moneyMember(app, { balance: 100_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    let expected = 100_000;
    for (let i = 0; i < 5; i++) {
      const r = await spin(app, l.ticket, 2_000);
      expect(r.status).toBe(200);
      const v = r.body.value!;
      expect(v.spins.length).toBeGreaterThanOrEqual(1);
      expect(v.spins.reduce((s, x) => s + x.win, 0)).toBe(v.totalWin);
      expected += v.totalWin - 2_000;
      expect(v.balance).toBe(expected);
    }
    expect(await walletBalance(app, m.id)).toBe(expected);
    const [b] = await app.services.db.query<{ n: number; stake: number }>(
      `select count(*)::int as n, sum(stake)::int as stake from bet_records where member_id = $1 and status = 'settled'`,
      [m.id],
    );
    expect(b).toEqual({ n: 5, stake: 10_000 });
    await expectLedgerSound(app);
  });

  it('a repeated requestId answers the same round, posted once; another bet under it is refused', async () => {
    const m = await moneyMember(app, { balance: 50_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const id = newRequestId();
    const first = await spin(app, l.ticket, 5_000, id);
    const before = await ledgerCounts(app);
    const again = await spin(app, l.ticket, 5_000, id);
    expect(again.body.value).toEqual(first.body.value);
    expect(await ledgerCounts(app)).toEqual(before);
    const other = await spin(app, l.ticket, 2_000, id);
    expect(other.status).toBe(409);
  });

  it('concurrent repeats of one requestId play one round; concurrent spins each pay their own', async () => {
    const m = await moneyMember(app, { balance: 100_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const before = await ledgerCounts(app);
    const id = newRequestId();
    const same = await Promise.all(Array.from({ length: 10 }, () => spin(app, l.ticket, 2_000, id)));
    expect(new Set(same.map((r) => r.body.value?.roundId)).size).toBe(1);
    const win = same[0]!.body.value!.totalWin;
    const [rounds] = await app.services.db.query<{ n: number }>(
      `select count(*)::int as n from bet_records where member_id = $1`,
      [m.id],
    );
    expect(rounds?.n).toBe(1);
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + (win > 0 ? 2 : 1));
    const many = await Promise.all(Array.from({ length: 8 }, () => spin(app, l.ticket, 2_000)));
    expect(many.every((r) => r.status === 200)).toBe(true);
    const wins = many.reduce((t, r) => t + r.body.value!.totalWin, 0);
    expect(await walletBalance(app, m.id)).toBe(100_000 - 9 * 2_000 + win + wins);
    await expectLedgerSound(app);
  });

  it('a bet not in the levels → 400 bet_invalid; above the balance → 422, nothing stored as debited', async () => {
    const m = await moneyMember(app, { balance: 3_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const odd = await spin(app, l.ticket, 1_234);
    expect(odd.status).toBe(400);
    expect(odd.body.message).toBe('games.errors.bet_invalid');
    const before = await ledgerCounts(app);
    const big = await spin(app, l.ticket, 5_000);
    expect(big.status).toBe(422);
    expect(big.body.message).toBe('money.errors.insufficient_balance');
    expect(await walletBalance(app, m.id)).toBe(3_000);
    expect(await ledgerCounts(app)).toEqual(before);
    const [n] = await app.services.db.query<{ n: number }>(
      `select count(*)::int as n from studio_rounds r join game_sessions s on s.ticket_hash = r.ticket_hash where s.member_id = $1`,
      [m.id],
    );
    expect(n?.n).toBe(0);
  });

  it('a guest’s trial spins move play money only and land nowhere in the betting record', async () => {
    const l = await launchSlot(app, undefined);
    const before = await ledgerCounts(app);
    const r = await spin(app, l.ticket, 2_000);
    expect(r.status).toBe(200);
    expect(r.body.value!.balance).toBe(200_000 - 2_000 + r.body.value!.totalWin);
    expect(await ledgerCounts(app)).toEqual(before);
    const [n] = await app.services.db.query<{ n: number }>(
      'select count(*)::int as n from bet_records where round_id = $1',
      [r.body.value!.roundId],
    );
    expect(n?.n).toBe(0);
  });
});
