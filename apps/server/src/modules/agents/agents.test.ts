import { EXPORT_MAX, INVITE_LINKS_MAX } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, secureCall, solvedCaptcha } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import {
  expectLedgerSound,
  fund,
  ledgerCounts,
  newKey,
  TEST_PAYMENT_PASSWORD,
  walletBalance,
} from '../../test/money.ts';
import { memberAccount, post, systemAccount } from '../ledger/ledger.ts';
import { maskEmail, maskMobile } from './agents.service.ts';
import { agentCall, freshAccount, insertTree, sessionOf, TREE_PASSWORD, type TreeNode } from './test-tree.ts';

/** Issue 8: the agent centre's endpoints on real data (register centre, downlines, money, reports). */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ passwordLimits: { perAccountPerHour: 10_000, perIpPerHour: 10_000 } });
});
afterAll(async () => app.close());

const db = () => app.services.db;
const count = async (sql: string, params: unknown[] = []) =>
  Number((await db().query<{ c: string }>(sql, params))[0]?.c ?? 0);

/** me (agent) ─┬─ p1 (player) ; ─ a2 (agent) ── p2 (player); other (agent) ── o1 (player). */
async function team() {
  const t = await insertTree(app, [
    { parent: -1, type: 1 },
    { parent: 0, type: 3 },
    { parent: 0, type: 2 },
    { parent: 2, type: 3 },
    { parent: -1, type: 1 },
    { parent: 4, type: 3 },
  ]);
  const [me, p1, a2, p2, other, o1] = t as [TreeNode, TreeNode, TreeNode, TreeNode, TreeNode, TreeNode];
  return { me, p1, a2, p2, other, o1, token: await sessionOf(app, me.id) };
}

