import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { secureCall } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import {
  expectLedgerSound,
  fund,
  ledgerCounts,
  moneyMember,
  newKey,
  walletBalance,
  type MoneyMember,
} from '../../test/money.ts';
import { checkLedger } from '../ledger/ledger.ts';
import { DemoVendor } from './demo-vendor.ts';

let app: FastifyInstance;
let vendor: DemoVendor;
beforeAll(async () => {
  app = await buildTestApp();
  vendor = app.services.wallet.vendor as DemoVendor;
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => vendor.clearFaults());

interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; value?: T; message?: string; code?: string; fields?: Record<string, string> };
}
async function send<T = unknown>(
  m: MoneyMember,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: m.headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: res.json() };
}
interface TransferValue {
  transferId: string;
  status: string;
  amount: number;
  from: string;
  to: string;
  message?: string;
  balances: Record<string, number>;
}
const transfer = (m: MoneyMember, body: Record<string, unknown>) =>
  send<TransferValue>(m, 'POST', '/wps/relay/GCS_walletTransfer', body);

/** A free-play (trial, type 4) account with a session and `balance` in its main wallet. */
async function trialMember(balance: number, upline?: string): Promise<MoneyMember> {
  const res = await secureCall(app, 'POST', '/wps/session/login/freeplay', {
    os: 'linux',
    platform: 'W',
    random: 'x'.repeat(24),
  });
  const token = (res.json() as { value: { token: string } }).value.token;
  const headers = { authorization: `Bearer ${token}` };
  const info = await app.inject({ method: 'GET', url: '/wps/member/info', headers });
  const { id, account, type } = (info.json() as { value: { id: number; account: string; type: number } })
    .value;
  expect(type).toBe(4);
  if (upline) await app.services.db.query('update members set upline_id = $2 where id = $1', [id, upline]);
  await fund(app, String(id), balance);
  return { id: String(id), account, password: '', token, headers };
}

/** Every unit a member owns: every wallet plus what is in flight (sumBalance). */
async function total(m: MoneyMember): Promise<number> {
  const r = await send<{ sumBalance: number }>(m, 'GET', '/wps/v2/wallets/balance');
  return r.body.value!.sumBalance;
}
async function transfersOf(id: string): Promise<number> {
  const [row] = await app.services.db.query<{ n: string }>(
    `select count(*) as n from ledger_transfers where member_id = $1`,
    [id],
  );
  return Number(row!.n);
}

describe('balance, merchant wallet, consolidated funds', () => {
  it('lists MAIN first, then every vendor in order, with sumBalance', async () => {
    const m = await moneyMember(app, { balance: 10_000 });
    const r = await send<{
      sumBalance: number;
      currency: string;
      wallets: { code: string; balance: number }[];
    }>(m, 'GET', '/wps/v2/wallets/balance');
    expect(r.status).toBe(200);
    expect(r.body.value!.currency).toBe('MMK');
    expect(r.body.value!.wallets.map((w) => w.code)).toEqual(['MAIN', 'PG', 'JILI', 'EVO', 'SABA']);
    expect(r.body.value!.sumBalance).toBe(10_000);
    expect(
      (await transfer(m, { from: 'MAIN', to: 'JILI', amount: 2_500, key: newKey() })).body.value!.status,
    ).toBe('completed');
    const after = await send<{ sumBalance: number; wallets: { code: string; balance: number }[] }>(
      m,
      'GET',
      '/wps/v2/wallets/balance',
    );
    expect(after.body.value!.sumBalance).toBe(10_000);
    expect(after.body.value!.wallets.find((w) => w.code === 'JILI')!.balance).toBe(2_500);
    expect(after.body.value!.wallets[0]).toMatchObject({ code: 'MAIN', balance: 7_500 });
    const funds = await send<Record<string, unknown>>(m, 'GET', '/wps/member/info/funds/consolidated');
    expect(funds.body.value).toMatchObject({ main: 7_500, pending: 0, total: 10_000, pendingTransfers: [] });
  });

  it('tells isSingle from the money settings', async () => {
    const m = await moneyMember(app);
    const r = await send(m, 'GET', '/wps/relay/MCSFE_merchantWallet');
    expect(r.body.value).toEqual({ isSingle: false });
  });

  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/wps/v2/wallets/balance' });
    expect(res.statusCode).toBe(401);
  });
});

