import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePlay, launchSlot, spin } from '../../test/games.ts';
import { buildTestApp, TEST_OPS_TOKEN } from '../../test/helper.ts';
import { expectLedgerSound, moneyMember, newKey } from '../../test/money.ts';
import { accruePoints } from './accrual.ts';
import { pointsOf, send, settledBet } from './testing.ts';

/**
 * Issue 9: points earned from real settled bets and succeeded deposits by the accrual job (and
 * the page's own accrual), per category at the merchant's ratio, each source counted once.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ passwordLimits: { perAccountPerHour: 10_000, perIpPerHour: 10_000 } });
});
afterAll(async () => app.close());
afterEach(async () => expectLedgerSound(app));

const pass = () => accruePoints({ db: app.services.db, now: app.services.now });
const count = async (sql: string, params: unknown[] = []) =>
  Number((await app.services.db.query<{ c: string }>(sql, params))[0]?.c ?? 0);

interface Detail {
  category: string;
  kind: string;
  points: number;
  balance: number;
  base: number | null;
  count: number | null;
  betUnit: number | null;
  pointsRatio: number | null;
}

describe('accrual', () => {
  it('a real slot spin earns slots points at the ratio (1 per MMK 10 of stake); a second pass awards nothing', async () => {
    const m = await moneyMember(app, { balance: 1_000_000 });
    const { ticket } = await launchSlot(app, m.token, { vassalage: 'SUN' });
    const spins = [];
    for (let i = 0; i < 3; i++) spins.push(await spin(app, ticket, 20_000));
    for (const s of spins) expect(s.status).toBe(200);
    const first = await pass();
    expect(first.skipped).toBe(false);
    // 3 × MMK 200 of valid turnover = 60 points, whatever the reels paid.
    expect((await pointsOf(app, m.id)).balance).toBe(60);
    const again = await pass();
    expect(again.points).toBe(0);
    expect((await pointsOf(app, m.id)).balance).toBe(60);
    const details = await send<{ items: Detail[] }>(app, m, 'GET', '/wps/points/transactions');
    expect(details.body.value!.items).toEqual([
      expect.objectContaining({
        category: 'slots',
        kind: 'earn',
        points: 60,
        balance: 60,
        base: 60_000,
        count: 3,
        betUnit: 1_000,
        pointsRatio: 1,
      }),
    ]);
  });

  it('carries what is under one step to the next bet of the category, per category', async () => {
    const m = await moneyMember(app);
    await settledBet(app, m.id, 'slots', 1_500);
    await settledBet(app, m.id, 'fish', 400);
    await pass();
    // slots (fish counts as slots): 1,900 → 1 point, 900 carried.
    expect((await pointsOf(app, m.id)).balance).toBe(1);
    await settledBet(app, m.id, 'slots', 100);
    await pass();
    expect((await pointsOf(app, m.id)).balance).toBe(2);
    // live: 1 per MMK 20 — 1,999 earns nothing yet, 1 more makes the step.
    await settledBet(app, m.id, 'live', 1_999);
    await pass();
    expect((await pointsOf(app, m.id)).balance).toBe(2);
    await settledBet(app, m.id, 'live', 1);
    await pass();
    expect((await pointsOf(app, m.id)).balance).toBe(3);
    const carry = await app.services.db.query<{ category: string; carry: string }>(
      'select category, carry::text as carry from points_carry where member_id = $1 order by category',
      [m.id],
    );
    expect(carry.map((c) => [c.category, Number(c.carry)])).toEqual([
      ['live', 0],
      ['slots', 0],
    ]);
  });

  it('maps every vertical to its category; open and refunded bets and trial accounts earn nothing', async () => {
    const m = await moneyMember(app);
    for (const v of ['lottery', 'slots', 'fish', 'live', 'sports', 'esports', 'card'])
      await settledBet(app, m.id, v, 10_000);
    await settledBet(app, m.id, 'slots', 50_000, { status: 'open' });
    await settledBet(app, m.id, 'slots', 50_000, { status: 'rolled_back' });
    const trial = await freePlay(app);
    await settledBet(app, trial.id, 'slots', 50_000);
    await pass();
    const rows = await app.services.db.query<{ category: string; points: string }>(
      `select category, sum(points)::text as points from points_entries where member_id = $1 group by category order by category`,
      [m.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.category, Number(r.points)]))).toEqual({
      card: 5,
      live: 5,
      lottery: 10,
      slots: 20,
      sports: 20,
    });
    expect((await pointsOf(app, trial.id)).balance).toBe(0);
  });

  it('a succeeded deposit earns deposit points (1 per MMK 100); a pending or failed one nothing', async () => {
    const m = await moneyMember(app);
    const channels = (await send<{ id: number; code: string }[]>(app, m, 'GET', '/wps/v2/deposit/channels'))
      .body.value!;
    const bank = channels.find((c) => c.code === 'BANK')!;
    const made = [];
    for (const amount of [250_000, 100_000, 300_000])
      made.push(
        (
          await send<{ id: number }>(app, m, 'POST', '/wps/v2/deposit', {
            channelId: bank.id,
            amount,
            key: newKey(),
          })
        ).body.value!.id,
      );
    const decide = (action: string, id: number) =>
      app.inject({
        method: 'POST',
        url: '/ops/deposit',
        headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
        payload: { args: [action, String(id)] },
      });
    expect((await decide('approve', made[0]!)).statusCode).toBe(200);
    expect((await decide('reject', made[1]!)).statusCode).toBe(200);
    await pass();
    expect((await pointsOf(app, m.id)).balance).toBe(25);
    const balance = await send<{ balance: number; earned: number }>(app, m, 'GET', '/wps/points/balance');
    expect(balance.body.value).toMatchObject({ balance: 25, earned: 25 });
    // The third, approved later, is counted when the member opens the page (its own accrual).
    expect((await decide('approve', made[2]!)).statusCode).toBe(200);
    const fresh = await send<{ balance: number }>(app, m, 'GET', '/wps/points/balance');
    expect(fresh.body.value!.balance).toBe(55);
  });

  it('passes and member accruals at once count every source once', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => moneyMember(app)));
    for (const m of members) for (let i = 0; i < 10; i++) await settledBet(app, m.id, 'sports', 3_000);
    await Promise.all([
      pass(),
      pass(),
      ...members.map((m) => accruePoints({ db: app.services.db, now: app.services.now }, { memberId: m.id })),
      pass(),
    ]);
    await pass();
    for (const m of members) expect((await pointsOf(app, m.id)).balance).toBe(30);
    expect(
      await count(`select count(*) as c from points_accruals where member_id = any($1::bigint[])`, [
        members.map((m) => m.id),
      ]),
    ).toBe(30);
  });

  it('a bet settled earlier than the cursor but committed late is still counted (the overlap)', async () => {
    const m = await moneyMember(app);
    await settledBet(app, m.id, 'slots', 5_000);
    await pass();
    expect((await pointsOf(app, m.id)).balance).toBe(5);
    // Stamped a minute before the cursor: a transaction that committed after the pass read.
    const [cursor] = await app.services.db.query<{ settled_at: Date }>(
      `select settled_at from points_cursors where source_kind = 'bet'`,
    );
    await settledBet(app, m.id, 'slots', 3_000, {
      at: new Date(new Date(cursor!.settled_at).getTime() - 60_000),
    });
    await pass();
    expect((await pointsOf(app, m.id)).balance).toBe(8);
  });

  it('a category at 0 points earns nothing and carries nothing; the rule is read from the database', async () => {
    const m = await moneyMember(app);
    await app.services.db.query(`update points_rules set points = 0 where category = 'card'`);
    try {
      await settledBet(app, m.id, 'card', 100_000);
      await pass();
      expect((await pointsOf(app, m.id)).balance).toBe(0);
      const config = await send<{
        rules: { category: string; betUnit: number; points: number }[];
        expires: boolean;
      }>(app, null, 'GET', '/wps/points/config');
      expect(config.body.value!.expires).toBe(false);
      expect(config.body.value!.rules.map((r) => r.category)).toEqual([
        'live',
        'lottery',
        'card',
        'slots',
        'sports',
        'redeem',
        'deposit',
      ]);
      expect(config.body.value!.rules.find((r) => r.category === 'card')).toEqual({
        category: 'card',
        betUnit: 2_000,
        points: 0,
      });
    } finally {
      await app.services.db.query(`update points_rules set points = 1 where category = 'card'`);
    }
  });
});
