import type { FastifyInstance } from 'fastify';
import { fishBetDetailSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { DEMO_GAMES, freePlay, gameId, launch, newRequestId, slotOf } from '../../../test/games.ts';
import { expectLedgerSound, ledgerCounts, moneyMember, walletBalance } from '../../../test/money.ts';
import { FISH_BET_LEVELS, FISH_SPECIES } from './engine.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const fish = () => app.services.gamePlay.tables.fish.studio;

interface Shot {
  fishId: number;
  species: string;
  bet: number;
}
interface Answer {
  roundId: string;
  shots: (Shot & { multiplier: number; caught: boolean; win: number })[];
  bet: number;
  win: number;
  balance: number;
}

async function shoot(ticket: string, shots: Shot[], requestId = newRequestId()) {
  const res = await app.inject({
    method: 'POST',
    url: '/studio/api/fish/shoot',
    payload: { ticket, requestId, shots },
  });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; value?: Answer; message?: string },
    requestId,
  };
}

async function launchFish(token?: string, o: { trial?: boolean } = {}) {
  const r = await launch(app, await gameId(app, DEMO_GAMES.fish.code), {
    ...(token ? { token } : {}),
    ...(o.trial ? { trial: true } : {}),
  });
  if (r.status !== 200 || !r.ticket) throw new Error(`launch failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.ticket;
}

const count = async (sql: string, params: unknown[] = []) => {
  const [row] = await app.services.db.query<{ n: number }>(sql, params);
  return row?.n ?? 0;
};
const betsOf = (memberId: string) =>
  count('select count(*)::int as n from bet_records where member_id = $1', [memberId]);
const fishRounds = () => count('select count(*)::int as n from fish_rounds');

const shots = (n: number, bet = 1_000, species = 'minnow'): Shot[] =>
  Array.from({ length: n }, (_, i) => ({ fishId: i + 1, species, bet }));

describe('fish config', () => {
  it('answers the species with multipliers, the bet levels, the RTP and the balance', async () => {
    const m = await moneyMember(app, { balance: 50_000 });
    const ticket = await launchFish(m.token);
    const res = await app.inject({ method: 'GET', url: `/studio/api/fish/config?ticket=${ticket}` });
    expect(res.statusCode).toBe(200);
    const v = (
      res.json() as {
        value: { species: { id: string; multiplier: number; maxMultiplier: number }[]; betLevels: number[] };
      }
    ).value;
    expect(v).toMatchObject({
      betLevels: [...FISH_BET_LEVELS],
      rtp: 0.96,
      maxShotsPerRound: 10,
      balance: 50_000,
    });
    expect(v.species.map((s) => s.id)).toEqual(FISH_SPECIES.map((s) => s.id));
    expect(v.species.at(-1)).toMatchObject({ id: 'kraken', multiplier: 200, maxMultiplier: 300, boss: true });
  });

  it('a slot’s ticket is refused (the fish page plays FISH games only)', async () => {
    const m = await moneyMember(app, { balance: 50_000 });
    const r = await launch(app, (await slotOf(app)).id, { token: m.token });
    const ledger = await ledgerCounts(app);
    const res = await shoot(r.ticket, shots(1));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('games.errors.not_a_fish_game');
    expect(await ledgerCounts(app)).toEqual(ledger);
    expect(await betsOf(m.id)).toBe(0);
  });
});

describe('fish shots', () => {
  it('decides each shot, debits the bets and credits the wins: balance = before − bets + wins, one bet with its shots', async () => {
    const m = await moneyMember(app, { balance: 200_000 });
    const ticket = await launchFish(m.token);
    let expected = 200_000;
    const before = await ledgerCounts(app);
    let transfers = 0;
    const rounds: Answer[] = [];
    for (let i = 0; i < 8; i++) {
      const batch = [
        { fishId: 10 * i + 1, species: 'minnow', bet: 1_000 },
        { fishId: 10 * i + 2, species: 'turtle', bet: 500 },
        { fishId: 10 * i + 3, species: 'kraken', bet: 100 },
      ];
      const r = await shoot(ticket, batch);
      expect(r.status).toBe(200);
      const v = r.body.value!;
      rounds.push(v);
      expect(v.bet).toBe(1_600);
      for (const [k, s] of v.shots.entries()) {
        expect(s).toMatchObject(batch[k]!);
        expect(s.win).toBe(s.caught ? s.bet * s.multiplier : 0);
        if (s.species === 'kraken' && s.caught) expect([200, 225, 250, 275, 300]).toContain(s.multiplier);
      }
      expect(v.win).toBe(v.shots.reduce((a, s) => a + s.win, 0));
      expected += v.win - v.bet;
      expect(v.balance).toBe(expected);
      transfers += v.win > 0 ? 2 : 1;
    }
    expect(await walletBalance(app, m.id)).toBe(expected);
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + transfers);

    // The betting record: one settled fish bet per round, its shots in the detail.
    const login = { authorization: `Bearer ${m.token}` };
    const list = await app.inject({ method: 'GET', url: '/wps/member/bets?vertical=fish', headers: login });
    const items = (
      list.json() as {
        value: { items: { id: number; roundId: string; stake: number; payout: number; status: string }[] };
      }
    ).value.items;
    expect(items).toHaveLength(8);
    const last = rounds.at(-1)!;
    const rec = items.find((b) => b.roundId === last.roundId)!;
    expect(rec).toMatchObject({ stake: 1_600, payout: last.win, status: 'settled' });
    const detail = await app.inject({
      method: 'GET',
      url: `/wps/member/bets/detail?id=${rec.id}`,
      headers: login,
    });
    const d = (detail.json() as { value: { detail: unknown } }).value.detail;
    const parsed = fishBetDetailSchema.safeParse(d);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      kind: 'fish',
      bet: 1_600,
      win: last.win,
      shots: last.shots.map(({ species, multiplier, bet, caught, win }) => ({
        species,
        multiplier,
        bet,
        caught,
        win,
      })),
    });
    await expectLedgerSound(app);
  });

  it('an invalid bet level → 400 games.errors.bet_invalid, nothing written', async () => {
    const m = await moneyMember(app, { balance: 50_000 });
    const ticket = await launchFish(m.token);
    const rounds = await fishRounds();
    const ledger = await ledgerCounts(app);
    for (const bad of [150, 0, -100, 1.5, 100_000]) {
      const r = await shoot(ticket, [...shots(1), { fishId: 9, species: 'minnow', bet: bad }]);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('games.errors.bet_invalid');
    }
    const unknown = await shoot(ticket, [{ fishId: 1, species: 'goldfish', bet: 100 }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('games.errors.fish_species_invalid');
    // Refused by the contract already: the same keys.
    const upper = await shoot(ticket, [{ fishId: 1, species: 'GOLD', bet: 100 }]);
    expect(upper.body.message).toBe('games.errors.fish_species_invalid');
    const text = await shoot(ticket, [{ fishId: 1, species: 'minnow', bet: '100' as unknown as number }]);
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('games.errors.bet_invalid');
    const tooMany = await shoot(ticket, shots(11));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('games.errors.fish_shot_invalid');
    const none = await shoot(ticket, []);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('games.errors.fish_shot_invalid');
    expect(await fishRounds()).toBe(rounds);
    expect(await ledgerCounts(app)).toEqual(ledger);
    expect(await walletBalance(app, m.id)).toBe(50_000);
    expect(await betsOf(m.id)).toBe(0);
  });

  it('above the balance → 422 money.errors.insufficient_balance, nothing written', async () => {
    const m = await moneyMember(app, { balance: 4_000 });
    const ticket = await launchFish(m.token);
    const rounds = await fishRounds();
    const ledger = await ledgerCounts(app);
    const r = await shoot(ticket, shots(1, 5_000));
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('money.errors.insufficient_balance');
    // Together above the balance too (one round is one debit of all its bets).
    const r2 = await shoot(ticket, shots(5, 1_000));
    expect(r2.status).toBe(422);
    expect(await fishRounds()).toBe(rounds);
    expect(await ledgerCounts(app)).toEqual(ledger);
    expect(await walletBalance(app, m.id)).toBe(4_000);
    expect(await betsOf(m.id)).toBe(0);
  });

  it('a repeated requestId answers the same round and moves money once; another body under it → 409', async () => {
    const m = await moneyMember(app, { balance: 50_000 });
    const ticket = await launchFish(m.token);
    const first = await shoot(ticket, shots(3, 200, 'shark'));
    expect(first.status).toBe(200);
    const again = await shoot(ticket, shots(3, 200, 'shark'), first.requestId);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => shoot(ticket, shots(2, 100), 'same-request-5x')),
    );
    expect(concurrent.every((c) => c.status === 200)).toBe(true);
    expect(new Set(concurrent.map((c) => c.body.value!.roundId)).size).toBe(1);
    const other = await shoot(ticket, shots(3, 500, 'shark'), first.requestId);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('money.errors.idempotency_conflict');
    const v1 = first.body.value!;
    const v2 = concurrent[0]!.body.value!;
    expect(await walletBalance(app, m.id)).toBe(50_000 - 600 + v1.win - 200 + v2.win);
    expect(await betsOf(m.id)).toBe(2);
    await expectLedgerSound(app);
  });

  it('a member’s free trial and a trial account: play money only, nowhere in the betting record', async () => {
    const fp = await freePlay(app);
    const m = await moneyMember(app, { balance: 10_000 });
    for (const ticket of [await launchFish(m.token, { trial: true }), await launchFish(fp.token)]) {
      const cfg = await app.inject({ method: 'GET', url: `/studio/api/fish/config?ticket=${ticket}` });
      const start = (cfg.json() as { value: { balance: number } }).value.balance;
      expect(start).toBeGreaterThan(0);
      const before = await ledgerCounts(app);
      const r = await shoot(ticket, shots(4, 500));
      expect(r.status).toBe(200);
      expect(r.body.value!.balance).toBe(start - 2_000 + r.body.value!.win);
      expect(await ledgerCounts(app)).toEqual(before);
      expect(
        await count('select count(*)::int as n from bet_records where round_id = $1', [
          r.body.value!.roundId,
        ]),
      ).toBe(0);
    }
    expect(await walletBalance(app, m.id)).toBe(10_000);
  });

  it('a bad ticket is refused: malformed 400, unknown 401 (games.errors.ticket_invalid)', async () => {
    const bad = await shoot('short', shots(1));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('games.errors.ticket_invalid');
    const unknown = await shoot(`REEF-${'B'.repeat(43)}`, shots(1));
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('games.errors.ticket_invalid');
  });
});

describe('fish reconcile', () => {
  const stateOf = async (requestId: string) => {
    const [row] = await app.services.db.query<{ id: string; state: string }>(
      'select id, state from fish_rounds where request_id = $1',
      [requestId],
    );
    return row;
  };
  const age = (id: string) =>
    app.services.db.query(`update fish_rounds set updated_at = now() - interval '1 minute' where id = $1`, [
      id,
    ]);

  it('a round stopped after its debit is credited by the reconciler (exactly once)', async () => {
    const m = await moneyMember(app, { balance: 50_000 });
    const ticket = await launchFish(m.token);
    fish().inject('after_debit');
    const requestId = newRequestId();
    const r = await shoot(ticket, shots(5, 1_000), requestId);
    expect(r.status).toBe(500);
    const row = (await stateOf(requestId))!;
    expect(row.state).toBe('debited');
    expect(await walletBalance(app, m.id)).toBe(45_000);
    await age(row.id);
    const report = await fish().reconcile({ olderThanSeconds: 30 });
    expect(report).toMatchObject({ settled: 1, failed: 0 });
    expect((await stateOf(requestId))!.state).toBe('settled');
    const [round] = await app.services.db.query<{ total_win: string }>(
      'select total_win from fish_rounds where id = $1',
      [row.id],
    );
    expect(await walletBalance(app, m.id)).toBe(45_000 + Number(round!.total_win));
    // The page's repeat of the request now answers the settled round.
    const again = await shoot(ticket, shots(5, 1_000), requestId);
    expect(again.status).toBe(200);
    expect(again.body.value!.win).toBe(Number(round!.total_win));
    expect(await fish().reconcile({ olderThanSeconds: 0 })).toMatchObject({ checked: 0 });
    expect(await walletBalance(app, m.id)).toBe(45_000 + Number(round!.total_win));
    await expectLedgerSound(app);
  });

  it('a round stopped before its debit is rolled back: no money moved, a late debit refused', async () => {
    const m = await moneyMember(app, { balance: 50_000 });
    const ticket = await launchFish(m.token);
    fish().inject('before_debit');
    const requestId = newRequestId();
    const r = await shoot(ticket, shots(2, 2_000), requestId);
    expect(r.status).toBe(500);
    const row = (await stateOf(requestId))!;
    expect(row.state).toBe('decided');
    await age(row.id);
    expect(await fish().reconcile({ olderThanSeconds: 30 })).toMatchObject({ rolledBack: 1, failed: 0 });
    expect((await stateOf(requestId))!.state).toBe('rolled_back');
    const again = await shoot(ticket, shots(2, 2_000), requestId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('games.errors.round_closed');
    expect(await walletBalance(app, m.id)).toBe(50_000);
    await expectLedgerSound(app);
  });

  it('a fresh half-way round is left alone (younger than the limit)', async () => {
    const m = await moneyMember(app, { balance: 50_000 });
    const ticket = await launchFish(m.token);
    fish().inject('after_debit');
    const requestId = newRequestId();
    await shoot(ticket, shots(1), requestId);
    expect(await fish().reconcile({ olderThanSeconds: 30 })).toMatchObject({ checked: 0 });
    await fish().reconcile({ olderThanSeconds: 0 });
    expect((await stateOf(requestId))!.state).toBe('settled');
  });
});