describe('main <-> vendor transfers', () => {
  it('moves an amount in and all of it back, mirrored in the vendor books', async () => {
    const m = await moneyMember(app, { balance: 5_000 });
    const a = await transfer(m, { from: 'MAIN', to: 'PG', amount: 1_200, key: newKey() });
    expect(a.status).toBe(200);
    expect(a.body.value).toMatchObject({ status: 'completed', from: 'MAIN', to: 'PG', amount: 1_200 });
    expect(a.body.value!.balances).toEqual({ MAIN: 3_800, PG: 1_200 });
    expect(await vendor.balanceOf(m.id, 'PG')).toBe(1_200);
    const b = await transfer(m, { from: 'PG', to: 'MAIN', all: true, key: newKey() });
    expect(b.body.value).toMatchObject({
      status: 'completed',
      amount: 1_200,
      balances: { MAIN: 5_000, PG: 0 },
    });
    expect(await vendor.balanceOf(m.id, 'PG')).toBe(0);
    // Two vendor transfers, each a hold and a settle.
    const rows = await app.services.db.query<{ type: string; memo: { phase: string } }>(
      `select type, memo from ledger_transfers where member_id = $1 and type like 'wallet_%' order by id`,
      [m.id],
    );
    expect(rows.map((r) => `${r.type}:${r.memo.phase}`)).toEqual([
      'wallet_out:hold',
      'wallet_out:settle',
      'wallet_in:hold',
      'wallet_in:settle',
    ]);
    await expectLedgerSound(app);
  });

  it('moves everything in with all, and refuses all of an empty wallet', async () => {
    const m = await moneyMember(app, { balance: 777 });
    const r = await transfer(m, { from: 'MAIN', to: 'EVO', all: true, key: newKey() });
    expect(r.body.value).toMatchObject({ status: 'completed', amount: 777, balances: { MAIN: 0, EVO: 777 } });
    const before = await ledgerCounts(app);
    const again = await transfer(m, { from: 'MAIN', to: 'EVO', all: true, key: newKey() });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('money.errors.insufficient_balance');
    expect(await ledgerCounts(app)).toEqual(before);
  });

  it('200 concurrent transfers of 1 from a balance of 50: exactly 50 succeed, nothing lost', async () => {
    const m = await moneyMember(app, { balance: 50 });
    const results = await Promise.all(
      Array.from({ length: 200 }, () => transfer(m, { from: 'MAIN', to: 'PG', amount: 1, key: newKey() })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(50);
    expect(ok.every((r) => r.body.value!.status === 'completed')).toBe(true);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(150);
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('money.errors.insufficient_balance');
    }
    expect(await walletBalance(app, m.id)).toBe(0);
    expect(await walletBalance(app, m.id, 'PG')).toBe(50);
    expect(await vendor.balanceOf(m.id, 'PG')).toBe(50);
    expect(await total(m)).toBe(50);
    await expectLedgerSound(app);
  });

  it('random transfers among 50 members from 20 workers (vendor and upline): totals conserved', async () => {
    const upline = await moneyMember(app, { balance: 10_000, type: 1 });
    const members: MoneyMember[] = [upline];
    for (let i = 0; i < 49; i++)
      members.push(
        await moneyMember(app, { balance: 10_000, upline: i % 2 === 0 ? upline.id : members[i]!.id }),
      );
    const totalBefore = (await Promise.all(members.map(total))).reduce((s, n) => s + n, 0);
    // A fixed pseudo-random sequence: the test is the same every run.
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const vendors = ['PG', 'JILI', 'EVO', 'SABA'];
    const jobs = Array.from({ length: 400 }, () => ({
      who: members[rnd(members.length)]!,
      kind: rnd(3),
      vendor: vendors[rnd(vendors.length)]!,
      amount: 1 + rnd(3_000),
    }));
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, w) => {
        for (let i = w; i < jobs.length; i += 20) {
          const j = jobs[i]!;
          let r: Answer;
          if (j.kind === 0)
            r = await transfer(j.who, { from: 'MAIN', to: j.vendor, amount: j.amount, key: newKey() });
          else if (j.kind === 1)
            r = await transfer(j.who, { from: j.vendor, to: 'MAIN', all: true, key: newKey() });
          else
            r = await send(j.who, 'POST', '/wps/relay/GCS_transferUpline', {
              amount: j.amount,
              paymentPassword: '246810',
              key: newKey(),
            });
          statuses.push(r.status);
        }
      }),
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(100);
    const totalAfter = (await Promise.all(members.map(total))).reduce((s, n) => s + n, 0);
    expect(totalAfter).toBe(totalBefore);
    for (const m of members)
      for (const v of vendors)
        expect(await vendor.balanceOf(m.id, v)).toBe(await walletBalance(app, m.id, v));
    await expectLedgerSound(app);
  });
});

