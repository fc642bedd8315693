import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_MISSIONS, DEMO_REFERRAL_RULE, seedDemoRewards } from '../../seed/demo-rewards.ts';
import { useTestApp } from '../../test/calls.ts';
import {
  expectLedgerSound,
  fund,
  ledgerCounts,
  moneyMember,
  newKey,
  TEST_PAYMENT_PASSWORD,
  walletBalance,
  type MoneyMember,
} from '../../test/money.ts';
import { insertTree, sessionOf } from '../agents/test-tree.ts';
import { countRows, noticesOf, ops, send, trialMember } from './testing.ts';

/**
 * Issue 9, the reward centre: operator grants, claiming (once: by key, by reward, under 20
 * concurrent claims), expiry, history, bonus details, one 404 for another member's reward or
 * envelope, bad input refused with nothing written, trial accounts refused, red envelopes opened on
 * the receiving side without a second credit, and the seed.
 */

let app: FastifyInstance;
useTestApp((a) => (app = a));

interface RewardV {
  id: number;
  source: string;
  status: string;
  amount: number;
  title: string | null;
  expiresAt: string | null;
  claimedAt: string | null;
}
interface ListV {
  items: RewardV[];
  total: number;
  claimableAmount: number;
}
interface ClaimV {
  rewardId: number;
  amount: number;
  type: string;
  transferId: string;
  balance: number;
}

const list = (m: MoneyMember, view: 'claimable' | 'history' = 'claimable') =>
  send<ListV>(app, m, 'GET', '/wps/rewards', { view });
const claim = (m: MoneyMember, rewardId: unknown, key: unknown = newKey()) =>
  send<ClaimV>(app, m, 'POST', '/wps/rewards/claim', { rewardId, key } as Record<string, unknown>);

