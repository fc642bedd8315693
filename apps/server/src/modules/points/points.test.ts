import type { ExchangeRecord, Goods, PointsDetail } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { freePlay } from '../../test/games.ts';
import { useTestApp } from '../../test/calls.ts';
import {
  ledgerCounts,
  moneyMember,
  newKey,
  TEST_PAYMENT_PASSWORD,
  walletBalance,
  type MoneyMember,
} from '../../test/money.ts';
import { earn, goodsByCode, ops, pointsOf, pointsRows, send } from './testing.ts';

/**
 * Issue 9, the point mall: goods, redemptions with the payment password (applying → approved or
 * rejected by the operator), exchange records, points details, conversion to cash; bad input
 * refused with a clear error and nothing written; 50 parallel redemptions for a balance that
 * covers one: exactly one succeeds (PGlite and PostgreSQL).
 */

let app: FastifyInstance;
useTestApp((a) => (app = a), {
  passwordLimits: { perAccountPerHour: 10_000, perIpPerHour: 10_000 },
  ledgerSound: true,
});

const redeem = (m: MoneyMember, body: Record<string, unknown>) =>
  send<{ record: ExchangeRecord; balance: number }>(app, m, 'POST', '/wps/points/redeem', {
    paymentPassword: TEST_PAYMENT_PASSWORD,
    key: newKey(),
    quantity: 1,
    ...body,
  });
const convert = (m: MoneyMember, body: Record<string, unknown>) =>
  send<{ record: ExchangeRecord; balance: number; amount: number; mainBalance: number }>(
    app,
    m,
    'POST',
    '/wps/points/convert',
    { paymentPassword: TEST_PAYMENT_PASSWORD, key: newKey(), ...body },
  );
const records = (m: MoneyMember, q = '') =>
  send<{ items: ExchangeRecord[]; total: number }>(app, m, 'GET', `/wps/points/redeem/list${q}`);
const details = (m: MoneyMember, q = '') =>
  send<{ items: PointsDetail[]; total: number }>(app, m, 'GET', `/wps/points/transactions${q}`);
const notices = (memberId: string) =>
  app.services.db.query<{ kind: string; params: Record<string, unknown> }>(
    'select kind, params from messages where member_id = $1 order by id',
    [memberId],
  );

