import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPS_TOKEN, buildTestApp } from '../../test/helper.ts';
import { fund, moneyMember } from '../../test/money.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = async <T>(m: { headers: Record<string, string> }, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: m.headers });
  return { status: res.statusCode, body: res.json() as { value: T; message?: string } };
};
const ops = (...args: string[]) =>
  app.inject({
    method: 'POST',
    url: `/ops/${args[0]}`,
    headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
    payload: { args: args.slice(1) },
    remoteAddress: '127.0.0.1',
  });

interface History {
  items: { type: string; amount: number; balanceAfter: number; wallet: string; createdAt: string }[];
  total: number;
  page: number;
  totals: { deposits: number; withdrawals: number; net: number };
}

/** A movement at a given time (the ledger is append-only: insert it already dated). */
async function movementAt(memberId: string, type: string, amount: number, at: string) {
  await app.services.money(async (tx) => {
    const [a] = await tx.query<{ id: string; balance: string }>(
      `update ledger_accounts set balance = balance + $2 where member_id = $1 and wallet = 'MAIN' returning id, balance`,
      [memberId, amount],
    );
    const [h] = await tx.query<{ id: string }>(
      `select id from ledger_accounts where kind = 'system' and code = 'OPENING' limit 1`,
    );
    const [t] = await tx.query<{ id: string }>(
      `insert into ledger_transfers (type, member_id, created_at) values ($1, $2, $3) returning id`,
      [type, memberId, at],
    );
    await tx.query(
      `insert into ledger_entries (transfer_id, account_id, amount, balance_after) values ($1, $2, $3, $4), ($1, $5, $6, null)`,
      [t!.id, a!.id, amount, a!.balance, h!.id, -amount],
    );
  });
}

