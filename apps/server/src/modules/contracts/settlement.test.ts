import type { Contract } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres.ts';
import { testClock } from '../../test/accounts.ts';
import { buildTestApp, TEST_OPS_TOKEN } from '../../test/helper.ts';
import { expectLedgerSound, fund, walletBalance } from '../../test/money.ts';
import { createMoneyRunner } from '../ledger/money-tx.ts';
import { runOpsCommand } from '../ops/ops.service.ts';
import { settlePass } from './settlement.ts';
import { as, bet, fresh, node, notices, type Node } from './testing.ts';

/**
 * Settlement (issue 8; spec §3, §4, §9): each kind and period on real bets in the database, the
 * tiers, partial first periods, the zone's boundaries, exactly-once under repeated and concurrent
 * passes, unpaid dividends (freeze, forced payment, unfreeze), ops settle-now.
 */
let app: FastifyInstance;
const clock = testClock(new Date('2026-11-24T10:02:00Z'));
const setClock = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => app.close());

const pass = () => app.services.contracts.pass();

/** An upline with `balance`, its downline agent, a sub-agent below it and a player under each. */
async function team(balance: number) {
  const up = await node(app, 1, null);
  const down = await node(app, 2, up.id);
  const sub = await node(app, 2, down.id);
  const player = await node(app, 3, down.id);
  const deep = await node(app, 3, sub.id);
  if (balance > 0) await fund(app, up.id, balance);
  return { up, down, sub, player, deep };
}

/** Offered by `up` and accepted by `down` now. */
async function contract(up: Node, down: Node, body: Record<string, unknown>): Promise<number> {
  await fresh(app, up);
  await fresh(app, down);
  const o = await as<Contract>(app, up, 'POST', '/wps/agent/contracts', {
    downlineId: Number(down.id),
    ...body,
  });
  expect(o.status, JSON.stringify(o.body)).toBe(200);
  const a = await as(app, down, 'POST', '/wps/agent/contracts/respond', {
    contractId: o.body.value!.id,
    action: 'accept',
  });
  expect(a.status).toBe(200);
  return o.body.value!.id;
}

interface Row {
  period_start: Date;
  period_end: Date;
  bets: string;
  profit_loss: string;
  active_members: number;
  tier: number | null;
  ratio: number | null;
  amount: string;
  status: string;
}
async function rows(contractId: number) {
  const r = await app.services.db.query<Row>(
    `select period_start, period_end, bets::text, profit_loss::text, active_members, tier, ratio, amount::text, status
       from contract_settlements where contract_id = $1 order by period_start`,
    [contractId],
  );
  return r.map((x) => ({
    start: new Date(x.period_start).toISOString(),
    end: new Date(x.period_end).toISOString(),
    bets: Number(x.bets),
    profitLoss: Number(x.profit_loss),
    active: Number(x.active_members),
    tier: x.tier,
    ratio: x.ratio,
    amount: Number(x.amount),
    status: x.status,
  }));
}

/** What the upline paid through contract_pay transfers (the ledger's side of the sum). */
async function contractDebits(memberId: string): Promise<number> {
  const [r] = await app.services.db.query<{ s: string }>(
    `select coalesce(-sum(e.amount), 0)::text as s from ledger_entries e
       join ledger_transfers t on t.id = e.transfer_id
       join ledger_accounts a on a.id = e.account_id
      where t.type = 'contract_pay' and a.member_id = $1 and e.amount < 0`,
    [memberId],
  );
  return Number(r!.s);
}
async function paidSum(uplineId: string): Promise<number> {
  const [r] = await app.services.db.query<{ s: string }>(
    `select coalesce(sum(amount), 0)::text as s from contract_settlements where upline_id = $1 and status in ('paid', 'forced')`,
    [uplineId],
  );
  return Number(r!.s);
}

