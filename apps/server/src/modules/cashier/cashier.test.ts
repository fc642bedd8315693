import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { secureCall } from '../../test/accounts.ts';
import { call, opsCall, useTestApp } from '../../test/calls.ts';
import {
  fund,
  ledgerCounts,
  moneyMember,
  newKey,
  TEST_PAYMENT_PASSWORD,
  walletBalance,
  type MoneyMember,
} from '../../test/money.ts';
import { autoReceiveC2c } from './c2c.job.ts';
import { sign, DEV_GATEWAY_SECRET } from './cashier.service.ts';
import { GATEWAY_SIGNATURE_HEADER } from './gateway.routes.ts';

let app: FastifyInstance;
useTestApp((a) => (app = a), { ledgerSound: true });

const send = <T = unknown>(
  m: MoneyMember,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) => call<T>(app, m, method, url, payload);
const ops = (command: string, ...args: string[]) => opsCall(app, command, ...args);

interface Card {
  id: number;
  accountNumber: string;
}
interface WithdrawalV {
  id: number;
  amount: number;
  status: string;
  accountNumber: string;
  c2c: null | {
    depositorName: string;
    autoReceiveAt: string;
    outcome: string | null;
    amountReceived: number | null;
    proofs: number;
    disputed: boolean;
  };
}
interface DepositV {
  id: number;
  channel: string;
  amount: number;
  status: string;
  payUrl: string | null;
  c2c: null | { payeeName: string; bankName: string; accountNumber: string; guarantee: number };
}
interface Channel {
  id: number;
  code: 'BANK' | 'INSTANT' | 'C2C';
  min: number;
  max: number;
  receiver: null | { accountNumber: string };
}

let cardNo = 100_000_000;
async function addCard(m: MoneyMember): Promise<Card> {
  const r = await send<Card>(m, 'POST', '/wps/member/bankcards', {
    bankName: 'KBZ Bank',
    accountName: 'Test Payee',
    accountNumber: String(cardNo++),
  });
  expect(r.status).toBe(200);
  return r.body.value!;
}
const withdraw = (m: MoneyMember, body: Record<string, unknown>) =>
  send<WithdrawalV>(m, 'POST', '/wps/v2/withdraw', { paymentPassword: TEST_PAYMENT_PASSWORD, ...body });
let channels: Channel[];
const channel = (code: Channel['code']) => channels.find((c) => c.code === code)!;
const deposit = (m: MoneyMember, body: Record<string, unknown>) =>
  send<DepositV>(m, 'POST', '/wps/v2/deposit', body);
async function notices(memberId: string): Promise<{ kind: string; params: Record<string, number> }[]> {
  return app.services.db.query(`select kind, params from messages where member_id = $1 order by id`, [
    memberId,
  ]);
}
async function houseTotal(): Promise<number> {
  const [r] = await app.services.db.query<{ s: string | null }>(
    `select sum(e.amount) as s from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.kind = 'system' and a.code = 'HOUSE'`,
  );
  return Number(r?.s ?? 0);
}
/** Amounts unique to each test, so C2C matching never picks another test's withdrawal. */
let amountSeq = 0;
const uniqueAmount = () => 200_000 + ++amountSeq * 1_000 + 37;

beforeAll(async () => {
  const m = await moneyMember(app);
  channels = (await send<Channel[]>(m, 'GET', '/wps/v2/deposit/channels')).body.value!;
});