describe('goods', () => {
  it('lists the seeded goods to a guest, cheapest first, with names in five languages and an image', async () => {
    const list = await send<{ items: Goods[]; total: number }>(
      app,
      null,
      'GET',
      '/wps/points/rewards?pageSize=100',
    );
    expect(list.status).toBe(200);
    const items = list.body.value!.items;
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.map((g) => g.points)).toEqual([...items.map((g) => g.points)].sort((a, b) => a - b));
    const voucher = items.find((g) => g.name.EN === 'MMK 10 cash voucher')!;
    expect(voucher).toMatchObject({
      kind: 'cash',
      points: 100,
      amount: 1_000,
      perMemberLimit: 10,
      myRemaining: null,
    });
    for (const g of items)
      for (const l of ['MY', 'EN', 'CN', 'TH', 'VI'] as const) expect(g.name[l]).not.toBe('');
    const phys = await send<{ items: Goods[] }>(app, null, 'GET', '/wps/points/rewards?kind=physical');
    expect(phys.body.value!.items.every((g) => g.kind === 'physical')).toBe(true);
    const img = await app.inject({ method: 'GET', url: voucher.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('MMK 10');
    expect(img.body).not.toContain('<script');
    expect((await app.inject({ method: 'GET', url: '/img/points/goods/99999.svg' })).statusCode).toBe(404);
  });

  it('answers one good (my remaining limit when signed in); an unknown or bad id is 404 unknown_goods', async () => {
    const m = await moneyMember(app);
    const g = await goodsByCode(app, 'voucher-50');
    const one = await send<Goods>(app, m, 'GET', `/wps/points/rewards/detail?id=${g.id}`);
    expect(one.body.value).toMatchObject({ id: g.id, perMemberLimit: 5, myRemaining: 5 });
    for (const id of ['99999', '0', 'abc', '-3']) {
      const r = await send(app, m, 'GET', `/wps/points/rewards/detail?id=${id}`);
      expect(r.status === 404 || r.status === 400).toBe(true);
      expect(r.body.message).toBe('points.errors.unknown_goods');
    }
  });
});

describe('redeem', () => {
  it('holds the points at once (applying); the operator approves a cash good: its value is paid (points_cash)', async () => {
    const m = await moneyMember(app);
    await earn(app, m.id, 250);
    const g = await goodsByCode(app, 'voucher-10');
    const before = await walletBalance(app, m.id);
    const r = await redeem(m, { goodsId: g.id, quantity: 2 });
    expect(r.status).toBe(200);
    const rec = r.body.value!.record;
    // Spec §3: every field of the exchange record.
    expect(rec).toMatchObject({
      type: 'cash',
      goodsId: g.id,
      quantity: 2,
      points: 200,
      amount: 2_000,
      status: 'applying',
      pointsChange: -200,
      pointsBalance: 50,
      remark: null,
      address: null,
      betUnit: 1_000,
      pointsRatio: 100,
      decidedAt: null,
    });
    expect(rec.itemName?.EN).toBe('MMK 10 cash voucher');
    expect(rec.transactionNo).toMatch(/^PX\d{8}\d{6,}$/);
    expect(Date.parse(rec.appliedAt)).not.toBeNaN();
    expect(await pointsOf(app, m.id)).toEqual({ balance: 50, pending: 200, earned: 250, spent: 200 });
    expect((await goodsByCode(app, 'voucher-10')).stock).toBe(g.stock - 2);
    expect(await walletBalance(app, m.id)).toBe(before);

    const listed = await ops(app, 'list');
    expect(listed.message).toContain(`#${rec.id}`);
    const ok = await ops(app, 'approve', String(rec.id), 'paid', 'today');
    expect(ok.status).toBe(200);
    expect(ok.message).toContain('20.00 paid');
    expect(await walletBalance(app, m.id)).toBe(before + 2_000);
    expect(await pointsOf(app, m.id)).toEqual({ balance: 50, pending: 0, earned: 250, spent: 200 });
    // Decided once: a second decision changes nothing.
    expect((await ops(app, 'approve', String(rec.id))).status).toBe(409);
    expect((await ops(app, 'reject', String(rec.id))).status).toBe(409);
    expect(await walletBalance(app, m.id)).toBe(before + 2_000);

    const list = await records(m);
    expect(list.body.value!.items[0]).toMatchObject({ id: rec.id, status: 'approved', remark: 'paid today' });
    expect(list.body.value!.items[0]!.decidedAt).not.toBeNull();
    const tx = await send<{ items: { type: string; amount: number }[] }>(
      app,
      m,
      'GET',
      '/wps/member/transactions?type=points_cash',
    );
    expect(tx.body.value!.items.map((t) => [t.type, t.amount])).toEqual([['points_cash', 2_000]]);
    expect((await notices(m.id)).map((n) => [n.kind, n.params])).toEqual([
      // The name in the member's language (MY by default).
      ['redeem_approved', { name: '၁၀ ကျပ် ငွေသားဘောက်ချာ', amount: 2_000 }],
    ]);
  });

  it('a physical good needs a delivery address; rejected, its points and stock come back (notice)', async () => {
    const m = await moneyMember(app);
    await earn(app, m.id, 900);
    const g = await goodsByCode(app, 'mug');
    const noAddress = await redeem(m, { goodsId: g.id });
    expect([noAddress.status, noAddress.body.message, noAddress.body.fields]).toEqual([
      422,
      'points.errors.address_required',
      { address: 'points.errors.address_required' },
    ]);
    const r = await redeem(m, { goodsId: g.id, address: '  No. 5, Pyay Road, Yangon  ' });
    expect(r.body.value!.record).toMatchObject({
      type: 'physical',
      address: 'No. 5, Pyay Road, Yangon',
      amount: null,
    });
    expect((await goodsByCode(app, 'mug')).stock).toBe(g.stock - 1);
    const rejected = await ops(app, 'reject', String(r.body.value!.record.id), 'out', 'of', 'area');
    expect(rejected.message).toContain('800 points returned');
    expect(await pointsOf(app, m.id)).toEqual({ balance: 900, pending: 0, earned: 900, spent: 0 });
    expect((await goodsByCode(app, 'mug')).stock).toBe(g.stock);
    const d = await details(m);
    expect(d.body.value!.items.map((i) => [i.category, i.kind, i.points, i.balance])).toEqual([
      ['redeem', 'refund', 800, 900],
      ['redeem', 'redeem', -800, 100],
      ['slots', 'earn', 900, 900],
    ]);
    expect(d.body.value!.items[0]!.transactionNo).toBe(r.body.value!.record.transactionNo);
    expect((await records(m, '?status=rejected')).body.value!.items[0]).toMatchObject({
      status: 'rejected',
      remark: 'out of area',
    });
    expect((await notices(m.id)).map((n) => n.kind)).toEqual(['redeem_rejected']);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const m = await moneyMember(app);
    await earn(app, m.id, 150);
    const g = await goodsByCode(app, 'voucher-10');
    const before = {
      rows: await pointsRows(app),
      points: await pointsOf(app, m.id),
      ledger: await ledgerCounts(app),
    };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ goodsId: g.id, paymentPassword: '999999' }, 422, 'money.errors.wrong_payment_password'],
      [{ goodsId: g.id, paymentPassword: '' }, 400, 'money.errors.payment_password_required'],
      [{ goodsId: 99_999 }, 404, 'points.errors.unknown_goods'],
      [{ goodsId: g.id, quantity: 0 }, 400, 'points.errors.quantity'],
      [{ goodsId: g.id, quantity: -1 }, 400, 'points.errors.quantity'],
      [{ goodsId: g.id, quantity: 1.5 }, 400, 'points.errors.quantity'],
      [{ goodsId: g.id, quantity: '1' }, 400, 'points.errors.quantity'],
      [{ goodsId: g.id, quantity: 2 }, 422, 'points.errors.insufficient_points'],
      [
        { goodsId: (await goodsByCode(app, 'phone')).id, address: 'x' },
        422,
        'points.errors.insufficient_points',
      ],
      [{ goodsId: g.id, key: 'short' }, 400, 'money.errors.idempotency_key'],
    ];
    for (const [body, status, message] of cases) {
      const r = await redeem(m, body);
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    // Out of stock.
    await app.services.db.query('update points_goods set stock = 0 where id = $1', [g.id]);
    try {
      const out = await redeem(m, { goodsId: g.id });
      expect([out.status, out.body.message]).toEqual([422, 'points.errors.out_of_stock']);
    } finally {
      await app.services.db.query('update points_goods set stock = $2 where id = $1', [g.id, g.stock]);
    }
    expect(await pointsRows(app)).toEqual(before.rows);
    expect(await pointsOf(app, m.id)).toEqual(before.points);
    expect(await ledgerCounts(app)).toEqual(before.ledger);
    // A member without a payment password is told to set one; a trial account needs a real one.
    const none = await moneyMember(app, { paymentPassword: false });
    await earn(app, none.id, 100);
    expect((await redeem(none, { goodsId: g.id })).body.message).toBe('money.errors.no_payment_password');
    const trial = await freePlay(app);
    const t = await send(
      app,
      { headers: { authorization: `Bearer ${trial.token}` } },
      'POST',
      '/wps/points/redeem',
      {
        goodsId: g.id,
        quantity: 1,
        paymentPassword: TEST_PAYMENT_PASSWORD,
        key: newKey(),
      },
    );
    expect([t.status, t.body.message]).toEqual([403, 'errors.in_need_true_account']);
    expect((await send(app, null, 'GET', '/wps/points/balance')).status).toBe(401);
  });

  it('holds the per-member limit: rejected redemptions give it back', async () => {
    const m = await moneyMember(app);
    await earn(app, m.id, 20_000);
    const g = await goodsByCode(app, 'voucher-1000');
    const first = await redeem(m, { goodsId: g.id });
    expect(first.status).toBe(200);
    const second = await redeem(m, { goodsId: g.id });
    expect([second.status, second.body.message]).toEqual([422, 'points.errors.limit_reached']);
    expect(
      (await send<Goods>(app, m, 'GET', `/wps/points/rewards/detail?id=${g.id}`)).body.value!.myRemaining,
    ).toBe(0);
    await ops(app, 'reject', String(first.body.value!.record.id));
    expect((await redeem(m, { goodsId: g.id })).status).toBe(200);
  });

  it('50 parallel redemptions for a balance that covers one: exactly one succeeds', async () => {
    const m = await moneyMember(app);
    await earn(app, m.id, 100);
    const g = await goodsByCode(app, 'voucher-10');
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(m, { goodsId: g.id })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, a.body.message]).toEqual([422, 'points.errors.insufficient_points']);
    expect(await pointsOf(app, m.id)).toMatchObject({ balance: 0, pending: 100 });
    expect((await goodsByCode(app, 'voucher-10')).stock).toBe(g.stock - 1);
    expect((await records(m)).body.value!.total).toBe(1);
    expect((await details(m)).body.value!.items.filter((i) => i.kind === 'redeem')).toHaveLength(1);
  });

  it('the same key twice applies once (also sent together); the same key with another body is 409', async () => {
    const m = await moneyMember(app);
    await earn(app, m.id, 300);
    const g = await goodsByCode(app, 'voucher-10');
    const key = newKey();
    const a = await redeem(m, { goodsId: g.id, key });
    const b = await redeem(m, { goodsId: g.id, key });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.value).toEqual(a.body.value);
    const key2 = newKey();
    const together = await Promise.all(
      Array.from({ length: 5 }, () => redeem(m, { goodsId: g.id, key: key2 })),
    );
    expect(together.map((t) => t.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(together.map((t) => t.body.value!.record.id)).size).toBe(1);
    expect(await pointsOf(app, m.id)).toMatchObject({ balance: 100, pending: 200 });
    const other = await redeem(m, { goodsId: g.id, key, quantity: 2 });
    expect([other.status, other.body.message]).toEqual([409, 'money.errors.idempotency_conflict']);
    expect((await records(m)).body.value!.total).toBe(2);
  });
});