describe('hourly salary: tiers, partial first hour, exactly once', () => {
  let t: Awaited<ReturnType<typeof team>>;
  let id: number;
  it('pays the tier of the team volume of the hour once the hour has ended', async () => {
    t = await team(1_000_000);
    const foreign = await node(app, 3, null);
    await bet(app, t.player.id, 7_777, 0, at('2026-11-24T10:01:00Z')); // before the contract
    id = await contract(t.up, t.down, {
      kind: 'hourly',
      tiers: [
        { minBets: 1_000, ratio: 100 },
        { minBets: 10_000, ratio: 200 },
      ],
    });
    await bet(app, t.player.id, 3_000, 0, at('2026-11-24T10:10:00Z'));
    await bet(app, t.deep.id, 8_000, 20_000, at('2026-11-24T10:20:00Z'));
    await bet(app, t.down.id, 500, 0, at('2026-11-24T10:25:00Z'));
    await bet(app, foreign.id, 100_000, 0, at('2026-11-24T10:15:00Z'));
    await bet(app, t.player.id, 5_000, 0, at('2026-11-24T10:40:00Z'));

    setClock('2026-11-24T10:29:00Z'); // 16:59 in Yangon: the hour has not ended
    await pass();
    expect(await rows(id)).toEqual([]);

    setClock('2026-11-24T10:31:00Z');
    await pass();
    expect(await rows(id)).toEqual([
      {
        start: '2026-11-24T10:02:00.000Z',
        end: '2026-11-24T10:30:00.000Z',
        bets: 11_500,
        profitLoss: 11_500 - 20_000,
        active: 3,
        tier: 1,
        ratio: 200,
        amount: 230,
        status: 'paid',
      },
    ]);
    expect(await walletBalance(app, t.up.id)).toBe(1_000_000 - 230);
    expect(await walletBalance(app, t.down.id)).toBe(230);
  });

  it('a second pass and five concurrent passes pay nothing more; the next hour pays once', async () => {
    await pass();
    await Promise.all([pass(), pass(), pass(), pass(), pass()]);
    expect(await rows(id)).toHaveLength(1);

    setClock('2026-11-24T11:31:00Z');
    await Promise.all([pass(), pass(), pass(), pass(), pass()]);
    const r = await rows(id);
    expect(r.map((x) => [x.start, x.bets, x.tier, x.amount])).toEqual([
      ['2026-11-24T10:02:00.000Z', 11_500, 1, 230],
      ['2026-11-24T10:30:00.000Z', 5_000, 0, 50],
    ]);
    expect(await walletBalance(app, t.up.id)).toBe(1_000_000 - 280);
    expect(await contractDebits(t.up.id)).toBe(280);
    expect(await paidSum(t.up.id)).toBe(280);
    await expectLedgerSound(app);
  });

  it('the relay shows the rows to both sides with their totals', async () => {
    await fresh(app, t.up);
    await fresh(app, t.down);
    const down = await as<{ items: { role: string; amount: number }[]; total: number; totals: object }>(
      app,
      t.down,
      'GET',
      '/wps/relay/ACS_hourSalaryRecord',
      { from: '2026-11-24', to: '2026-11-24' },
    );
    expect(down.status).toBe(200);
    expect(down.body.value).toMatchObject({ total: 2, totals: { received: 280, paid: 0 } });
    expect(down.body.value!.items.every((i) => i.role === 'downline')).toBe(true);
    const up = await as<{ total: number; totals: object }>(
      app,
      t.up,
      'GET',
      '/wps/relay/ACS_hourSalaryRecord',
      {
        from: '2026-11-24',
        to: '2026-11-24',
        role: 'downline',
      },
    );
    expect(up.body.value).toMatchObject({ total: 0 });
    const upAll = await as<{ total: number; totals: object }>(
      app,
      t.up,
      'GET',
      '/wps/relay/ACS_hourSalaryRecord',
      {
        from: '2026-11-24',
        to: '2026-11-24',
      },
    );
    expect(upAll.body.value).toMatchObject({ total: 2, totals: { received: 0, paid: 280 } });
    // Another kind's relay: nothing.
    const div = await as<{ total: number }>(app, t.down, 'GET', '/wps/relay/ACS_dividendRecord', {
      from: '2026-11-24',
    });
    expect(div.body.value!.total).toBe(0);
  });

  it('a termination settles the hour so far first (nothing earned is lost)', async () => {
    await bet(app, t.player.id, 2_000, 0, at('2026-11-24T11:35:00Z'));
    setClock('2026-11-24T11:40:00Z');
    await fresh(app, t.down);
    const r = await as(app, t.down, 'POST', '/wps/agent/contracts/respond', {
      contractId: id,
      action: 'terminate',
    });
    expect(r.status).toBe(200);
    const last = (await rows(id)).at(-1)!;
    expect(last).toMatchObject({
      start: '2026-11-24T11:30:00.000Z',
      end: '2026-11-24T11:40:00.000Z',
      amount: 20,
    });
    setClock('2026-11-24T13:31:00Z');
    await pass();
    expect(await rows(id)).toHaveLength(3);
    expect(await walletBalance(app, t.down.id)).toBe(300);
  });
});