describe('idempotency', () => {
  it('a walletTransfer repeated 5 times, sequentially and concurrently, moves once', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    const body = { from: 'MAIN', to: 'SABA', amount: 100, key: newKey() };
    const first = await transfer(m, body);
    const before = await transfersOf(m.id);
    for (let i = 0; i < 4; i++) expect((await transfer(m, body)).body.value).toEqual(first.body.value);
    const body2 = { from: 'MAIN', to: 'SABA', amount: 100, key: newKey() };
    const together = await Promise.all(Array.from({ length: 5 }, () => transfer(m, body2)));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(together.map((r) => r.body.value!.transferId)).size).toBe(1);
    expect(await transfersOf(m.id)).toBe(before + 2);
    expect(await walletBalance(app, m.id)).toBe(800);
    const other = await transfer(m, { ...body, amount: 101 });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('money.errors.idempotency_conflict');
    await expectLedgerSound(app);
  });

  it('a transferUpline repeated 5 times, sequentially and concurrently, moves once', async () => {
    const up = await moneyMember(app);
    const m = await moneyMember(app, { balance: 1_000, upline: up.id });
    const body = { amount: 100, paymentPassword: '246810', key: newKey() };
    const url = '/wps/relay/GCS_transferUpline';
    const first = await send(m, 'POST', url, body);
    expect(first.status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await send(m, 'POST', url, body)).body.value).toEqual(first.body.value);
    const body2 = { ...body, key: newKey() };
    const together = await Promise.all(Array.from({ length: 5 }, () => send(m, 'POST', url, body2)));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await transfersOf(m.id)).toBe(3);
    expect(await walletBalance(app, up.id)).toBe(200);
    expect((await send(m, 'POST', url, { ...body, amount: 5 })).status).toBe(409);
  });

  it('concurrent repeats of a transfer the balance covers only once all get its answer (never insufficient)', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await moneyMember(app, { balance: 500 });
      const body = { from: 'MAIN', to: 'PG', amount: 300, key: newKey() };
      const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(m, body)));
      expect(answers.map((a) => [a.status, a.body.message])).toEqual(answers.map(() => [200, undefined]));
      expect(new Set(answers.map((a) => a.body.value!.transferId)).size).toBe(1);
      expect(await walletBalance(app, m.id)).toBe(200);
    }
    await expectLedgerSound(app);
  });

  it('a walletCollect repeated 5 times collects once; a later repeat moves nothing new', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    await transfer(m, { from: 'MAIN', to: 'PG', amount: 300, key: newKey() });
    await transfer(m, { from: 'MAIN', to: 'EVO', amount: 200, key: newKey() });
    const key = newKey();
    const url = '/wps/relay/GCS_walletCollect';
    const together = await Promise.all(Array.from({ length: 5 }, () => send(m, 'POST', url, { key })));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    type Collected = { results: TransferValue[]; balances: Record<string, number> };
    const ids = (r: Answer) => (r.body.value as Collected).results.map((t) => `${t.from}:${t.transferId}`);
    for (const r of together) expect(ids(r)).toEqual(ids(together[0]!));
    // Sequential repeats: the same transfers, each in its final state, nothing moved again.
    for (let i = 0; i < 5; i++) {
      const again = await send(m, 'POST', url, { key });
      expect(ids(again)).toEqual(ids(together[0]!));
    }
    const value = (await send(m, 'POST', url, { key })).body.value as Collected;
    expect(value.results.map((r) => [r.from, r.status, r.amount])).toEqual([
      ['PG', 'completed', 300],
      ['EVO', 'completed', 200],
    ]);
    expect(value.balances).toMatchObject({ MAIN: 1_000, PG: 0, EVO: 0 });
    expect(await transfersOf(m.id)).toBe(1 + 4 + 4);
    await transfer(m, { from: 'MAIN', to: 'JILI', amount: 50, key: newKey() });
    const later = await send(m, 'POST', url, { key });
    expect((later.body.value as { results: unknown[] }).results).toHaveLength(2);
    expect(await walletBalance(app, m.id, 'JILI')).toBe(50);
    await expectLedgerSound(app);
  });
});