describe('the account record (GET /wps/member/transactions)', () => {
  it('lists only my movements, newest first, with type filter, paging and totals', async () => {
    const m = await moneyMember(app, { balance: 10_000 });
    const other = await moneyMember(app, { balance: 5_000 });
    await movementAt(m.id, 'deposit', 3_000, new Date().toISOString());
    await movementAt(m.id, 'withdrawal', -2_000, new Date().toISOString());
    await movementAt(m.id, 'withdrawal_return', 500, new Date().toISOString());
    const all = await get<History>(m, '/wps/member/transactions');
    expect(all.status).toBe(200);
    expect(all.body.value.items.map((i) => i.type)).toEqual([
      'withdrawal_return',
      'withdrawal',
      'deposit',
      'adjustment',
    ]);
    expect(all.body.value.items[0]).toMatchObject({ amount: 500, balanceAfter: 11_500, wallet: 'MAIN' });
    expect(all.body.value.totals).toEqual({ deposits: 3_000, withdrawals: 1_500, net: 1_500 });
    const deposits = await get<History>(m, '/wps/member/transactions?type=deposit');
    expect(deposits.body.value.items).toHaveLength(1);
    expect(deposits.body.value.total).toBe(1);
    // The totals are the period's, whatever the type filter.
    expect(deposits.body.value.totals).toEqual({ deposits: 3_000, withdrawals: 1_500, net: 1_500 });
    const returns = await get<History>(m, '/wps/member/transactions?type=withdrawal_return');
    expect(returns.body.value.items).toMatchObject([{ type: 'withdrawal_return', amount: 500 }]);
    const page2 = await get<History>(m, '/wps/member/transactions?page=2&pageSize=3');
    expect(page2.body.value).toMatchObject({ total: 4, page: 2 });
    expect(page2.body.value.items.map((i) => i.type)).toEqual(['adjustment']);
    const theirs = await get<History>(other, '/wps/member/transactions');
    expect(theirs.body.value.total).toBe(1);
  });

  it('counts days in Asia/Yangon (UTC+06:30), `to` inclusive, future ranges allowed', async () => {
    const m = await moneyMember(app);
    await fund(app, m.id, 100);
    // 2026-03-01 23:50 in Yangon is 17:20 UTC the same day; 00:10 on 03-02 is 17:40 UTC on 03-01.
    await movementAt(m.id, 'bonus', 10, '2026-03-01T17:20:00Z');
    await movementAt(m.id, 'bonus', 20, '2026-03-01T17:40:00Z');
    const day1 = await get<History>(m, '/wps/member/transactions?from=2026-03-01&to=2026-03-01');
    expect(day1.body.value.items.map((i) => i.amount)).toEqual([10]);
    const day2 = await get<History>(m, '/wps/member/transactions?from=2026-03-02&to=2026-03-02');
    expect(day2.body.value.items.map((i) => i.amount)).toEqual([20]);
    const future = await get<History>(m, '/wps/member/transactions?from=2099-01-01&to=2099-01-30');
    expect(future.body.value).toMatchObject({ items: [], total: 0 });
  });

  it('refuses bad filters with 400 and a message', async () => {
    const m = await moneyMember(app);
    for (const q of ['type=steal', 'from=yesterday', 'page=0', 'pageSize=1000', 'page=x']) {
      const r = await get(m, `/wps/member/transactions?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.message, q).toMatch(/^errors\./);
    }
    // Days that match yyyy-MM-dd but are not on the calendar: a 400 on its field
    // (errors.invalid_value; a wrong shape is errors.invalid_format), never a 5xx.
    for (const path of ['transactions', 'bonus', 'profit'])
      for (const q of ['from=2026-02-31', 'to=2026-00-10', 'from=0000-01-01', 'to=2025-02-29']) {
        const r = await app.inject({ method: 'GET', url: `/wps/member/${path}?${q}`, headers: m.headers });
        expect(r.statusCode, `${path}?${q}`).toBe(400);
        expect(r.json(), `${path}?${q}`).toMatchObject({
          fields: { [q.slice(0, q.indexOf('='))]: 'errors.invalid_value' },
        });
      }
    expect((await get(m, '/wps/member/transactions?from=2024-02-29&to=9999-12-31')).status).toBe(200);
    const guest = await app.inject({ method: 'GET', url: '/wps/member/transactions' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('bonus details and personal loss', () => {
  it('lists ops bonuses with their reason and total', async () => {
    const m = await moneyMember(app);
    expect((await ops('bonus', m.account, '12.34', 'welcome', 'gift')).statusCode).toBe(200);
    expect((await ops('bonus', m.account, '1')).statusCode).toBe(200);
    expect((await ops('bonus', m.account, '-5')).statusCode).toBe(400);
    expect((await ops('bonus', 'nobody-here', '5')).statusCode).toBe(404);
    const r = await get<{ items: { amount: number; reason: string | null }[]; totalAmount: number }>(
      m,
      '/wps/member/bonus',
    );
    expect(r.body.value.items).toMatchObject([
      { amount: 100, reason: null },
      { amount: 1234, reason: 'welcome gift' },
    ]);
    expect(r.body.value.totalAmount).toBe(1334);
  });

  it('sums stake, payout and win/loss per day and vertical', async () => {
    const m = await moneyMember(app);
    const empty = await get<{ rows: unknown[]; totals: object }>(m, '/wps/member/profit');
    expect(empty.body.value).toEqual({ rows: [], totals: { stake: 0, payout: 0, winLoss: 0 } });
    await app.services.db.query(
      `insert into bet_records (member_id, vertical, stake, payout, settled_at) values
        ($1, 'slots', 1000, 500, '2026-04-02T03:00:00Z'), ($1, 'slots', 1000, 3000, '2026-04-02T04:00:00Z'),
        ($1, 'sports', 2000, 0, '2026-04-02T05:00:00Z'), ($1, 'live', 700, 700, '2026-04-03T05:00:00Z')`,
      [m.id],
    );
    const r = await get<{ rows: object[]; totals: object }>(
      m,
      '/wps/member/profit?from=2026-04-02&to=2026-04-02',
    );
    expect(r.body.value.rows).toEqual([
      { day: '2026-04-02', vertical: 'slots', stake: 2000, payout: 3500, winLoss: 1500 },
      { day: '2026-04-02', vertical: 'sports', stake: 2000, payout: 0, winLoss: -2000 },
    ]);
    expect(r.body.value.totals).toEqual({ stake: 4000, payout: 3500, winLoss: -500 });
  });
});

describe('the inbox', () => {
  it('reads mail sent by ops, counts unread, marks one or all read, never another member’s', async () => {
    const m = await moneyMember(app);
    const other = await moneyMember(app);
    expect((await ops('mail', m.account, 'Hello', 'First', 'mail')).statusCode).toBe(200);
    expect((await ops('mail', m.account, 'Again', 'Second')).statusCode).toBe(200);
    expect((await ops('mail', m.account, 'No body')).statusCode).toBe(400);
    const unread = await get<{ count: number }>(m, '/wps/relay/CSP_unreadCount');
    expect(unread.body.value.count).toBe(2);
    const list = await get<{
      items: { id: number; title: string; body: string; read: boolean; kind: string }[];
      unread: number;
    }>(m, '/wps/member/messages');
    expect(list.body.value.items).toMatchObject([
      { kind: 'mail', title: 'Again', body: 'Second', read: false },
      { kind: 'mail', title: 'Hello', body: 'First mail', read: false },
    ]);
    const id = list.body.value.items[1]!.id;
    const stolen = await app.inject({
      method: 'POST',
      url: '/wps/member/messages/read',
      headers: other.headers,
      payload: { id },
    });
    expect(stolen.statusCode).toBe(404);
    const read = await app.inject({
      method: 'POST',
      url: '/wps/member/messages/read',
      headers: m.headers,
      payload: { id },
    });
    expect(read.json()).toMatchObject({ value: { unread: 1 } });
    const all = await app.inject({
      method: 'POST',
      url: '/wps/member/messages/read-all',
      headers: m.headers,
      payload: {},
    });
    expect(all.json()).toMatchObject({ value: { unread: 0 } });
    expect((await get<{ count: number }>(other, '/wps/relay/CSP_unreadCount')).body.value.count).toBe(0);
  });
});

describe('transfers to the upline in the record', () => {
  it('shows upline_out to the sender and upline_in to the upline', async () => {
    const upline = await moneyMember(app, { type: 1 });
    const m = await moneyMember(app, { balance: 5_000, upline: upline.id });
    const res = await app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_transferUpline',
      headers: m.headers,
      payload: { amount: 1_200, paymentPassword: '246810', key: `upline-${m.id}-record` },
    });
    expect(res.statusCode).toBe(200);
    const sent = await get<History>(m, '/wps/member/transactions?type=upline_out');
    expect(sent.body.value.items).toMatchObject([{ type: 'upline_out', amount: -1_200 }]);
    const got = await get<History>(upline, '/wps/member/transactions?type=upline_in');
    expect(got.body.value.items).toMatchObject([{ type: 'upline_in', amount: 1_200 }]);
    expect((await get<History>(upline, '/wps/member/transactions?type=upline_out')).body.value.total).toBe(0);
  });
});