describe('channels and bank cards', () => {
  it('lists the three seeded channels with limits; BANK shows its receiving account', () => {
    expect(channels.map((c) => c.code)).toEqual(['BANK', 'INSTANT', 'C2C']);
    expect(channel('BANK').receiver?.accountNumber).toMatch(/^\d+$/);
    expect(channel('INSTANT').receiver).toBeNull();
    for (const c of channels) expect(c.min).toBeLessThanOrEqual(c.max);
  });

  it('adds cards masked, refuses bad or duplicate ones, removes only own cards', async () => {
    const m = await moneyMember(app);
    const other = await moneyMember(app);
    const r = await send<Card>(m, 'POST', '/wps/member/bankcards', {
      bankName: 'AYA Bank',
      accountName: 'Mg Mg',
      accountNumber: '1234567890123',
    });
    expect(r.status).toBe(200);
    expect(r.body.value!.accountNumber).toBe('**** 0123');
    const dup = await send(m, 'POST', '/wps/member/bankcards', {
      bankName: 'AYA Bank',
      accountName: 'Mg Mg',
      accountNumber: '1234567890123',
    });
    expect([dup.status, dup.body.message]).toEqual([409, 'cashier.errors.card_exists']);
    for (const [field, body] of [
      ['accountNumber', { bankName: 'AYA', accountName: 'Mg Mg', accountNumber: '12ab' }],
      ['bankName', { bankName: ' ', accountName: 'Mg Mg', accountNumber: '123456' }],
      ['accountName', { bankName: 'AYA', accountName: '', accountNumber: '123456' }],
    ] as const) {
      const bad = await send(m, 'POST', '/wps/member/bankcards', body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        {
          accountNumber: 'cashier.errors.account_number',
          bankName: 'cashier.errors.bank_name',
          accountName: 'cashier.errors.account_name',
        }[field],
      );
    }
    const theirs = await send(other, 'DELETE', `/wps/member/bankcards?id=${r.body.value!.id}`);
    expect([theirs.status, theirs.body.message]).toEqual([404, 'cashier.errors.card_not_found']);
    expect((await send<Card[]>(m, 'GET', '/wps/member/bankcards')).body.value).toHaveLength(1);
    const mine = await send(m, 'DELETE', `/wps/member/bankcards?id=${r.body.value!.id}`);
    expect(mine.body.value).toEqual({ removed: true });
    expect((await send<Card[]>(m, 'GET', '/wps/member/bankcards')).body.value).toEqual([]);
  });

  it('withdrawInfo gives the limits, the main balance and the auto-receive minutes', async () => {
    const m = await moneyMember(app, { balance: 123_456 });
    const r = await send<Record<string, unknown>>(m, 'GET', '/wps/v2/withdraw/info');
    expect(r.body.value).toEqual({
      min: 100_000,
      max: 500_000_000,
      balance: 123_456,
      autoReceiveMinutes: 30,
      hasPaymentPassword: true,
    });
  });
});