describe('vendor faults', () => {
  it('a refusal voids the transfer: the balance is back, nothing lost', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    vendor.inject('credit', 'refuse');
    const r = await transfer(m, { from: 'MAIN', to: 'PG', amount: 400, key: newKey() });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      status: 'failed',
      message: 'money.errors.vendor_unavailable',
      balances: { MAIN: 1_000, PG: 0 },
    });
    expect(await vendor.balanceOf(m.id, 'PG')).toBe(0);
    const phases = await app.services.db.query<{ memo: { phase: string } }>(
      `select memo from ledger_transfers where ref = $1 order by id`,
      [`vendor:${r.body.value!.transferId}`],
    );
    expect(phases.map((p) => p.memo.phase)).toEqual(['hold', 'void']);
    await expectLedgerSound(app);
  });

  it('the vendor short of money refuses a transfer out', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    await transfer(m, { from: 'MAIN', to: 'JILI', amount: 500, key: newKey() });
    // Our mirror says 600, the vendor holds 500: the vendor's refusal wins, nothing moves.
    await fund(app, m.id, 100, 'JILI');
    const r = await transfer(m, { from: 'JILI', to: 'MAIN', amount: 600, key: newKey() });
    expect(r.body.value).toMatchObject({ status: 'failed', message: 'money.errors.insufficient_balance' });
    expect(await walletBalance(app, m.id, 'JILI')).toBe(600);
    expect(await vendor.balanceOf(m.id, 'JILI')).toBe(500);
  });

  it('a timeout before the vendor applied is cancelled and voided', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    vendor.inject('credit', 'timeout');
    const r = await transfer(m, { from: 'MAIN', to: 'PG', amount: 300, key: newKey() });
    expect(r.body.value).toMatchObject({ status: 'failed', balances: { MAIN: 1_000, PG: 0 } });
    expect(await vendor.balanceOf(m.id, 'PG')).toBe(0);
    await expectLedgerSound(app);
  });

  it('an answer lost after the vendor applied is confirmed and completed (in and out)', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    vendor.inject('credit', 'lost');
    const r = await transfer(m, { from: 'MAIN', to: 'PG', amount: 300, key: newKey() });
    expect(r.body.value).toMatchObject({ status: 'completed', balances: { MAIN: 700, PG: 300 } });
    vendor.inject('debit', 'lost');
    const back = await transfer(m, { from: 'PG', to: 'MAIN', amount: 100, key: newKey() });
    expect(back.body.value).toMatchObject({ status: 'completed', balances: { MAIN: 800, PG: 200 } });
    expect(await vendor.balanceOf(m.id, 'PG')).toBe(200);
    await expectLedgerSound(app);
  });

  it('an unreachable vendor leaves the transfer pending; a repeat answers its state; the reconciler decides', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    vendor.inject('credit', 'lost');
    vendor.inject('resolve', 'timeout');
    const key = newKey();
    const r = await transfer(m, { from: 'MAIN', to: 'EVO', amount: 250, key });
    expect(r.body.value).toMatchObject({ status: 'pending', amount: 250, balances: { MAIN: 750, EVO: 0 } });
    // In flight: still the member's money, shown as pending.
    expect(await total(m)).toBe(1_000);
    const funds = await send<{ pending: number; pendingTransfers: unknown[] }>(
      m,
      'GET',
      '/wps/member/info/funds/consolidated',
    );
    expect(funds.body.value).toMatchObject({ pending: 250, total: 1_000 });
    expect(funds.body.value!.pendingTransfers).toHaveLength(1);
    const before = await ledgerCounts(app);
    const repeat = await transfer(m, { from: 'MAIN', to: 'EVO', amount: 250, key });
    expect(repeat.body.value).toMatchObject({ status: 'pending', transferId: r.body.value!.transferId });
    expect(await ledgerCounts(app)).toEqual(before);
    // The check sees it open (stuck threshold 0) and clearing matching the open transfers.
    const report = await checkLedger(app.services.db, 0);
    expect(report.problems.some((p) => p.includes(`vendor transfer ${r.body.value!.transferId}`))).toBe(true);
    expect(report.problems.some((p) => p.includes('VENDOR_CLEARING'))).toBe(false);

    const rec = await app.services.wallet.reconcile({ olderThanSeconds: 0 });
    expect(rec).toMatchObject({ completed: 1, open: 0 });
    expect(await walletBalance(app, m.id, 'EVO')).toBe(250);
    expect(await vendor.balanceOf(m.id, 'EVO')).toBe(250);
    const done = await transfer(m, { from: 'MAIN', to: 'EVO', amount: 250, key });
    expect(done.body.value).toMatchObject({ status: 'completed', balances: { MAIN: 750, EVO: 250 } });
    await expectLedgerSound(app);
  });

  it('the reconciler voids what the vendor never applied (a crash after the hold)', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    vendor.inject('credit', 'timeout');
    vendor.inject('resolve', 'timeout');
    const r = await transfer(m, { from: 'MAIN', to: 'SABA', amount: 600, key: newKey() });
    expect(r.body.value!.status).toBe('pending');
    // A later credit attempt with the same id is refused once the reconciler cancelled it.
    const rec = await app.services.wallet.reconcile({ olderThanSeconds: 0 });
    expect(rec).toMatchObject({ failed: 1, open: 0 });
    const call = { id: r.body.value!.transferId, memberId: m.id, vendor: 'SABA', amount: 600 };
    expect(await vendor.credit(call)).toEqual({ ok: false, reason: 'cancelled' });
    expect(await walletBalance(app, m.id)).toBe(1_000);
    expect(await vendor.balanceOf(m.id, 'SABA')).toBe(0);
    await expectLedgerSound(app);
  });

  it('ops ledger reconcile and ledger check', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    vendor.inject('credit', 'timeout');
    vendor.inject('resolve', 'timeout');
    await transfer(m, { from: 'MAIN', to: 'PG', amount: 10, key: newKey() });
    const check = await app.inject({
      method: 'POST',
      url: '/ops/ledger',
      headers: { authorization: 'Bearer test-ops-token-0123456789abcdefghijklmnop' },
      payload: { args: ['check', '0'] },
    });
    expect(check.statusCode).toBe(409);
    expect(check.json().message).toMatch(/ledger NOT OK[\s\S]*still pending/);
    const rec = await app.inject({
      method: 'POST',
      url: '/ops/ledger',
      headers: { authorization: 'Bearer test-ops-token-0123456789abcdefghijklmnop' },
      payload: { args: ['reconcile', '0'] },
    });
    expect(rec.statusCode).toBe(200);
    expect(rec.json().value.message).toMatch(/reconciled \d+ open vendor transfers: 0 completed, 1 voided/);
    const ok = await app.inject({
      method: 'POST',
      url: '/ops/ledger',
      headers: { authorization: 'Bearer test-ops-token-0123456789abcdefghijklmnop' },
      payload: { args: ['check'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.message).toMatch(/^ledger ok/);
  });
});