describe('dividends: periods in Asia/Yangon, profit, nil', () => {
  it('weekly: the partial first week ends Monday 00:00; a loss settles as nil', async () => {
    setClock('2026-11-24T11:31:00Z');
    const t = await team(500_000);
    const id = await contract(t.up, t.down, {
      kind: 'dividend',
      period: 'weekly',
      tiers: [{ minProfitLoss: 1, ratio: 3_000 }],
    });
    const loser = await team(500_000);
    const lossId = await contract(loser.up, loser.down, {
      kind: 'dividend',
      period: 'weekly',
      tiers: [{ ratio: 3_000 }],
    });
    await bet(app, t.player.id, 10_000, 0, at('2026-11-25T00:00:00Z'));
    await bet(app, t.deep.id, 5_000, 1_001, at('2026-11-29T17:29:00Z')); // Sunday 23:59 in Yangon
    await bet(app, t.deep.id, 9_999, 0, at('2026-11-29T17:30:00Z')); // Monday 00:00: next week
    await bet(app, loser.player.id, 1_000, 5_000, at('2026-11-26T00:00:00Z'));

    setClock('2026-11-29T17:29:30Z');
    await pass();
    expect(await rows(id)).toEqual([]);
    setClock('2026-11-29T17:31:00Z');
    await pass();
    expect(await rows(id)).toEqual([
      {
        start: '2026-11-24T11:31:00.000Z',
        end: '2026-11-29T17:30:00.000Z',
        bets: 15_000,
        profitLoss: 13_999,
        active: 2,
        tier: 0,
        ratio: 3_000,
        amount: 4_199,
        status: 'paid',
      },
    ]);
    expect(await rows(lossId)).toMatchObject([{ profitLoss: -4_000, tier: 0, amount: 0, status: 'nil' }]);
    expect(await walletBalance(app, loser.up.id)).toBe(500_000);
    expect(await walletBalance(app, t.down.id)).toBe(4_199);
    const paid = await notices(app, t.down.id, 'contract_paid');
    expect(paid.at(-1)?.params).toMatchObject({
      kind: 'dividend',
      contractId: id,
      amount: 4_199,
      account: t.up.account,
    });
  });

  it('semimonthly (1–15, 16–end) and monthly by the zone date', async () => {
    const t = await team(500_000);
    const semi = await contract(t.up, t.down, {
      kind: 'dividend',
      period: 'semimonthly',
      tiers: [{ ratio: 1_000 }],
    });
    const t2 = await team(500_000);
    const monthly = await contract(t2.up, t2.down, {
      kind: 'dividend',
      period: 'monthly',
      tiers: [{ ratio: 1_000 }],
    });
    for (const x of [t, t2]) {
      await bet(app, x.player.id, 10_000, 0, at('2026-11-30T12:00:00Z')); // 30 Nov in Yangon
      await bet(app, x.player.id, 20_000, 0, at('2026-11-30T18:00:00Z')); // 1 Dec 00:30 in Yangon
      await bet(app, x.player.id, 40_000, 0, at('2026-12-15T17:40:00Z')); // 16 Dec in Yangon
    }
    setClock('2026-12-16T00:00:00Z');
    await pass();
    expect((await rows(semi)).map((r) => [r.start, r.end, r.profitLoss, r.amount])).toEqual([
      ['2026-11-29T17:31:00.000Z', '2026-11-30T17:30:00.000Z', 10_000, 1_000],
      ['2026-11-30T17:30:00.000Z', '2026-12-15T17:30:00.000Z', 20_000, 2_000],
    ]);
    expect((await rows(monthly)).map((r) => [r.start, r.end, r.profitLoss, r.amount])).toEqual([
      ['2026-11-29T17:31:00.000Z', '2026-11-30T17:30:00.000Z', 10_000, 1_000],
    ]);
  });

  it('an unpaid dividend freezes the upline; a later deposit forces it through and lifts the freeze', async () => {
    const t = await team(0);
    const id = await contract(t.up, t.down, { kind: 'dividend', period: 'daily', tiers: [{ ratio: 5_000 }] });
    await bet(app, t.player.id, 10_000, 0, at('2026-12-16T01:00:00Z'));
    setClock('2026-12-16T17:31:00Z');
    await pass();
    expect(await rows(id)).toMatchObject([{ amount: 5_000, status: 'unpaid' }]);
    const [m] = await app.services.db.query<{ status: string; frozen_reason: string | null }>(
      'select status, frozen_reason from members where id = $1',
      [t.up.id],
    );
    expect(m).toEqual({ status: 'frozen', frozen_reason: 'unpaid_dividend' });
    // Its session is revoked.
    expect((await as(app, t.up, 'GET', '/wps/agent/contracts/info')).status).toBe(401);
    expect(await notices(app, t.up.id, 'dividend_unpaid')).toHaveLength(1);
    expect((await notices(app, t.down.id, 'dividend_unpaid'))[0]?.params).toMatchObject({
      amount: 5_000,
      contractId: id,
    });

    await fund(app, t.up.id, 4_000);
    await pass();
    expect(await rows(id)).toMatchObject([{ status: 'unpaid' }]);
    const [still] = await app.services.db.query<{ status: string }>(
      'select status from members where id = $1',
      [t.up.id],
    );
    expect(still!.status).toBe('frozen');
    await fund(app, t.up.id, 2_000);
    await Promise.all([pass(), pass(), pass()]);
    expect((await rows(id))[0]).toMatchObject({ amount: 5_000, status: 'forced' });
    expect(await walletBalance(app, t.up.id)).toBe(1_000);
    expect(await walletBalance(app, t.down.id)).toBe(5_000);
    const [after] = await app.services.db.query<{ status: string; frozen_reason: string | null }>(
      'select status, frozen_reason from members where id = $1',
      [t.up.id],
    );
    expect(after).toEqual({ status: 'active', frozen_reason: null });
    expect(await contractDebits(t.up.id)).toBe(await paidSum(t.up.id));
    await expectLedgerSound(app);
  });
});