describe('withdrawals', () => {
  it('20 parallel withdrawals of 60% of the balance: exactly one accepted; approving twice posts once', async () => {
    const m = await moneyMember(app, { balance: 1_000_000 });
    const card = await addCard(m);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(m, { bankCardId: card.id, amount: 600_000, key: newKey() })),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(422);
      expect(a.body.message).toBe('money.errors.insufficient_balance');
    }
    expect(await walletBalance(app, m.id)).toBe(400_000);
    const w = ok[0]!.body.value!;
    expect(w).toMatchObject({
      amount: 600_000,
      status: 'pending',
      accountNumber: card.accountNumber,
      c2c: null,
    });

    const before = await ledgerCounts(app);
    const [a1, a2] = await Promise.all([
      ops('withdrawal', 'approve', String(w.id)),
      ops('withdrawal', 'approve', String(w.id)),
    ]);
    expect([a1.status, a2.status].sort()).toEqual([200, 409]);
    const again = await ops('withdrawal', 'approve', String(w.id));
    expect(again.status).toBe(409);
    expect(await ops('withdrawal', 'reject', String(w.id))).toMatchObject({ status: 409 });
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + 1);
    expect(await walletBalance(app, m.id)).toBe(400_000);
    const list = await send<{ items: WithdrawalV[]; total: number }>(m, 'GET', '/wps/v2/withdraw/list');
    expect(list.body.value!.items[0]).toMatchObject({ id: w.id, status: 'approved' });
    expect((await notices(m.id)).map((n) => n.kind)).toEqual(['withdrawal_approved']);
  });

  it('reject returns the held amount (withdrawal_return) with a notice', async () => {
    const m = await moneyMember(app, { balance: 500_000 });
    const card = await addCard(m);
    const w = (await withdraw(m, { bankCardId: card.id, amount: 150_000, key: newKey() })).body.value!;
    expect(await walletBalance(app, m.id)).toBe(350_000);
    const r = await ops('withdrawal', 'reject', String(w.id));
    expect(r.status).toBe(200);
    expect(await walletBalance(app, m.id)).toBe(500_000);
    expect(await ops('withdrawal', 'reject', String(w.id))).toMatchObject({ status: 409 });
    expect(await walletBalance(app, m.id)).toBe(500_000);
    const [t] = await app.services.db.query<{ type: string }>(
      `select type from ledger_transfers where member_id = $1 order by id desc limit 1`,
      [m.id],
    );
    expect(t!.type).toBe('withdrawal_return');
    expect(await notices(m.id)).toEqual([
      { kind: 'withdrawal_rejected', params: { amount: 150_000, withdrawalId: w.id } },
    ]);
    const listed = await ops('withdrawal', 'list');
    expect(listed.message).not.toContain(`#${w.id} `);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const m = await moneyMember(app, { balance: 10_000_000 });
    const other = await moneyMember(app, { balance: 10_000_000 });
    const card = await addCard(m);
    const theirCard = await addCard(other);
    const noPp = await moneyMember(app, { balance: 10_000_000, paymentPassword: false });
    const noPpCard = await addCard(noPp);
    const before = await ledgerCounts(app);
    const cases: [MoneyMember, Record<string, unknown>, number, string][] = [
      [m, { bankCardId: card.id, amount: -100_000 }, 400, 'money.errors.amount_invalid'],
      [m, { bankCardId: card.id, amount: 0 }, 400, 'money.errors.amount_invalid'],
      [m, { bankCardId: card.id, amount: 150_000.5 }, 400, 'money.errors.amount_invalid'],
      [m, { bankCardId: card.id, amount: 1e13 }, 400, 'money.errors.amount_invalid'],
      [m, { bankCardId: card.id, amount: '150000' }, 400, 'money.errors.amount_invalid'],
      [m, { bankCardId: card.id, amount: 99_999 }, 422, 'cashier.errors.below_min'],
      [m, { bankCardId: card.id, amount: 500_000_001 }, 422, 'cashier.errors.above_max'],
      [m, { bankCardId: theirCard.id, amount: 150_000 }, 404, 'cashier.errors.card_not_found'],
      [m, { bankCardId: 999_999_999, amount: 150_000 }, 404, 'cashier.errors.card_not_found'],
      [
        m,
        { bankCardId: card.id, amount: 150_000, paymentPassword: '000000' },
        422,
        'money.errors.wrong_payment_password',
      ],
      [noPp, { bankCardId: noPpCard.id, amount: 150_000 }, 422, 'money.errors.no_payment_password'],
      [m, { bankCardId: card.id, amount: 150_000, key: 'short' }, 400, 'money.errors.idempotency_key'],
    ];
    for (const [who, body, status, message] of cases) {
      const r = await withdraw(who, { key: newKey(), ...body });
      expect([status, r.body.message], JSON.stringify(body)).toEqual([status, message]);
      expect(r.status).toBe(status);
    }
    const below = await withdraw(m, { bankCardId: card.id, amount: 99_999, key: newKey() });
    expect(below.body.value).toEqual({ min: 100_000, max: 500_000_000 });
    expect(below.body.fields).toEqual({ amount: 'cashier.errors.below_min' });
    for (const amount of [-1, 0, 1.5, 1e13, '5000', null]) {
      const r = await deposit(m, { channelId: channel('BANK').id, amount, key: newKey() });
      expect([r.status, r.body.message]).toEqual([400, 'money.errors.amount_invalid']);
    }
    const tooSmall = await deposit(m, { channelId: channel('BANK').id, amount: 1, key: newKey() });
    expect([tooSmall.status, tooSmall.body.message]).toEqual([422, 'cashier.errors.below_min']);
    const unknown = await deposit(m, { channelId: 99_999, amount: 50_000, key: newKey() });
    expect([unknown.status, unknown.body.message]).toEqual([422, 'cashier.errors.unknown_channel']);
    expect(await ledgerCounts(app)).toEqual(before);
    const [d] = await app.services.db.query<{ n: string }>(
      'select count(*) as n from deposits where member_id = $1',
      [m.id],
    );
    expect(Number(d!.n)).toBe(0);
    expect(await walletBalance(app, m.id)).toBe(10_000_000);
  });

  it('a trial account cannot deposit, withdraw or add a card', async () => {
    const res = await secureCall(app, 'POST', '/wps/session/login/freeplay', {
      os: 'linux',
      platform: 'W',
      random: 'y'.repeat(24),
    });
    const token = (res.json() as { value: { token: string } }).value.token;
    const trial: MoneyMember = {
      id: '0',
      account: '',
      password: '',
      token,
      headers: { authorization: `Bearer ${token}` },
    };
    const before = await ledgerCounts(app);
    for (const r of [
      await deposit(trial, { channelId: channel('BANK').id, amount: 50_000, key: newKey() }),
      await withdraw(trial, { bankCardId: 1, amount: 150_000, key: newKey() }),
      await send(trial, 'POST', '/wps/member/bankcards', {
        bankName: 'AYA',
        accountName: 'Mg',
        accountNumber: '123456',
      }),
    ]) {
      expect([r.status, r.body.message]).toEqual([403, 'errors.in_need_true_account']);
    }
    expect(await ledgerCounts(app)).toEqual(before);
  });

  it('one key repeated 5 times, sequentially and concurrently: one withdrawal, one transfer', async () => {
    const m = await moneyMember(app, { balance: 2_000_000 });
    const card = await addCard(m);
    const before = await ledgerCounts(app);
    const key = newKey();
    const seq: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await withdraw(m, { bankCardId: card.id, amount: 150_000, key });
      expect(r.status).toBe(200);
      seq.push(r.body.value!.id);
    }
    expect(new Set(seq).size).toBe(1);
    const key2 = newKey();
    const conc = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(m, { bankCardId: card.id, amount: 160_000, key: key2 })),
    );
    expect(conc.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(conc.map((r) => r.body.value!.id)).size).toBe(1);
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + 2);
    expect(await walletBalance(app, m.id)).toBe(2_000_000 - 150_000 - 160_000);
    const conflict = await withdraw(m, { bankCardId: card.id, amount: 170_000, key });
    expect([conflict.status, conflict.body.message]).toEqual([409, 'money.errors.idempotency_conflict']);
    for (const id of new Set(seq)) await ops('withdrawal', 'reject', String(id));
    await ops('withdrawal', 'reject', String(conc[0]!.body.value!.id));
  });
});