describe('bad input writes nothing', () => {
  it.each([
    ['negative', { from: 'MAIN', to: 'PG', amount: -5 }, 'money.errors.amount_invalid'],
    ['zero', { from: 'MAIN', to: 'PG', amount: 0 }, 'money.errors.amount_invalid'],
    ['fractional', { from: 'MAIN', to: 'PG', amount: 1.5 }, 'money.errors.amount_invalid'],
    ['huge', { from: 'MAIN', to: 'PG', amount: 1e15 }, 'money.errors.amount_invalid'],
    ['a string', { from: 'MAIN', to: 'PG', amount: '100' }, 'money.errors.amount_invalid'],
    ['non-numeric', { from: 'MAIN', to: 'PG', amount: 'lots' }, 'money.errors.amount_invalid'],
    ['no amount', { from: 'MAIN', to: 'PG' }, 'money.errors.amount_invalid'],
    ['amount and all', { from: 'MAIN', to: 'PG', amount: 5, all: true }, 'money.errors.amount_invalid'],
    ['MAIN to MAIN', { from: 'MAIN', to: 'MAIN', amount: 5 }, 'money.errors.unknown_wallet'],
    ['vendor to vendor', { from: 'PG', to: 'JILI', amount: 5 }, 'money.errors.unknown_wallet'],
    ['a malformed wallet', { from: 'MAIN', to: 'pg;drop', amount: 5 }, 'money.errors.unknown_wallet'],
    ['an unknown vendor', { from: 'MAIN', to: 'NOPE', amount: 5 }, 'money.errors.unknown_wallet'],
    ['an unknown vendor out', { from: 'NOPE', to: 'MAIN', all: true }, 'money.errors.unknown_wallet'],
  ])('walletTransfer with %s', async (_name, body, message) => {
    const m = await moneyMember(app, { balance: 1_000 });
    const before = await ledgerCounts(app);
    const r = await transfer(m, { ...body, key: newKey() });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body.message).toBe(message);
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(1_000);
  });

  it('refuses a missing or malformed key, unknown fields and another member’s ids', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    const other = await moneyMember(app, { balance: 1_000 });
    const before = await ledgerCounts(app);
    const noKey = await transfer(m, { from: 'MAIN', to: 'PG', amount: 5 });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe('money.errors.idempotency_key');
    expect((await transfer(m, { from: 'MAIN', to: 'PG', amount: 5, key: 'a b' })).body.message).toBe(
      'money.errors.idempotency_key',
    );
    const foreign = await transfer(m, {
      from: 'MAIN',
      to: 'PG',
      amount: 5,
      key: newKey(),
      memberId: other.id,
    });
    expect(foreign.status).toBe(400);
    expect(await ledgerCounts(app)).toEqual(before);
    // One member's key is not another's: the same key moves each member's own money only.
    const key = newKey();
    await transfer(m, { from: 'MAIN', to: 'PG', amount: 5, key });
    await transfer(other, { from: 'MAIN', to: 'PG', amount: 7, key });
    expect(await walletBalance(app, m.id)).toBe(995);
    expect(await walletBalance(app, other.id)).toBe(993);
  });

  it('refuses a vendor in maintenance, a single merchant wallet and trial accounts', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    const trial = await trialMember(1_000);
    const earlier = { from: 'MAIN', to: 'SABA', amount: 5, key: newKey() };
    const first = await transfer(m, earlier);
    const before = await ledgerCounts(app);
    await app.services.db.query(`update wallet_vendors set status = 'maintenance' where code = 'SABA'`);
    app.services.wallet.invalidate();
    try {
      // A repeat still gets its first answer; a new transfer is refused.
      expect((await transfer(m, earlier)).body.value).toEqual(first.body.value);
      const r = await transfer(m, { from: 'MAIN', to: 'SABA', amount: 5, key: newKey() });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('money.errors.vendor_unavailable');
      const b = await send<{ wallets: { code: string; status: string }[] }>(
        m,
        'GET',
        '/wps/v2/wallets/balance',
      );
      expect(b.body.value!.wallets.find((w) => w.code === 'SABA')!.status).toBe('maintenance');
    } finally {
      await app.services.db.query(`update wallet_vendors set status = 'active' where code = 'SABA'`);
      app.services.wallet.invalidate();
    }
    const single = `update money_settings set settings = jsonb_set(settings, '{isSingle}', $1::jsonb)`;
    await app.services.db.query(single, ['true']);
    app.services.wallet.invalidate();
    try {
      expect((await send(m, 'GET', '/wps/relay/MCSFE_merchantWallet')).body.value).toEqual({
        isSingle: true,
      });
      const r = await transfer(m, { from: 'MAIN', to: 'PG', amount: 5, key: newKey() });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('money.errors.vendor_unavailable');
    } finally {
      await app.services.db.query(single, ['false']);
      app.services.wallet.invalidate();
    }
    const t = await transfer(trial, { from: 'MAIN', to: 'PG', amount: 5, key: newKey() });
    expect(t.status).toBe(403);
    expect(t.body.message).toBe('errors.in_need_true_account');
    const c = await send(trial, 'POST', '/wps/relay/GCS_walletCollect', { key: newKey() });
    expect(c.status).toBe(403);
    expect(await ledgerCounts(app)).toEqual(before);
  });
});