describe('convert', () => {
  it('converts whole steps at the redeem rate into the main wallet (points_cash), once per key', async () => {
    const m = await moneyMember(app);
    await earn(app, m.id, 350);
    const before = await walletBalance(app, m.id);
    const key = newKey();
    const r = await convert(m, { points: 300, key });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ balance: 50, amount: 3_000, mainBalance: before + 3_000 });
    expect(r.body.value!.record).toMatchObject({
      type: 'convert',
      status: 'approved',
      points: 300,
      amount: 3_000,
      itemName: null,
      quantity: 1,
      pointsChange: -300,
      pointsBalance: 50,
      betUnit: 1_000,
      pointsRatio: 100,
    });
    const again = await convert(m, { points: 300, key });
    expect(again.body.value).toEqual(r.body.value);
    expect(await walletBalance(app, m.id)).toBe(before + 3_000);
    expect(await pointsOf(app, m.id)).toEqual({ balance: 50, pending: 0, earned: 350, spent: 300 });
    const d = await details(m, '?category=redeem');
    expect(d.body.value!.items.map((i) => [i.kind, i.points, i.balance])).toEqual([['convert', -300, 50]]);
    expect((await records(m, '?type=convert')).body.value!.total).toBe(1);
  });

  it('refuses a broken step, too many points, a wrong password, conversion off — nothing written', async () => {
    const m = await moneyMember(app);
    await earn(app, m.id, 250);
    const before = {
      rows: await pointsRows(app),
      ledger: await ledgerCounts(app),
      main: await walletBalance(app, m.id),
    };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ points: 150 }, 422, 'points.errors.convert_step'],
      [{ points: 300 }, 422, 'points.errors.insufficient_points'],
      [{ points: 0 }, 400, 'points.errors.points_invalid'],
      [{ points: -100 }, 400, 'points.errors.points_invalid'],
      [{ points: 100, paymentPassword: '000000' }, 422, 'money.errors.wrong_payment_password'],
    ];
    for (const [body, status, message] of cases) {
      const r = await convert(m, body);
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    await app.services.db.query(`update points_rules set points = 0 where category = 'redeem'`);
    try {
      expect((await convert(m, { points: 100 })).body.message).toBe('points.errors.convert_disabled');
    } finally {
      await app.services.db.query(`update points_rules set points = 100 where category = 'redeem'`);
    }
    expect(await pointsRows(app)).toEqual(before.rows);
    expect(await ledgerCounts(app)).toEqual(before.ledger);
    expect(await walletBalance(app, m.id)).toBe(before.main);
    expect((await pointsOf(app, m.id)).balance).toBe(250);
  });
});

describe('ops', () => {
  it('shows and sets the rules, the goods and their stock, a member balance', async () => {
    expect((await ops(app, 'rules')).message).toContain('slots    1 per 10.00');
    expect((await ops(app, 'rule', 'deposit', '50', '1')).status).toBe(200);
    expect((await ops(app, 'rules')).message).toContain('deposit  1 per 50.00');
    expect((await ops(app, 'rule', 'deposit', '100', '1')).status).toBe(200);
    expect((await ops(app, 'rule', 'bogus', '1', '1')).status).toBe(400);
    const goods = await ops(app, 'goods');
    expect(goods.message).toContain('MMK 10 cash voucher');
    const g = await goodsByCode(app, 'umbrella');
    expect((await ops(app, 'stock', String(g.id), '7')).status).toBe(200);
    expect((await goodsByCode(app, 'umbrella')).stock).toBe(7);
    expect((await ops(app, 'balance', 'demo01')).message).toMatch(/^demo01: \d+ points/);
    expect((await ops(app, 'accrue')).status).toBe(200);
    expect((await ops(app, 'approve', '99999999')).status).toBe(404);
    expect((await ops(app, 'nothing')).status).toBe(400);
  });
});