describe('bank-transfer deposits', () => {
  it('pending until the operator approves (credited once) or rejects (failed)', async () => {
    const m = await moneyMember(app);
    const key = newKey();
    const made = await Promise.all(
      Array.from({ length: 5 }, () =>
        deposit(m, { channelId: channel('BANK').id, amount: 250_000, payerName: 'Mg Mg', key }),
      ),
    );
    expect(new Set(made.map((r) => r.body.value!.id)).size).toBe(1);
    for (let i = 0; i < 4; i++)
      await deposit(m, { channelId: channel('BANK').id, amount: 250_000, payerName: 'Mg Mg', key });
    const d = made[0]!.body.value!;
    expect(d).toMatchObject({ channel: 'BANK', amount: 250_000, status: 'pending', payUrl: null, c2c: null });
    expect((await ops('deposit', 'list')).message).toContain(`#${d.id} `);
    const before = await ledgerCounts(app);
    const [a, b] = await Promise.all([
      ops('deposit', 'approve', String(d.id)),
      ops('deposit', 'approve', String(d.id)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await ops('deposit', 'reject', String(d.id))).toMatchObject({ status: 409 });
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + 1);
    expect(await walletBalance(app, m.id)).toBe(250_000);
    const list = await send<{ items: DepositV[] }>(m, 'GET', '/wps/v2/deposit/list');
    expect(list.body.value!.items.map((x) => [x.id, x.status])).toEqual([[d.id, 'succeeded']]);

    const d2 = (await deposit(m, { channelId: channel('BANK').id, amount: 30_000, key: newKey() })).body
      .value!;
    expect((await ops('deposit', 'reject', String(d2.id))).status).toBe(200);
    expect(await ops('deposit', 'approve', String(d2.id))).toMatchObject({ status: 409 });
    expect(await walletBalance(app, m.id)).toBe(250_000);
    expect((await notices(m.id)).map((n) => n.kind)).toEqual(['deposit_arrived', 'deposit_failed']);
    expect((await ops('deposit', 'approve', 'x')).status).toBe(400);
    expect((await ops('deposit', 'approve', '999999')).status).toBe(404);
  });
});

describe('instant demo gateway', () => {
  const callback = (raw: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/wps/payment/callback/demo',
      headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signature },
      payload: raw,
    });

  it('pay page → Pay → signed callback credits once → back to the site', async () => {
    const m = await moneyMember(app);
    const d = (await deposit(m, { channelId: channel('INSTANT').id, amount: 77_700, key: newKey() })).body
      .value!;
    expect(d.status).toBe('pending');
    expect(d.payUrl).toMatch(/^\/wps\/payment\/demo\/pay\?deposit=\d+&sig=[0-9a-f]{64}$/);
    const pageRes = await app.inject({ method: 'GET', url: d.payUrl! });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toContain('text/html');
    expect(pageRes.body).toContain('777.00');
    expect(pageRes.body).not.toMatch(/<script|style=/);
    expect(String(pageRes.headers['content-security-policy'])).toContain("script-src 'self'");
    const forged = await app.inject({
      method: 'GET',
      url: `/wps/payment/demo/pay?deposit=${d.id}&sig=${'0'.repeat(64)}`,
    });
    expect(forged.statusCode).toBe(404);

    const sig = new URL(d.payUrl!, 'http://x').searchParams.get('sig')!;
    const pay = await app.inject({
      method: 'POST',
      url: '/wps/payment/demo/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `deposit=${d.id}&sig=${sig}&action=pay`,
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/?panel=personal&page=depositv2&deposit=${d.id}&result=paid`);
    expect(await walletBalance(app, m.id)).toBe(77_700);
    expect((await notices(m.id)).map((n) => n.kind)).toEqual(['deposit_arrived']);

    // The gateway's notification replayed: answered, nothing more posted.
    const before = await ledgerCounts(app);
    const raw = JSON.stringify({ depositId: d.id, amount: 77_700, status: 'paid', txnId: `demo-${d.id}` });
    const replays = await Promise.all([1, 2, 3].map(() => callback(raw, sign(DEV_GATEWAY_SECRET, raw))));
    for (const r of replays)
      expect(r.json()).toEqual({ success: true, value: { depositId: d.id, status: 'succeeded' } });
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, m.id)).toBe(77_700);
  });

  it('a bad signature is refused (401) and writes nothing; cancel fails the deposit', async () => {
    const m = await moneyMember(app);
    const d = (await deposit(m, { channelId: channel('INSTANT').id, amount: 55_500, key: newKey() })).body
      .value!;
    const raw = JSON.stringify({ depositId: d.id, amount: 55_500, status: 'paid' });
    const before = await ledgerCounts(app);
    for (const signature of ['', 'abc', sign('another-secret', raw), sign(DEV_GATEWAY_SECRET, `${raw} `)]) {
      const r = await callback(raw, signature);
      expect(r.statusCode).toBe(401);
    }
    const wrongAmount = JSON.stringify({ depositId: d.id, amount: 55_501, status: 'paid' });
    expect((await callback(wrongAmount, sign(DEV_GATEWAY_SECRET, wrongAmount))).statusCode).toBe(422);
    expect(await ledgerCounts(app)).toEqual(before);
    expect(
      (await send<{ items: DepositV[] }>(m, 'GET', '/wps/v2/deposit/list')).body.value!.items[0]!.status,
    ).toBe('pending');
    const sig = new URL(d.payUrl!, 'http://x').searchParams.get('sig')!;
    const cancel = await app.inject({
      method: 'POST',
      url: '/wps/payment/demo/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `deposit=${d.id}&sig=${sig}&action=cancel`,
    });
    expect(cancel.headers.location).toContain('result=cancelled');
    const after = (await send<{ items: DepositV[] }>(m, 'GET', '/wps/v2/deposit/list')).body.value!.items[0]!;
    expect([after.status, after.payUrl]).toEqual(['failed', null]);
    expect(await walletBalance(app, m.id)).toBe(0);
    expect((await notices(m.id)).map((n) => n.kind)).toEqual(['deposit_failed']);
    // A paid callback after the cancel changes nothing.
    expect((await callback(raw, sign(DEV_GATEWAY_SECRET, raw))).json().value.status).toBe('failed');
    expect(await walletBalance(app, m.id)).toBe(0);
  });
});

describe('C2C', () => {
  /** A withdrawer with a pending withdrawal of `amount`, and a depositor matched to it. */
  async function matched(amount = uniqueAmount()) {
    const withdrawer = await moneyMember(app, { balance: amount + 1_000_000 });
    const card = await addCard(withdrawer);
    const w = (await withdraw(withdrawer, { bankCardId: card.id, amount, key: newKey() })).body.value!;
    const depositor = await moneyMember(app, { balance: 1_000_000 });
    const r = await deposit(depositor, {
      channelId: channel('C2C').id,
      amount,
      key: newKey(),
      payerName: 'Ko Ko',
    });
    expect(r.status).toBe(200);
    const d = r.body.value!;
    return { withdrawer, depositor, w, d, amount, guarantee: Math.floor(amount / 100) };
  }
  const confirm = (m: MoneyMember, body: Record<string, unknown>) =>
    send<WithdrawalV>(m, 'POST', '/wps/v2/withdraw/c2c/confirm', { key: newKey(), ...body });
  const png = (size = 64) => {
    const b = Buffer.alloc(size, 7);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
    return b.toString('base64');
  };
  const jpg = (size = 64) => {
    const b = Buffer.alloc(size, 9);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(b);
    return b.toString('base64');
  };
  const proof = (m: MoneyMember, withdrawalId: number, images: unknown[]) =>
    send<{ proofs: number }>(m, 'POST', '/wps/v2/withdraw/c2c/proof', { withdrawalId, images });

  it('matches a pending withdrawal of the same amount and holds the guarantee', async () => {
    const { withdrawer, depositor, w, d, amount, guarantee } = await matched();
    expect(d).toMatchObject({ channel: 'C2C', amount, status: 'pending', payUrl: null });
    expect(d.c2c).toEqual({
      payeeName: 'Test Payee',
      bankName: 'KBZ Bank',
      accountNumber: expect.stringMatching(/^\d+$/),
      guarantee,
    });
    expect(await walletBalance(app, depositor.id)).toBe(1_000_000 - guarantee);
    const mine = (await send<{ items: WithdrawalV[] }>(withdrawer, 'GET', '/wps/v2/withdraw/list')).body
      .value!.items[0]!;
    expect(mine).toMatchObject({ id: w.id, status: 'matched' });
    expect(mine.c2c).toMatchObject({ depositorName: 'Ko Ko', outcome: null, proofs: 0, disputed: false });
    // No second depositor for the same withdrawal; the withdrawer cannot match their own.
    const again = await deposit(depositor, { channelId: channel('C2C').id, amount, key: newKey() });
    expect([again.status, again.body.message]).toEqual([422, 'cashier.errors.no_c2c_match']);
    const broke = await moneyMember(app);
    const w2 = (
      await withdraw(withdrawer, {
        bankCardId: (await addCard(withdrawer)).id,
        amount: amount + 1,
        key: newKey(),
      })
    ).body.value!;
    const self = await deposit(withdrawer, {
      channelId: channel('C2C').id,
      amount: amount + 1,
      key: newKey(),
    });
    expect(self.body.message).toBe('cashier.errors.no_c2c_match');
    const poor = await deposit(broke, { channelId: channel('C2C').id, amount: amount + 1, key: newKey() });
    expect([poor.status, poor.body.message]).toEqual([422, 'money.errors.insufficient_balance']);
    await ops('withdrawal', 'reject', String(w2.id));
    expect((await ops('withdrawal', 'approve', String(w.id))).status).toBe(409);
    expect((await ops('c2c', 'list')).message).toContain(`#${w.id} `);
    await confirm(withdrawer, { withdrawalId: w.id, outcome: 'full' });
  });

  it('received in full: the depositor gets the amount and the guarantee back; repeated keys post once', async () => {
    const { withdrawer, depositor, w, d, amount } = await matched();
    const other = await moneyMember(app);
    const before = await ledgerCounts(app);
    const stranger = await confirm(other, { withdrawalId: w.id, outcome: 'full' });
    expect([stranger.status, stranger.body.message]).toEqual([404, 'cashier.errors.withdrawal_not_found']);
    const byDepositor = await confirm(depositor, { withdrawalId: w.id, outcome: 'full' });
    expect(byDepositor.status).toBe(404);
    expect(await ledgerCounts(app)).toEqual(before);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => confirm(withdrawer, { withdrawalId: w.id, outcome: 'full', key })),
    );
    for (let i = 0; i < 5; i++)
      answers.push(await confirm(withdrawer, { withdrawalId: w.id, outcome: 'full', key }));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + 2); // deposit + guarantee back
    expect(await walletBalance(app, depositor.id)).toBe(1_000_000 + amount);
    expect(await walletBalance(app, withdrawer.id)).toBe(1_000_000);
    const after = (await send<{ items: WithdrawalV[] }>(withdrawer, 'GET', '/wps/v2/withdraw/list')).body
      .value!.items[0]!;
    expect(after).toMatchObject({ status: 'approved', c2c: { outcome: 'full', amountReceived: amount } });
    const dep = (await send<{ items: DepositV[] }>(depositor, 'GET', '/wps/v2/deposit/list')).body.value!
      .items[0]!;
    expect([dep.id, dep.status]).toEqual([d.id, 'succeeded']);
    expect((await notices(depositor.id)).map((n) => n.kind)).toEqual(['deposit_arrived']);
    expect((await notices(withdrawer.id)).map((n) => n.kind)).toEqual(['withdrawal_approved']);
    const late = await confirm(withdrawer, { withdrawalId: w.id, outcome: 'partial', amountReceived: 1 });
    expect([late.status, late.body.message]).toEqual([422, 'cashier.errors.not_awaiting_confirmation']);
  });

  it('partly received: the depositor gets what arrived, the remainder returns to the withdrawer', async () => {
    const { withdrawer, depositor, w, amount } = await matched();
    for (const bad of [0, amount, amount + 1, 1.5, -5]) {
      const r = await confirm(withdrawer, { withdrawalId: w.id, outcome: 'partial', amountReceived: bad });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    const missing = await confirm(withdrawer, { withdrawalId: w.id, outcome: 'partial' });
    expect([missing.status, missing.body.message]).toEqual([422, 'cashier.errors.partial_amount']);
    const r = await confirm(withdrawer, { withdrawalId: w.id, outcome: 'partial', amountReceived: 150_000 });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      status: 'approved',
      c2c: { outcome: 'partial', amountReceived: 150_000 },
    });
    expect(await walletBalance(app, depositor.id)).toBe(1_000_000 + 150_000);
    expect(await walletBalance(app, withdrawer.id)).toBe(1_000_000 + amount - 150_000);
  });

  it('not received: proof images first, then disputed until the operator resolves it', async () => {
    const a = await matched();
    const noProof = await confirm(a.withdrawer, { withdrawalId: a.w.id, outcome: 'none' });
    expect([noProof.status, noProof.body.message]).toEqual([422, 'cashier.errors.proof_required']);
    expect((await proof(a.withdrawer, a.w.id, [{ type: 'image/png', data: png() }])).body.value).toEqual({
      proofs: 1,
    });
    const r = await confirm(a.withdrawer, { withdrawalId: a.w.id, outcome: 'none' });
    expect(r.body.value).toMatchObject({
      status: 'matched',
      c2c: { outcome: 'none', disputed: true, proofs: 1 },
    });
    expect(
      (await send<{ items: DepositV[] }>(a.depositor, 'GET', '/wps/v2/deposit/list')).body.value!.items[0]!
        .status,
    ).toBe('disputed');
    expect(
      await autoReceiveC2c({ money: app.services.money, now: () => new Date(Date.now() + 3 * 3600_000) }),
    ).toBe(0);
    expect((await ops('c2c', 'list')).message).toMatch(
      new RegExp(`#${a.w.id} .*DISPUTED \\(1 proof images\\)`),
    );
    expect((await ops('c2c', 'resolve', String(a.w.id), 'maybe')).status).toBe(400);
    const res = await ops('c2c', 'resolve', String(a.w.id), 'received');
    expect(res.status).toBe(200);
    expect((await ops('c2c', 'resolve', String(a.w.id), 'not_received')).status).toBe(409);
    expect(await walletBalance(app, a.depositor.id)).toBe(1_000_000 + a.amount);

    const b = await matched();
    await proof(b.withdrawer, b.w.id, [{ type: 'image/jpeg', data: jpg() }]);
    await confirm(b.withdrawer, { withdrawalId: b.w.id, outcome: 'none' });
    const house = await houseTotal();
    expect((await ops('c2c', 'resolve', String(b.w.id), 'not_received')).status).toBe(200);
    expect(await walletBalance(app, b.withdrawer.id)).toBe(1_000_000 + b.amount);
    expect(await walletBalance(app, b.depositor.id)).toBe(1_000_000 - b.guarantee);
    expect((await houseTotal()) - house).toBe(b.guarantee);
    expect((await notices(b.withdrawer.id)).map((n) => n.kind)).toEqual(['withdrawal_rejected']);
    expect((await notices(b.depositor.id)).map((n) => n.kind)).toEqual(['deposit_failed']);
  });

  it('auto-receive after the configured minutes (moved clock): credited, guarantee kept by the house', async () => {
    const { withdrawer, depositor, w, amount, guarantee } = await matched();
    const info = (await send<{ items: WithdrawalV[] }>(withdrawer, 'GET', '/wps/v2/withdraw/list')).body
      .value!.items[0]!;
    const due = new Date(info.c2c!.autoReceiveAt).getTime();
    expect(await autoReceiveC2c({ money: app.services.money, now: () => new Date(due - 1_000) })).toBe(0);
    const house = await houseTotal();
    const [n1, n2] = await Promise.all([
      autoReceiveC2c({ money: app.services.money, now: () => new Date(due + 1_000) }),
      autoReceiveC2c({ money: app.services.money, now: () => new Date(due + 1_000) }),
    ]);
    expect(n1 + n2).toBeGreaterThanOrEqual(1);
    expect(await walletBalance(app, depositor.id)).toBe(1_000_000 - guarantee + amount);
    expect((await houseTotal()) - house).toBe(guarantee);
    const after = await confirm(withdrawer, { withdrawalId: w.id, outcome: 'full' });
    expect([after.status, after.body.message]).toEqual([422, 'cashier.errors.not_awaiting_confirmation']);
    const listed = (await send<{ items: WithdrawalV[] }>(withdrawer, 'GET', '/wps/v2/withdraw/list')).body
      .value!.items[0]!;
    expect(listed).toMatchObject({ status: 'approved', c2c: { outcome: 'full', amountReceived: amount } });
  });

  it('proof images: png or jpg by their bytes, at most 5 MB each, at most 3', async () => {
    const { withdrawer, w } = await matched();
    const other = await moneyMember(app);
    const notImage = Buffer.from('GIF89a not allowed here').toString('base64');
    const cases: [unknown[], number, string][] = [
      [[{ type: 'image/png', data: notImage }], 422, 'cashier.errors.image_type'],
      [[{ type: 'image/png', data: jpg() }], 422, 'cashier.errors.image_type'],
      [[{ type: 'image/gif', data: png() }], 400, 'cashier.errors.image_type'],
      [[{ type: 'image/png', data: 'not base64!!' }], 422, 'cashier.errors.image_type'],
      [[{ type: 'image/png', data: png(5 * 1024 * 1024 + 1) }], 422, 'cashier.errors.image_too_large'],
      [[{ type: 'image/png', data: 'A'.repeat(7_100_004) }], 400, 'cashier.errors.image_too_large'],
      [
        Array.from({ length: 4 }, () => ({ type: 'image/png', data: png() })),
        400,
        'cashier.errors.too_many_images',
      ],
    ];
    for (const [images, status, message] of cases) {
      const r = await proof(withdrawer, w.id, images);
      expect([r.status, r.body.message]).toEqual([status, message]);
    }
    const theirs = await proof(other, w.id, [{ type: 'image/png', data: png() }]);
    expect([theirs.status, theirs.body.message]).toEqual([404, 'cashier.errors.withdrawal_not_found']);
    const big = await proof(withdrawer, w.id, [{ type: 'image/png', data: png(5 * 1024 * 1024) }]);
    expect(big.body.value).toEqual({ proofs: 1 });
    expect(
      (
        await proof(withdrawer, w.id, [
          { type: 'image/jpeg', data: jpg() },
          { type: 'image/png', data: png() },
        ])
      ).body.value,
    ).toEqual({
      proofs: 3,
    });
    const fourth = await proof(withdrawer, w.id, [{ type: 'image/jpeg', data: jpg() }]);
    expect([fourth.status, fourth.body.message]).toEqual([422, 'cashier.errors.too_many_images']);
    await confirm(withdrawer, { withdrawalId: w.id, outcome: 'full' });
    const done = await proof(withdrawer, w.id, [{ type: 'image/jpeg', data: jpg() }]);
    expect(done.body.message).toBe('cashier.errors.not_awaiting_confirmation');
  });

  it('C2C deposit key repeated 5 times (sequential and concurrent): one match, one guarantee', async () => {
    const amount = uniqueAmount();
    const withdrawer = await moneyMember(app, { balance: 2 * amount });
    const card = await addCard(withdrawer);
    await withdraw(withdrawer, { bankCardId: card.id, amount, key: newKey() });
    await withdraw(withdrawer, { bankCardId: card.id, amount, key: newKey() });
    const depositor = await moneyMember(app);
    await fund(app, depositor.id, 1_000_000);
    const before = await ledgerCounts(app);
    const key = newKey();
    const conc = await Promise.all(
      Array.from({ length: 5 }, () => deposit(depositor, { channelId: channel('C2C').id, amount, key })),
    );
    for (let i = 0; i < 5; i++)
      conc.push(await deposit(depositor, { channelId: channel('C2C').id, amount, key }));
    expect(conc.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(conc.map((r) => r.body.value!.id)).size).toBe(1);
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + 1);
    const open = (await send<{ items: WithdrawalV[] }>(withdrawer, 'GET', '/wps/v2/withdraw/list')).body
      .value!.items;
    expect(open.map((x) => x.status).sort()).toEqual(['matched', 'pending']);
    for (const x of open)
      if (x.status === 'matched') await confirm(withdrawer, { withdrawalId: x.id, outcome: 'full' });
      else await ops('withdrawal', 'reject', String(x.id));
  });
});