describe('transferUpline', () => {
  const url = '/wps/relay/GCS_transferUpline';

  it('moves main to the upline for a member and for an agent, with the ledger rows right', async () => {
    const top = await moneyMember(app, { type: 1 });
    const agent = await moneyMember(app, { type: 2, balance: 2_000, upline: top.id });
    const member = await moneyMember(app, { balance: 1_000, upline: agent.id });
    const info = await send(member, 'GET', '/wps/member/upline');
    expect(info.body.value).toMatchObject({
      upline: { account: agent.account },
      allowed: true,
      balance: 1_000,
      hasPaymentPassword: true,
    });
    const r = await send<{ transferId: string; balance: number; upline: string }>(member, 'POST', url, {
      amount: 400,
      paymentPassword: '246810',
      key: newKey(),
    });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ amount: 400, balance: 600, upline: agent.account });
    const a = await send(agent, 'POST', url, { amount: 1_000, paymentPassword: '246810', key: newKey() });
    expect(a.status).toBe(200);
    expect(await walletBalance(app, agent.id)).toBe(1_400);
    expect(await walletBalance(app, top.id)).toBe(1_000);
    const entries = await app.services.db.query<{
      type: string;
      member_id: string;
      wallet_member: string;
      amount: string;
    }>(
      `select t.type, t.member_id, a.member_id as wallet_member, e.amount
         from ledger_transfers t join ledger_entries e on e.transfer_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.id = $1 order by e.amount`,
      [r.body.value!.transferId],
    );
    expect(
      entries.map((e) => [e.type, String(e.member_id), String(e.wallet_member), Number(e.amount)]),
    ).toEqual([
      ['upline_out', member.id, member.id, -400],
      ['upline_out', member.id, agent.id, 400],
    ]);
    await expectLedgerSound(app);
  });

  it('treats a member who is their own upline as having none (422, not 500)', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    await app.services.db.query('update members set upline_id = id where id = $1', [m.id]);
    const before = await ledgerCounts(app);
    const info = await send(m, 'GET', '/wps/member/upline');
    expect(info.body.value).toMatchObject({ upline: null, allowed: false });
    const r = await send(m, 'POST', url, { amount: 100, paymentPassword: '246810', key: newKey() });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('wallet.errors.no_upline');
    expect(await ledgerCounts(app)).toEqual(before);
  });

  it('refuses a wrong or missing payment password, no upline, too much, and trial accounts', async () => {
    const up = await moneyMember(app);
    const m = await moneyMember(app, { balance: 1_000, upline: up.id });
    const noPp = await moneyMember(app, { balance: 1_000, upline: up.id, paymentPassword: false });
    const orphan = await moneyMember(app, { balance: 1_000 });
    const trial = await trialMember(1_000, up.id);
    const before = await ledgerCounts(app);
    const wrong = await send(m, 'POST', url, { amount: 100, paymentPassword: '000000', key: newKey() });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('money.errors.wrong_payment_password');
    expect(wrong.body.fields).toEqual({ paymentPassword: 'money.errors.wrong_payment_password' });
    const missing = await send(m, 'POST', url, { amount: 100, key: newKey() });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('money.errors.payment_password_required');
    const empty = await send(m, 'POST', url, { amount: 100, paymentPassword: '', key: newKey() });
    expect(empty.body.message).toBe('money.errors.payment_password_required');
    const tooMuch = await send(m, 'POST', url, { amount: 1_001, paymentPassword: '246810', key: newKey() });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('money.errors.insufficient_balance');
    const r = await send(noPp, 'POST', url, { amount: 100, paymentPassword: '123456', key: newKey() });
    expect(r.body.message).toBe('money.errors.no_payment_password');
    expect((await send(orphan, 'GET', '/wps/member/upline')).body.value).toMatchObject({
      upline: null,
      allowed: false,
    });
    const o = await send(orphan, 'POST', url, { amount: 100, paymentPassword: '246810', key: newKey() });
    expect(o.status).toBe(422);
    expect(o.body.message).toBe('wallet.errors.no_upline');
    expect(
      (await send(trial, 'POST', url, { amount: 100, paymentPassword: '246810', key: newKey() })).status,
    ).toBe(403);
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(1_000);
    expect(await walletBalance(app, up.id)).toBe(0);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a deadlock in the hold (PostgreSQL)', () => {
  it('is retried, never a 500: one key used by two calls at once ends in a 409', async () => {
    const m = await moneyMember(app, { balance: 1_000 });
    const key = newKey();
    const [{ schema }] = (await app.services.db.query<{ schema: string }>(
      'select current_schema() as schema',
    )) as [{ schema: string }];
    // Another money call with the same key (transferUpline, a withdrawal …): it claimed the key
    // first, then locks the main wallet, which the hold already locked and waits on that key.
    const other = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL,
      options: `-c search_path=${schema}`,
    });
    await other.connect();
    try {
      await other.query('begin');
      // The hold (which waits first) must be the one PostgreSQL's deadlock check finds.
      await other.query(`set local deadlock_timeout = '10s'`);
      const [{ xid }] = (await other.query<{ xid: string }>('select pg_current_xact_id()::xid::text as xid'))
        .rows as [{ xid: string }];
      await other.query(
        `insert into idempotency_keys (member_id, key, scope, request_hash, status) values ($1, $2, 'transferUpline', 'x', 'pending')`,
        [m.id, key],
      );
      const answer = transfer(m, { from: 'MAIN', to: 'PG', amount: 100, key });
      // Wait until the hold has locked the main wallet and waits on this transaction's key.
      await expect
        .poll(
          async () =>
            (
              await other.query(
                `select 1 from pg_locks where locktype = 'transactionid' and transactionid::text = $1 and not granted`,
                [xid],
              )
            ).rowCount,
          { timeout: 10_000, interval: 10 },
        )
        .toBe(1);
      await other.query(
        `update ledger_accounts set balance = balance where kind = 'member' and member_id = $1 and wallet = 'MAIN'`,
        [m.id],
      );
      await other.query('commit');
      const r = await answer;
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('money.errors.idempotency_conflict');
    } finally {
      await other.end();
    }
    expect(await walletBalance(app, m.id)).toBe(1_000);
    await expectLedgerSound(app);
  });
});