describe('daily wage and real-time salary', () => {
  it('a daily wage is paid once its day has ended (the next day); a day below the tiers is nil', async () => {
    setClock('2026-12-17T00:00:00Z'); // 06:30 on 17 Dec in Yangon
    const t = await team(100_000);
    const id = await contract(t.up, t.down, {
      kind: 'daily',
      tiers: [
        { minBets: 1_000, amount: 700 },
        { minBets: 1_000, minActive: 2, amount: 1_500 },
      ],
    });
    await bet(app, t.player.id, 600, 0, at('2026-12-17T02:00:00Z'));
    await bet(app, t.deep.id, 600, 1_200, at('2026-12-17T03:00:00Z'));
    setClock('2026-12-17T17:29:00Z');
    await pass();
    expect(await rows(id)).toEqual([]);
    setClock('2026-12-18T17:31:00Z');
    await pass();
    expect(
      (await rows(id)).map((r) => [r.start, r.end, r.bets, r.active, r.tier, r.amount, r.status]),
    ).toEqual([
      ['2026-12-17T00:00:00.000Z', '2026-12-17T17:30:00.000Z', 1_200, 2, 1, 1_500, 'paid'],
      ['2026-12-17T17:30:00.000Z', '2026-12-18T17:30:00.000Z', 0, 0, null, 0, 'nil'],
    ]);
    expect(await walletBalance(app, t.down.id)).toBe(1_500);
  });

  it('real-time salary: 5-minute windows; windows without pay leave no row, the cursor moves on', async () => {
    setClock('2026-12-20T10:03:00Z');
    const t = await team(100_000);
    const id = await contract(t.up, t.down, { kind: 'realtime', tiers: [{ minBets: 100, ratio: 50 }] });
    await bet(app, t.player.id, 10_000, 0, at('2026-12-20T10:04:00Z'));
    await bet(app, t.player.id, 50, 0, at('2026-12-20T10:06:00Z')); // below the tier
    await bet(app, t.deep.id, 4_000, 0, at('2026-12-20T10:17:00Z'));
    setClock('2026-12-20T10:21:00Z');
    await pass();
    expect((await rows(id)).map((r) => [r.start, r.end, r.bets, r.amount])).toEqual([
      ['2026-12-20T10:03:00.000Z', '2026-12-20T10:05:00.000Z', 10_000, 50],
      ['2026-12-20T10:15:00.000Z', '2026-12-20T10:20:00.000Z', 4_000, 20],
    ]);
    const [c] = await app.services.db.query<{ settled_until: Date }>(
      'select settled_until from agent_contracts where id = $1',
      [id],
    );
    expect(c!.settled_until.toISOString()).toBe('2026-12-20T10:20:00.000Z');
  });
});