describe('register centre', () => {
  it('creates a player and an agent under me (argon2id, lower-case account, AGENT method, an 8-character code for the agent) that can sign in', async () => {
    const { me, token } = await team();
    const account = freshAccount('New');
    const r = await agentCall<{ id: number; account: string; type: number }>(
      app,
      token,
      'POST',
      '/wps/agent/downlines',
      { kind: 'member', account: account.toUpperCase(), password: 'Kp7wz2Lq9', nickname: ' Neo ' },
    );
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ account: account.toLowerCase(), type: 3 });
    const agentAccount = freshAccount('ag');
    const ag = await agentCall<{ id: number; type: number }>(app, token, 'POST', '/wps/agent/downlines', {
      kind: 'agent',
      account: agentAccount,
      password: 'Kp7wz2Lq9',
    });
    expect(ag.body.value?.type).toBe(2);
    const rows = await db().query<{
      account: string;
      type: number;
      upline_id: string;
      password_hash: string;
      register_method: string;
      affiliate_code: string | null;
      nickname: string | null;
    }>(
      `select account, type, upline_id::text as upline_id, password_hash, register_method, affiliate_code, nickname
         from members where id = any($1::bigint[]) order by id`,
      [[r.body.value!.id, ag.body.value!.id]],
    );
    expect(rows[0]).toMatchObject({
      type: 3,
      upline_id: me.id,
      register_method: 'AGENT',
      affiliate_code: null,
    });
    expect(rows[0]!.nickname).toBe('Neo');
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[1]).toMatchObject({ type: 2, upline_id: me.id });
    expect(rows[1]!.affiliate_code).toMatch(/^[A-Z0-9]{8}$/);
    // The new account signs in with the password given.
    expect((await login(app, account, 'Kp7wz2Lq9')).token).toBeTruthy();
  });

  it('refuses a taken account (409), a weak password (422), a bad account (400) and writes nothing', async () => {
    const { token, p1 } = await team();
    const before = await count('select count(*) as c from members');
    const taken = await agentCall(app, token, 'POST', '/wps/agent/downlines', {
      kind: 'member',
      account: p1.account.toUpperCase(),
      password: 'Kp7wz2Lq9',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CONFLICT', message: 'agent.errors.account_exists' });
    const demo = await agentCall(app, token, 'POST', '/wps/agent/downlines', {
      kind: 'agent',
      account: 'agent01',
      password: 'Kp7wz2Lq9',
    });
    expect(demo.status).toBe(409);
    const weak = await agentCall(app, token, 'POST', '/wps/agent/downlines', {
      kind: 'member',
      account: freshAccount(),
      password: '123456',
    });
    expect(weak.status).toBe(422);
    expect(weak.body).toMatchObject({
      message: 'errors.weak_password',
      fields: { password: 'errors.weak_password' },
    });
    for (const account of ['1abc', 'ab', 'a b c d', 'x'.repeat(17)]) {
      const bad = await agentCall(app, token, 'POST', '/wps/agent/downlines', {
        kind: 'member',
        account,
        password: 'Kp7wz2Lq9',
      });
      expect(bad.status, account).toBe(400);
    }
    const badKind = await agentCall(app, token, 'POST', '/wps/agent/downlines', {
      kind: 'admin',
      account: freshAccount(),
      password: 'Kp7wz2Lq9',
    });
    expect(badKind.status).toBe(400);
    expect(await count('select count(*) as c from members')).toBe(before);
  });

  it('invitation links: created with a code and a url from the request, listed with registration counts; a registration through one sets upline, type and link; retired, the code stops working', async () => {
    const { me, token } = await team();
    await db().query(`update members set affiliate_code = $2 where id = $1`, [
      me.id,
      `M${me.id}`.slice(0, 8),
    ]);
    const made = await agentCall<{
      id: number;
      code: string;
      url: string;
      kind: string;
      registrations: number;
    }>(
      app,
      token,
      'POST',
      '/wps/agent/links',
      { kind: 'agent' },
      { host: 'play.example.com', 'x-forwarded-proto': 'https' },
    );
    expect(made.status).toBe(200);
    const link = made.body.value!;
    expect(link.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(link.url).toBe(`https://play.example.com/?affiliateCode=${link.code}`);
    expect(link).toMatchObject({ kind: 'agent', registrations: 0 });
    const players = await agentCall<{ id: number; code: string; url: string }>(
      app,
      token,
      'POST',
      '/wps/agent/links',
      {
        kind: 'member',
      },
    );
    expect(players.body.value!.url).toMatch(/^http:\/\/localhost(:\d+)?\/\?affiliateCode=[A-Z0-9]{8}$/);

    // Registration through each link (the real register route), the code in lower case.
    const register = async (username: string, affiliateCode: string) => {
      const c = await solvedCaptcha(app);
      return secureCall(
        app,
        'PUT',
        '/wps/member/register',
        {
          username,
          password: 'Kp7wz2Lq9',
          confirmPassword: 'Kp7wz2Lq9',
          registerMethod: 'WEB',
          agree: true,
          login: false,
          captcha: c.answer,
          affiliateCode,
        },
        { cookie: c.cookie },
      );
    };
    const viaAgent = freshAccount('via');
    const viaPlayer = freshAccount('vip');
    expect((await register(viaAgent, link.code.toLowerCase())).statusCode).toBe(200);
    expect((await register(viaPlayer, players.body.value!.code)).statusCode).toBe(200);
    const rows = await db().query<{
      account: string;
      type: number;
      upline_id: string;
      register_link_id: string;
      affiliate_code: string | null;
    }>(
      `select account, type, upline_id::text as upline_id, register_link_id::text as register_link_id, affiliate_code
         from members where account = any($1::text[]) order by account`,
      [[viaAgent, viaPlayer]],
    );
    const byAccount = Object.fromEntries(rows.map((r) => [r.account, r]));
    expect(byAccount[viaAgent]).toMatchObject({
      type: 2,
      upline_id: me.id,
      register_link_id: String(link.id),
    });
    expect(byAccount[viaAgent]!.affiliate_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(byAccount[viaPlayer]).toMatchObject({
      type: 3,
      upline_id: me.id,
      register_link_id: String(players.body.value!.id),
      affiliate_code: null,
    });

    const list = await agentCall<{
      items: { id: number; registrations: number }[];
      affiliateCode: string | null;
    }>(app, token, 'GET', '/wps/agent/links');
    expect(list.body.value!.affiliateCode).toBe(`M${me.id}`.slice(0, 8));
    expect(list.body.value!.items.map((l) => [l.id, l.registrations])).toEqual([
      [players.body.value!.id, 1],
      [link.id, 1],
    ]);
    const valid = async (code: string) =>
      (
        (
          await call(app, { method: 'GET', url: `/wps/agent/affiliate?code=${code}&domain=localhost` })
        ).json() as {
          value: { valid: boolean };
        }
      ).value.valid;
    expect(await valid(link.code)).toBe(true);

    // Retired: gone from the list, the code no longer registers, a second retire answers the same.
    const del = await agentCall(app, token, 'DELETE', '/wps/agent/links', { id: link.id });
    expect(del.body).toEqual({ success: true, value: { id: link.id } });
    expect((await agentCall(app, token, 'DELETE', '/wps/agent/links', { id: link.id })).status).toBe(200);
    expect(await valid(link.code)).toBe(false);
    const late = await register(freshAccount('late'), link.code);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ fields: { affiliateCode: 'invitation_code_error' } });
    const after = await agentCall<{ items: { id: number }[] }>(app, token, 'GET', '/wps/agent/links');
    expect(after.body.value!.items.map((l) => l.id)).toEqual([players.body.value!.id]);
    // The registration count of a retired link stays with its accounts.
    expect(await count('select count(*) as c from members where register_link_id = $1', [link.id])).toBe(1);
    // A frozen agent's live link and own code invite nobody; unfrozen, they work again.
    await db().query(`update members set status = 'frozen', frozen_reason = 'agent' where id = $1`, [me.id]);
    try {
      expect(await valid(players.body.value!.code)).toBe(false);
      const frozen = await register(freshAccount('frz'), players.body.value!.code);
      expect(frozen.statusCode).toBe(422);
      expect(frozen.json()).toMatchObject({ fields: { affiliateCode: 'invitation_code_error' } });
    } finally {
      await db().query(`update members set status = 'active', frozen_reason = null where id = $1`, [me.id]);
    }
    expect(await valid(players.body.value!.code)).toBe(true);
  });

  it(`at most ${INVITE_LINKS_MAX} live links: the next is 422 agent.errors.link_limit and nothing is written`, async () => {
    const { me, token } = await team();
    await db().query(
      `insert into agent_links (merchant_id, member_id, code, kind)
       select merchant_id, id, 'L' || id || 'X' || g, 'member' from members, generate_series(1, $2::int) g where id = $1`,
      [me.id, INVITE_LINKS_MAX - 1],
    );
    expect((await agentCall(app, token, 'POST', '/wps/agent/links', { kind: 'member' })).status).toBe(200);
    const over = await agentCall(app, token, 'POST', '/wps/agent/links', { kind: 'member' });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'UNPROCESSABLE', message: 'agent.errors.link_limit' });
    expect(await count('select count(*) as c from agent_links where member_id = $1', [me.id])).toBe(
      INVITE_LINKS_MAX,
    );
  });
});