/** An operator grant through the ops route; answers the reward's id. */
async function grant(m: MoneyMember, amount: string, ...rest: string[]): Promise<number> {
  const r = await ops(app, 'rewards', 'grant', m.account, amount, ...rest);
  expect(r.status).toBe(200);
  return Number(/reward #(\d+)/.exec(r.message)![1]);
}

describe('operator grants and claims', () => {
  it('lists a grant as claimable with its notice; a claim pays it once into the main wallet', async () => {
    const m = await moneyMember(app);
    const id = await grant(m, '12.34', 'Lucky', 'Friday');
    const [notice] = await noticesOf(app, m.id, 'reward_available');
    expect(notice!.params).toMatchObject({ name: 'Lucky Friday', amount: 1_234, rewardId: id });
    const before = await list(m);
    expect(before.status).toBe(200);
    expect(before.body.value).toMatchObject({
      total: 1,
      claimableAmount: 1_234,
      items: [
        { id, source: 'grant', status: 'claimable', amount: 1_234, title: 'Lucky Friday', expiresAt: null },
      ],
    });

    const key = newKey();
    const first = await claim(m, id, key);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      rewardId: id,
      amount: 1_234,
      type: 'reward_claim',
      balance: 1_234,
    });
    // The same submit again: the first answer, nothing paid twice.
    const again = await claim(m, id, key);
    expect(again.body.value).toEqual(first.body.value);
    // Another submit of a claimed reward: refused in words.
    const other = await claim(m, id);
    expect(other).toMatchObject({ status: 409, body: { message: 'rewards.errors.already_claimed' } });
    expect(await walletBalance(app, m.id)).toBe(1_234);

    expect((await list(m)).body.value).toMatchObject({ total: 0, items: [], claimableAmount: 0 });
    const history = await list(m, 'history');
    expect(history.body.value?.items).toMatchObject([{ id, status: 'claimed' }]);
    expect(history.body.value?.items[0]?.claimedAt).toEqual(expect.any(String));

    // The account record and bonus details show it under its own type, with its title.
    const record = await send<{ items: { type: string; amount: number }[] }>(
      app,
      m,
      'GET',
      '/wps/member/transactions',
    );
    expect(record.body.value?.items[0]).toMatchObject({ type: 'reward_claim', amount: 1_234 });
    const bonus = await send<{
      items: { type: string; amount: number; reason: string }[];
      totalAmount: number;
    }>(app, m, 'GET', '/wps/member/bonus');
    expect(bonus.body.value).toMatchObject({
      items: [{ type: 'reward_claim', amount: 1_234, reason: 'Lucky Friday' }],
      totalAmount: 1_234,
    });
    await expectLedgerSound(app);
  });

  it('pays once when 20 claims of one reward arrive at the same time', async () => {
    const m = await moneyMember(app);
    const id = await grant(m, '50', 'Race');
    const before = await ledgerCounts(app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(m, id)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await walletBalance(app, m.id)).toBe(5_000);
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + 1);
    expect(
      await countRows(app, `select count(*) as c from ledger_transfers where ref = $1`, [`reward:${id}`]),
    ).toBe(1);
    await expectLedgerSound(app);
  });

  it('refuses an expired reward and lists it in the history; the job marks it expired once', async () => {
    const m = await moneyMember(app);
    const id = await grant(m, '5', 'days=1', 'Short', 'lived');
    const [row] = await app.services.db.query<{ expires_at: Date }>(
      'select expires_at from rewards where id = $1',
      [id],
    );
    expect(new Date(row!.expires_at).getTime() - Date.now()).toBeGreaterThan(86_000_000);
    // A day later (the row's expiry moved back instead of the clock).
    await app.services.db.query(`update rewards set expires_at = now() - interval '1 minute' where id = $1`, [
      id,
    ]);
    expect((await list(m)).body.value?.total).toBe(0);
    expect((await list(m, 'history')).body.value?.items).toMatchObject([{ id, status: 'expired' }]);
    const refused = await claim(m, id);
    expect(refused).toMatchObject({ status: 409, body: { message: 'rewards.errors.expired' } });
    expect(await walletBalance(app, m.id)).toBe(0);
    const pass = await ops(app, 'rewards', 'run');
    expect(pass.status).toBe(200);
    expect(
      await countRows(app, `select count(*) as c from rewards where id = $1 and status = 'expired'`, [id]),
    ).toBe(1);
  });

  it('answers one 404 for another member’s reward and for an unknown id, and writes nothing', async () => {
    const owner = await moneyMember(app);
    const thief = await moneyMember(app);
    const id = await grant(owner, '9', 'Mine');
    const before = await ledgerCounts(app);
    const keys = await countRows(app, 'select count(*) as c from idempotency_keys where member_id = $1', [
      thief.id,
    ]);
    const foreign = await claim(thief, id);
    const unknown = await claim(thief, 987_654_321);
    expect(foreign).toEqual(unknown);
    expect(foreign).toMatchObject({
      status: 404,
      body: { success: false, message: 'rewards.errors.not_found' },
    });
    expect(await ledgerCounts(app)).toEqual(before);
    expect(
      await countRows(app, 'select count(*) as c from idempotency_keys where member_id = $1', [thief.id]),
    ).toBe(keys);
    expect((await list(owner)).body.value?.items).toMatchObject([{ id, status: 'claimable' }]);
    expect((await list(thief)).body.value?.total).toBe(0);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const m = await moneyMember(app);
    const id = await grant(m, '3', 'Input');
    const before = await ledgerCounts(app);
    for (const [body, message] of [
      [{ rewardId: 'abc', key: newKey() }, 'rewards.errors.not_found'],
      [{ rewardId: 0, key: newKey() }, 'rewards.errors.not_found'],
      [{ rewardId: -4, key: newKey() }, 'rewards.errors.not_found'],
      [{ rewardId: id, key: 'short' }, 'money.errors.idempotency_key'],
      [{ rewardId: id }, 'money.errors.idempotency_key'],
    ] as const) {
      const r = await send(app, m, 'POST', '/wps/rewards/claim', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message, JSON.stringify(body)).toBe(message);
    }
    const extra = await send(app, m, 'POST', '/wps/rewards/claim', {
      rewardId: id,
      key: newKey(),
      amount: 1,
    });
    expect(extra.status).toBe(400);
    expect((await send(app, m, 'GET', '/wps/rewards', { view: 'all' })).status).toBe(400);
    expect((await send(app, m, 'GET', '/wps/rewards', { page: 0 })).status).toBe(400);
    expect(await ledgerCounts(app)).toEqual(before);
    expect((await list(m)).body.value?.items).toMatchObject([{ id, status: 'claimable' }]);
  });

  it('refuses bad ops input: amount, days, title, unknown member, trial account', async () => {
    const m = await moneyMember(app);
    expect((await ops(app, 'rewards', 'grant', m.account, '-5', 'x')).status).toBe(400);
    expect((await ops(app, 'rewards', 'grant', m.account, '5')).status).toBe(400);
    expect((await ops(app, 'rewards', 'grant', m.account, '5', 'days=0', 'x')).status).toBe(400);
    expect((await ops(app, 'rewards', 'grant', m.account, '5', 'x'.repeat(201))).status).toBe(400);
    expect((await ops(app, 'rewards', 'grant', 'nobody-here', '5', 'x')).status).toBe(404);
    const trial = await trialMember(app);
    expect((await ops(app, 'rewards', 'grant', trial.account, '5', 'x')).status).toBe(400);
    expect((await ops(app, 'rewards', 'nothing')).status).toBe(400);
    expect(
      await countRows(app, 'select count(*) as c from rewards where member_id = any($1::bigint[])', [
        [m.id, trial.id],
      ]),
    ).toBe(0);
    const listed = await ops(app, 'rewards', 'list', m.account);
    expect(listed.message).toBe(`no rewards for ${m.account}`);
  });

  it('tells a trial account to use a real one, and a guest to sign in', async () => {
    const trial = await trialMember(app);
    for (const url of [
      '/wps/rewards',
      '/wps/rewards/summary',
      '/wps/rewards/referral',
      '/wps/rewards/missions',
    ]) {
      const r = await send(app, trial, 'GET', url);
      expect(r, url).toMatchObject({ status: 403, body: { message: 'errors.in_need_true_account' } });
    }
    const guest = await app.inject({ method: 'GET', url: '/wps/rewards/summary' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('red envelopes (receiving side)', () => {
  async function envelopeTeam() {
    const [agent, p1, p2, stranger] = await insertTree(app, [
      { parent: -1, type: 1 },
      { parent: 0, type: 3 },
      { parent: 0, type: 3 },
      { parent: -1, type: 3 },
    ]);
    await fund(app, agent!.id, 100_000);
    const headers = async (id: string) => ({ authorization: `Bearer ${await sessionOf(app, id)}` });
    return {
      agent: { ...agent!, headers: await headers(agent!.id) },
      p1: { ...p1!, headers: await headers(p1!.id) },
      p2: { ...p2!, headers: await headers(p2!.id) },
      stranger: { ...stranger!, headers: await headers(stranger!.id) },
    };
  }
  interface EnvelopeV {
    id: number;
    from: string;
    message: string | null;
    openedAt: string | null;
    amount: number | null;
  }

  it('lists received envelopes unopened (amount hidden); opening reveals it once, no second credit', async () => {
    const { agent, p1, p2, stranger } = await envelopeTeam();
    const sent = await send(app, agent, 'POST', '/wps/agent/downlines/red-envelope', {
      memberIds: [Number(p1.id), Number(p2.id)],
      amountEach: 2_500,
      paymentPassword: TEST_PAYMENT_PASSWORD,
      key: newKey(),
      message: 'Good luck',
    });
    expect(sent.status).toBe(200);
    expect(await walletBalance(app, p1.id)).toBe(2_500);
    const summary = await send<{ envelopes: number }>(app, p1, 'GET', '/wps/rewards/summary');
    expect(summary.body.value?.envelopes).toBe(1);
    const listed = await send<{ items: EnvelopeV[]; unopened: number; total: number }>(
      app,
      p1,
      'GET',
      '/wps/rewards/red-envelopes',
    );
    expect(listed.body.value).toMatchObject({
      total: 1,
      unopened: 1,
      items: [{ from: agent.account, message: 'Good luck', openedAt: null, amount: null }],
    });
    const id = listed.body.value!.items[0]!.id;
    const counts = await ledgerCounts(app);

    // Another member (a sibling recipient, a stranger) cannot open it: one 404, like an unknown id.
    const foreign = await send(app, p2, 'POST', '/wps/rewards/red-envelopes/open', { id });
    const strange = await send(app, stranger, 'POST', '/wps/rewards/red-envelopes/open', { id });
    const unknown = await send(app, p2, 'POST', '/wps/rewards/red-envelopes/open', { id: 987_654_321 });
    expect(foreign).toEqual(unknown);
    expect(strange).toEqual(unknown);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'rewards.errors.not_found' } });
    expect((await send(app, p1, 'POST', '/wps/rewards/red-envelopes/open', { id: 'x' })).status).toBe(400);

    const opened = await send<EnvelopeV>(app, p1, 'POST', '/wps/rewards/red-envelopes/open', { id });
    expect(opened.body.value).toMatchObject({ id, from: agent.account, amount: 2_500, message: 'Good luck' });
    const twice = await send<EnvelopeV>(app, p1, 'POST', '/wps/rewards/red-envelopes/open', { id });
    expect(twice.body.value).toEqual(opened.body.value);
    expect(await ledgerCounts(app)).toEqual(counts);
    expect(await walletBalance(app, p1.id)).toBe(2_500);
    expect(
      (await send<{ envelopes: number }>(app, p1, 'GET', '/wps/rewards/summary')).body.value?.envelopes,
    ).toBe(0);
    const p2List = await send<{ items: EnvelopeV[]; unopened: number }>(
      app,
      p2,
      'GET',
      '/wps/rewards/red-envelopes',
    );
    expect(p2List.body.value).toMatchObject({ unopened: 1, items: [{ openedAt: null, amount: null }] });
    expect(
      (await send<{ total: number }>(app, stranger, 'GET', '/wps/rewards/red-envelopes')).body.value?.total,
    ).toBe(0);
    await expectLedgerSound(app);
  });
});

describe('demo data', () => {
  it('seeds the invitation rule, six missions in five languages and demo01’s welcome reward, once', async () => {
    const [merchant] = await app.services.db.query<{ id: number }>(
      'select id from merchants order by id limit 1',
    );
    await seedDemoRewards(app.services.db, merchant!.id);
    const rule = await app.services.db.query<{ min_deposit: string; reward: string }>(
      'select min_deposit::text as min_deposit, reward::text as reward from referral_rules',
    );
    expect(rule).toEqual([
      { min_deposit: String(DEMO_REFERRAL_RULE.minDeposit), reward: String(DEMO_REFERRAL_RULE.reward) },
    ]);
    const missions = await app.services.db.query<{ code: string; names: Record<string, string> }>(
      'select code, names from missions order by sort',
    );
    expect(missions.map((m) => m.code)).toEqual(DEMO_MISSIONS.map((m) => m.code));
    for (const m of missions) expect(Object.keys(m.names).sort()).toEqual(['CN', 'EN', 'MY', 'TH', 'VI']);
    expect(
      await countRows(
        app,
        `select count(*) as c from rewards r join members m on m.id = r.member_id where m.account = 'demo01' and r.source = 'grant'`,
      ),
    ).toBe(1);
    expect(
      await countRows(
        app,
        `select count(*) as c from messages s join members m on m.id = s.member_id where m.account = 'demo01' and s.kind = 'reward_available'`,
      ),
    ).toBe(1);
    const listed = await ops(app, 'rewards', 'missions');
    expect(listed.message).toContain('W_LOTTERY_50K');
    expect(listed.message).toContain('bet_amount/lottery ≥ 50,000.00');
  });
});