describe('ops contracts', () => {
  it('settle-now closes every current period at now and pays; list shows the cursor', async () => {
    setClock('2026-12-21T05:00:00Z');
    const t = await team(100_000);
    const id = await contract(t.up, t.down, { kind: 'daily', tiers: [{ minBets: 1, amount: 2_500 }] });
    await bet(app, t.player.id, 300, 0, at('2026-12-21T05:10:00Z'));
    setClock('2026-12-21T05:20:00Z');
    const settle = await runOpsCommand(app.services.ops, 'contracts', ['settle']);
    expect(settle.message).toContain('settled');
    expect(await rows(id)).toEqual([]);
    const now = await runOpsCommand(app.services.ops, 'contracts', ['settle-now']);
    expect(now.message).toMatch(/settled \d+ periods of \d+ contracts: [1-9]\d* paid/);
    expect(await rows(id)).toMatchObject([
      { start: '2026-12-21T05:00:00.000Z', end: '2026-12-21T05:20:00.000Z', amount: 2_500, status: 'paid' },
    ]);
    expect(await walletBalance(app, t.down.id)).toBe(2_500);
    // Twice at the same instant: nothing more.
    await runOpsCommand(app.services.ops, 'contracts', ['settle-now']);
    expect(await rows(id)).toHaveLength(1);
    const list = await runOpsCommand(app.services.ops, 'contracts', ['list']);
    expect(list.message).toContain(`#${id}`);
    expect(list.message).toContain('settled until 2026-12-21T05:20:00.000Z');
    await expect(runOpsCommand(app.services.ops, 'contracts', ['nope'])).rejects.toThrow('contracts needs');
    // The CLI's way in while a server holds the data directory.
    const viaServer = await app.inject({
      method: 'POST',
      url: '/ops/contracts',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { args: ['settle-now'] },
    });
    expect(viaServer.statusCode).toBe(200);
    expect(viaServer.json().value.message).toContain('settled 0 periods');
    await expectLedgerSound(app);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two pools on one database (PostgreSQL)', () => {
  it('passes of two instances at once pay each period once', async () => {
    const [{ schema } = { schema: '' }] = await app.services.db.query<{ schema: string }>(
      'select current_schema() as schema',
    );
    const other = await openPostgres({ url: process.env.TEST_DATABASE_URL!, schema, max: 5 });
    try {
      setClock('2026-12-22T10:01:00Z');
      const teams = await Promise.all([team(1_000_000), team(1_000_000), team(1_000_000)]);
      const ids: number[] = [];
      for (const t of teams) {
        ids.push(await contract(t.up, t.down, { kind: 'hourly', tiers: [{ ratio: 100 }] }));
        await bet(app, t.player.id, 10_000, 0, at('2026-12-22T10:10:00Z'));
        await bet(app, t.deep.id, 20_000, 0, at('2026-12-22T10:40:00Z'));
      }
      setClock('2026-12-22T11:31:00Z');
      const second = { db: other, money: createMoneyRunner(other), now: clock.now };
      await Promise.all([pass(), settlePass(second), pass(), settlePass(second), settlePass(second)]);
      for (const [i, t] of teams.entries()) {
        expect((await rows(ids[i]!)).map((r) => r.amount)).toEqual([100, 200]);
        expect(await contractDebits(t.up.id)).toBe(300);
        expect(await walletBalance(app, t.down.id)).toBe(300);
      }
      await expectLedgerSound(app);
    } finally {
      await other.close();
    }
  });
});