describe('downline management', () => {
  it('lists my subtree with levels, uplines, balances, masked contacts, direct counts and last sign-in; searches, filters and drills down', async () => {
    const { me, p1, a2, p2, o1, token } = await team();
    await db().query(`update members set mobile = '0912345678', email = 'dora@example.com' where id = $1`, [
      p1.id,
    ]);
    await fund(app, p2.id, 4321);
    await login(app, p1.account, TREE_PASSWORD);
    type Row = {
      id: number;
      account: string;
      level: number;
      upline: string;
      balance: number;
      mobile: string | null;
      email: string | null;
      directCount: number;
      status: string;
      lastLoginAt: string | null;
      type: number;
    };
    const list = async (q: Record<string, unknown> = {}) =>
      (
        await agentCall<{ items: Row[]; total: number; page: number; pageSize: number }>(
          app,
          token,
          'GET',
          '/wps/agent/downlines',
          q,
        )
      ).body.value!;
    const all = await list();
    expect(all.total).toBe(3);
    const by = Object.fromEntries(all.items.map((r) => [r.account, r]));
    expect(by[o1.account]).toBeUndefined();
    expect(by[p1.account]).toMatchObject({
      level: 1,
      upline: me.account,
      mobile: '09******78',
      email: 'd***@example.com',
      directCount: 0,
      status: 'active',
      balance: 0,
      type: 3,
    });
    expect(by[p1.account]!.lastLoginAt).not.toBeNull();
    expect(by[a2.account]).toMatchObject({
      level: 1,
      directCount: 1,
      mobile: null,
      email: null,
      lastLoginAt: null,
    });
    expect(by[p2.account]).toMatchObject({ level: 2, upline: a2.account, balance: 4321 });
    expect((await list({ level: 'direct' })).total).toBe(2);
    expect((await list({ account: p2.account.slice(2).toUpperCase() })).items.map((r) => r.account)).toEqual([
      p2.account,
    ]);
    expect((await list({ parentId: a2.id })).items.map((r) => [r.account, r.level])).toEqual([
      [p2.account, 2],
    ]);
    const paged = await list({ pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
    expect((await list({ status: 'frozen' })).total).toBe(0);
    expect(maskMobile('0912')).toBe('****');
    expect(maskEmail('x@y.z')).toBe('x***@y.z');
  });

  it('freezes a downline (its sessions end, no sign-in), unfreezes it; one frozen for an unpaid dividend stays frozen (409)', async () => {
    const { p1, p2, token } = await team();
    const theirs = await sessionOf(app, p2.id);
    expect((await agentCall(app, theirs, 'GET', '/wps/member/info')).status).toBe(200);
    const frozen = await agentCall(app, token, 'PUT', '/wps/agent/downlines/status', {
      memberId: Number(p2.id),
      status: 'frozen',
    });
    expect(frozen.body).toEqual({ success: true, value: { id: Number(p2.id), status: 'frozen' } });
    expect((await agentCall(app, theirs, 'GET', '/wps/member/info')).status).toBe(401);
    const [row] = await db().query<{ status: string; frozen_reason: string }>(
      'select status, frozen_reason from members where id = $1',
      [p2.id],
    );
    expect(row).toEqual({ status: 'frozen', frozen_reason: 'agent' });
    await expect(login(app, p2.account, TREE_PASSWORD)).rejects.toThrow();
    const listed = await agentCall<{ items: { account: string }[] }>(
      app,
      token,
      'GET',
      '/wps/agent/downlines',
      {
        status: 'frozen',
      },
    );
    expect(listed.body.value!.items.map((r) => r.account)).toEqual([p2.account]);
    const back = await agentCall(app, token, 'PUT', '/wps/agent/downlines/status', {
      memberId: Number(p2.id),
      status: 'active',
    });
    expect(back.status).toBe(200);
    expect((await login(app, p2.account, TREE_PASSWORD)).token).toBeTruthy();

    await db().query(
      `update members set status = 'frozen', frozen_reason = 'unpaid_dividend' where id = $1`,
      [p1.id],
    );
    const stuck = await agentCall(app, token, 'PUT', '/wps/agent/downlines/status', {
      memberId: Number(p1.id),
      status: 'active',
    });
    expect(stuck.status).toBe(409);
    expect(stuck.body).toMatchObject({ code: 'CONFLICT', message: 'agent.errors.downline_frozen' });
    const [still] = await db().query<{ status: string; frozen_reason: string }>(
      'select status, frozen_reason from members where id = $1',
      [p1.id],
    );
    expect(still).toEqual({ status: 'frozen', frozen_reason: 'unpaid_dividend' });
    // Freezing it again keeps the reason.
    await agentCall(app, token, 'PUT', '/wps/agent/downlines/status', {
      memberId: Number(p1.id),
      status: 'frozen',
    });
    expect(
      (
        await db().query<{ frozen_reason: string }>('select frozen_reason from members where id = $1', [
          p1.id,
        ])
      )[0],
    ).toEqual({ frozen_reason: 'unpaid_dividend' });
  });
});

describe('money to downlines', () => {
  const notices = (memberId: string, kind: string) =>
    db().query<{ params: Record<string, unknown> }>(
      'select params from messages where member_id = $1 and kind = $2 order by id',
      [memberId, kind],
    );
  const typesSeen = async (memberId: string) => {
    const token = await sessionOf(app, memberId);
    const r = await agentCall<{ items: { type: string; amount: number }[] }>(
      app,
      token,
      'GET',
      '/wps/member/transactions',
    );
    return r.body.value!.items.map((i) => `${i.type} ${i.amount}`);
  };

  it('transfers to a downline at any depth: payment password, notice, types on both sides, idempotent replay, nothing written when refused', async () => {
    const { me, p2, token } = await team();
    await fund(app, me.id, 1_000);
    const send = (body: Record<string, unknown>) =>
      agentCall<{ transferId: string; amount: number; balance: number; to: string }>(
        app,
        token,
        'POST',
        '/wps/agent/downlines/transfer',
        { memberId: Number(p2.id), paymentPassword: TEST_PAYMENT_PASSWORD, ...body },
      );
    const key = newKey();
    const first = await send({ amount: 300, key });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ amount: 300, balance: 700, to: p2.account });
    const again = await send({ amount: 300, key });
    expect(again.body.value).toEqual(first.body.value);
    const conflict = await send({ amount: 301, key });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('money.errors.idempotency_conflict');
    expect(await walletBalance(app, me.id)).toBe(700);
    expect(await walletBalance(app, p2.id)).toBe(300);
    expect(await notices(p2.id, 'agent_transfer')).toEqual([{ params: { amount: 300, from: me.account } }]);
    expect(await typesSeen(p2.id)).toEqual(['agent_transfer_in 300']);
    expect((await typesSeen(me.id))[0]).toBe('agent_transfer_out -300');

    const before = await ledgerCounts(app);
    const poor = await send({ amount: 701, key: newKey() });
    expect(poor.status).toBe(422);
    expect(poor.body.message).toBe('money.errors.insufficient_balance');
    const wrong = await send({ amount: 1, key: newKey(), paymentPassword: '135790' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('money.errors.wrong_payment_password');
    for (const amount of [0, -5, 1.5, '10']) {
      const bad = await send({ amount, key: newKey() });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('money.errors.amount_invalid');
    }
    await db().query(`update members set status = 'frozen', frozen_reason = 'agent' where id = $1`, [p2.id]);
    const frozen = await send({ amount: 1, key: newKey() });
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toBe('agent.errors.downline_frozen');
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await notices(p2.id, 'agent_transfer')).toHaveLength(1);
    await expectLedgerSound(app);
  });

  it('a red envelope is one transfer with N+1 legs, all or nothing, with a notice each; duplicates 400, short balance 422, replay answers the same', async () => {
    const { me, p1, a2, p2, token } = await team();
    await fund(app, me.id, 1_000);
    const ids = [p1.id, a2.id, p2.id].map(Number);
    const send = (body: Record<string, unknown>) =>
      agentCall<{ transferId: string; total: number; recipients: number; balance: number }>(
        app,
        token,
        'POST',
        '/wps/agent/downlines/red-envelope',
        { memberIds: ids, paymentPassword: TEST_PAYMENT_PASSWORD, ...body },
      );
    const before = await ledgerCounts(app);
    const dup = await send({ memberIds: [ids[0], ids[0]], amountEach: 10, key: newKey() });
    expect(dup.status).toBe(400);
    const poor = await send({ amountEach: 334, key: newKey() });
    expect(poor.status).toBe(422);
    expect(poor.body.message).toBe('money.errors.insufficient_balance');
    expect((await send({ memberIds: [], amountEach: 1, key: newKey() })).status).toBe(400);
    const many = await send({
      memberIds: Array.from({ length: 51 }, (_, i) => i + 1),
      amountEach: 1,
      key: newKey(),
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('agent.errors.too_many_recipients');
    expect((await send({ amountEach: 1, key: newKey(), message: 'x'.repeat(141) })).status).toBe(400);
    expect(await ledgerCounts(app)).toEqual(before);

    const key = newKey();
    const ok = await send({ amountEach: 100, key, message: 'Happy new year' });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toMatchObject({ total: 300, recipients: 3, balance: 700 });
    expect((await send({ amountEach: 100, key, message: 'Happy new year' })).body.value).toEqual(
      ok.body.value,
    );
    const after = await ledgerCounts(app);
    expect(after).toEqual({ transfers: before.transfers + 1, entries: before.entries + 4 });
    for (const id of [p1.id, a2.id, p2.id]) {
      expect(await walletBalance(app, id)).toBe(100);
      expect(await notices(id, 'red_envelope')).toEqual([
        { params: { amount: 100, from: me.account, message: 'Happy new year' } },
      ]);
      expect(await typesSeen(id)).toEqual(['red_envelope_in 100']);
    }
    expect((await typesSeen(me.id))[0]).toBe('red_envelope_out -300');
    await expectLedgerSound(app);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'on PostgreSQL, 24 concurrent transfers and red envelopes of one agent never overdraw',
    async () => {
      const { me, p1, p2, token } = await team();
      await fund(app, me.id, 50);
      const calls = Array.from({ length: 24 }, (_, i) =>
        i % 3 === 0
          ? agentCall(app, token, 'POST', '/wps/agent/downlines/red-envelope', {
              memberIds: [Number(p1.id), Number(p2.id)],
              amountEach: 5,
              paymentPassword: TEST_PAYMENT_PASSWORD,
              key: newKey(),
            })
          : agentCall(app, token, 'POST', '/wps/agent/downlines/transfer', {
              memberId: Number(i % 2 ? p1.id : p2.id),
              amount: 5,
              paymentPassword: TEST_PAYMENT_PASSWORD,
              key: newKey(),
            }),
      );
      const answers = await Promise.all(calls);
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
      const left = await walletBalance(app, me.id);
      const received = (await walletBalance(app, p1.id)) + (await walletBalance(app, p2.id));
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + received).toBe(50);
      // Asked for 160 in all: what moved is exactly what the 200 answers say, the rest was refused.
      const moved = answers.reduce((sum, a, i) => sum + (a.status === 200 ? (i % 3 === 0 ? 10 : 5) : 0), 0);
      expect(received).toBe(moved);
      expect(statuses).toContain(422);
      await expectLedgerSound(app);
    },
  );
});

describe('reports', () => {
  /** Bets, deposits, withdrawals, a bonus and a contract payout for `team()`, today. */
  async function activity(t: Awaited<ReturnType<typeof team>>) {
    const { me, p1, a2, p2, o1 } = t;
    await db().query(
      `insert into bet_records (member_id, vertical, stake, payout, status, settled_at, game_name)
       values ($1, 'slots', 1000, 1500, 'settled', now(), 'Lucky'), ($1, 'slots', 200, 0, 'open', null, 'Lucky'),
              ($1, 'live', 300, 0, 'rolled_back', null, null), ($2, 'sports', 500, 100, 'settled', now(), null),
              ($3, 'slots', 9999, 0, 'settled', now(), null)`,
      [p1.id, p2.id, o1.id],
    );
    await fund(app, p2.id, 2_000);
    const [last] = await db().query<{ id: string }>('select max(id)::text as id from ledger_transfers');
    const [channel] = await db().query<{ id: number; code: string }>(
      'select id, code from deposit_channels limit 1',
    );
    await db().query(
      `insert into deposits (merchant_id, member_id, channel_id, channel, amount, status, credited, settled_at)
       select merchant_id, id, $2::int, $3::text, 5000, 'succeeded', 4000, now() from members where id = $1
       union all select merchant_id, id, $2::int, $3::text, 7000, 'pending', null, null from members where id = $4
       union all select merchant_id, id, $2::int, $3::text, 8888, 'succeeded', 8888, now() from members where id = $5`,
      [p1.id, channel!.id, channel!.code === 'C2C' ? 'BANK' : channel!.code, p2.id, o1.id],
    );
    const [card] = await db().query<{ id: string }>(
      `insert into bank_cards (member_id, bank_name, account_name, account_number) values ($1, 'KBZ', 'P Two', '1234567')
       returning id::text as id`,
      [p2.id],
    );
    await db().query(
      `insert into withdrawals (merchant_id, member_id, bank_card_id, bank_name, account_name, account_number, amount,
         status, hold_transfer_id, settle_transfer_id, decided_at)
       select merchant_id, id, $2::bigint, 'KBZ', 'P Two', '1234567', 1200, 'approved', $3::bigint, $3::bigint, now() from members where id = $1`,
      [p2.id, card!.id, last!.id],
    );
    await fund(app, me.id, 10_000);
    await app.services.money(async (tx) => {
      const [m] = await tx.query<{ merchant_id: number }>('select merchant_id from members where id = $1', [
        p1.id,
      ]);
      await post(tx, {
        type: 'bonus',
        memberId: p1.id,
        memo: { reason: 'test' },
        legs: [
          { account: await systemAccount(tx, m!.merchant_id, 'BONUS'), amount: -250 },
          { account: await memberAccount(tx, p1.id), amount: 250 },
        ],
      });
      // A daily wage paid by me to a2 (the contracts engineer writes these; the report reads them).
      const paid = await post(tx, {
        type: 'contract_pay',
        memberId: me.id,
        ref: 'contract:test',
        legs: [
          { account: await memberAccount(tx, me.id), amount: -700 },
          { account: await memberAccount(tx, a2.id), amount: 700 },
        ],
      });
      const [c] = await tx.query<{ id: string }>(
        `insert into agent_contracts (merchant_id, upline_id, downline_id, kind, tiers, status, request, accepted_at)
         values ($1, $2, $3, 'daily', '[]', 'active', null, now()) returning id::text as id`,
        [m!.merchant_id, me.id, a2.id],
      );
      await tx.query(
        `insert into contract_settlements (contract_id, merchant_id, kind, upline_id, downline_id, period_start, period_end,
           amount, status, transfer_id, paid_at)
         values ($1, $2, 'daily', $3, $4, now() - interval '1 day', now(), 700, 'paid', $5, now()),
                ($1, $2, 'daily', $3, $4, now() - interval '2 day', now() - interval '1 day', 900, 'unpaid', null, null)`,
        [c!.id, m!.merchant_id, me.id, a2.id, paid.transferId],
      );
    });
  }

  it('team overview: size, new and active members, deposits, withdrawals, bets, P&L and a point for each of the last 7 days', async () => {
    const t = await team();
    await activity(t);
    const r = await agentCall<
      Record<string, unknown> & { series: { day: string; bets: number; profitLoss: number }[] }
    >(app, t.token, 'GET', '/wps/agent/team/overview');
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      teamSize: 3,
      directCount: 2,
      newMembers: 3,
      activeMembers: 2,
      deposits: 4000,
      withdrawals: 1200,
      bets: 1700,
      payouts: 1600,
      profitLoss: 100,
    });
    const series = r.body.value!.series;
    expect(series).toHaveLength(7);
    expect(series.at(-1)).toMatchObject({ bets: 1700, profitLoss: 100, newMembers: 3, activeMembers: 2 });
    expect(series.slice(0, 6).every((p) => p.bets === 0)).toBe(true);
    const days = series.map((p) => p.day);
    expect([...days].sort()).toEqual(days);
    const ranged = await agentCall<{ series: unknown[]; bets: number }>(
      app,
      t.token,
      'GET',
      '/wps/agent/team/overview',
      {
        from: '2026-01-01',
        to: '2026-01-31',
      },
    );
    expect(ranged.body.value).toMatchObject({ bets: 0 });
    expect(ranged.body.value!.series).toHaveLength(31);
    for (const q of [
      { from: '2026-02-10', to: '2026-02-01' },
      { from: '2024-01-01', to: '2026-01-01' },
      { from: '2026-02-31' },
    ]) {
      const bad = await agentCall(app, t.token, 'GET', '/wps/agent/team/overview', q);
      expect(bad.status, JSON.stringify(q)).toBe(400);
    }
  });

  it('team bets: the subtree only, newest first, filters, totals without rolled-back bets, CSV export of the whole filter', async () => {
    const t = await team();
    await activity(t);
    type Bets = {
      items: { account: string; status: string; winLoss: number | null; stake: number }[];
      total: number;
      pageSize: number;
      totals: Record<string, number>;
    };
    const bets = async (q: Record<string, unknown> = {}) =>
      (await agentCall<Bets>(app, t.token, 'GET', '/wps/agent/reports/bets', q)).body.value!;
    const all = await bets({ pageSize: 2 });
    expect(all.total).toBe(4);
    expect(all.items).toHaveLength(2);
    expect(all.totals).toEqual({ stake: 1700, payout: 1600, winLoss: 100, count: 3 });
    const exported = await bets({ pageSize: 2, export: true });
    expect(exported.items).toHaveLength(4);
    expect(exported.pageSize).toBe(EXPORT_MAX);
    expect(exported.items.some((i) => i.account === t.o1.account)).toBe(false);
    expect(exported.items.find((i) => i.status === 'open')!.winLoss).toBeNull();
    expect(exported.items.find((i) => i.stake === 1000)!.winLoss).toBe(500);
    const p2 = await bets({ account: t.p2.account });
    expect(p2.items.map((i) => i.account)).toEqual([t.p2.account]);
    expect((await bets({ vertical: 'slots' })).total).toBe(2);
    expect((await bets({ from: '2026-01-01', to: '2026-01-02' })).total).toBe(0);
  });

  it('user profit and loss: one row per member with activity, totals of the filter', async () => {
    const t = await team();
    await activity(t);
    const r = await agentCall<{
      items: Record<string, unknown>[];
      total: number;
      totals: Record<string, number>;
    }>(app, t.token, 'GET', '/wps/agent/reports/profit-loss');
    expect(r.status).toBe(200);
    const by = Object.fromEntries(r.body.value!.items.map((i) => [i.account, i]));
    // a2's only movement is a contract payout: no deposit, withdrawal, bet or bonus, so no row.
    expect(Object.keys(by).sort()).toEqual([t.p1.account, t.p2.account].sort());
    expect(by[t.p1.account]).toMatchObject({
      level: 1,
      deposits: 4000,
      withdrawals: 0,
      stake: 1000,
      payout: 1500,
      winLoss: 500,
      bonus: 250,
    });
    expect(by[t.p2.account]).toMatchObject({
      level: 2,
      deposits: 0,
      withdrawals: 1200,
      stake: 500,
      payout: 100,
      winLoss: -400,
    });
    expect(r.body.value!.totals).toEqual({
      deposits: 4000,
      withdrawals: 1200,
      stake: 1500,
      payout: 1600,
      winLoss: 100,
      bonus: 250,
    });
    const one = await agentCall<{ items: unknown[]; total: number; totals: { deposits: number } }>(
      app,
      t.token,
      'GET',
      '/wps/agent/reports/profit-loss',
      { account: t.p1.account },
    );
    expect(one.body.value).toMatchObject({ total: 1, totals: { deposits: 4000 } });
  });

  it('my revenue: paid settlements as paid (upline) and income (downline); unpaid ones do not count', async () => {
    const t = await team();
    await activity(t);
    const mine = await agentCall<{ items: unknown[]; totals: Record<string, number> }>(
      app,
      t.token,
      'GET',
      '/wps/agent/reports/revenue',
    );
    expect(mine.body.value!.totals).toEqual({ income: 0, paid: 700, net: -700 });
    expect(mine.body.value!.items).toHaveLength(1);
    const theirs = await agentCall<{
      items: { kind: string; income: number }[];
      totals: Record<string, number>;
    }>(app, await sessionOf(app, t.a2.id), 'GET', '/wps/agent/reports/revenue');
    expect(theirs.body.value!.totals).toEqual({ income: 700, paid: 0, net: 700 });
    expect(theirs.body.value!.items).toMatchObject([{ kind: 'daily', income: 700, paid: 0 }]);
    // The payer sees contract_pay, the payee contract_income (records TYPE_SQL).
    const seen = async (id: string) =>
      (
        await agentCall<{ items: { type: string }[] }>(
          app,
          await sessionOf(app, id),
          'GET',
          '/wps/member/transactions',
          {
            type: 'all',
          },
        )
      ).body.value!.items.map((i) => i.type);
    expect(await seen(t.a2.id)).toContain('contract_income');
    expect(await seen(t.me.id)).toContain('contract_pay');
  });

  it("transactions: the subtree's main-wallet movements as each member sees them, filtered by type, with totals", async () => {
    const t = await team();
    await activity(t);
    const transfer = await agentCall(app, t.token, 'POST', '/wps/agent/downlines/transfer', {
      memberId: Number(t.p1.id),
      amount: 40,
      paymentPassword: TEST_PAYMENT_PASSWORD,
      key: newKey(),
    });
    expect(transfer.status).toBe(200);
    type Tx = {
      items: { account: string; type: string; amount: number }[];
      total: number;
      totals: Record<string, number>;
    };
    const list = async (q: Record<string, unknown> = {}) =>
      (await agentCall<Tx>(app, t.token, 'GET', '/wps/agent/reports/transactions', q)).body.value!;
    const all = await list();
    expect(all.items.some((i) => i.account === t.me.account || i.account === t.o1.account)).toBe(false);
    expect(all.items.map((i) => `${i.account} ${i.type} ${i.amount}`).sort()).toEqual(
      [
        `${t.p1.account} agent_transfer_in 40`,
        `${t.p1.account} bonus 250`,
        `${t.a2.account} contract_income 700`,
        `${t.p2.account} adjustment 2000`,
      ].sort(),
    );
    expect(all.totals).toEqual({ credits: 2990, debits: 0 });
    const only = await list({ type: 'agent_transfer_in' });
    expect(only.total).toBe(1);
    expect((await list({ account: t.p2.account })).total).toBe(1);
  });
});
