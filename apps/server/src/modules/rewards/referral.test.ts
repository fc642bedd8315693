import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secureCall, solvedCaptcha } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import { expectLedgerSound, moneyMember, newKey, walletBalance, type MoneyMember } from '../../test/money.ts';
import { DEMO_REFERRAL_RULE } from '../../seed/demo-rewards.ts';
import { maskAccount } from './referral.ts';
import { countRows, noticesOf, ops, send } from './testing.ts';

/**
 * Issue 9, invitations: my referral code and link, a friend registering with it (members.
 * referral_code), the invited list (masked, pending / qualified / ineligible), the merchant's
 * rule applied by the job and when the page is opened — once per friend, also when both run at
 * once — and the claim of the reward (referral_reward).
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

interface InfoV {
  code: string;
  url: string;
  rule: { minDeposit: number; reward: number; claimDays: number | null } | null;
  invited: number;
  qualified: number;
  earned: number;
  claimable: number;
}
interface FriendV {
  account: string;
  registeredAt: string;
  status: string;
  reward: number | null;
  rewardStatus: string | null;
}

const info = (m: MoneyMember) => send<InfoV>(app, m, 'GET', '/wps/rewards/referral');
const friendsOf = (m: MoneyMember) =>
  send<{ items: FriendV[]; total: number }>(app, m, 'GET', '/wps/rewards/referral/friends');

let ipSeq = 10;
/** A friend registering through my link from an address of its own (or the one given), signed in. */
async function registerFriend(code: string, ip = `203.0.113.${ipSeq++}`): Promise<MoneyMember> {
  const c = await solvedCaptcha(app);
  const username = `fr${Date.now().toString(36)}${ipSeq}`.slice(0, 16);
  const res = await secureCall(
    app,
    'PUT',
    '/wps/member/register',
    {
      username,
      password: 'Kp7wz2Lq9',
      confirmPassword: 'Kp7wz2Lq9',
      captcha: c.answer,
      referralCode: code,
      registerUrl: `http://localhost/register?referralCode=${code}`,
      registerMethod: 'WEB',
      agree: true,
      login: true,
    },
    { cookie: c.cookie, ip },
  );
  expect(res.statusCode, res.body).toBe(200);
  const v = (res.json() as { value: { account: string; session: { token: string } } }).value;
  const [row] = await app.services.db.query<{ id: string }>(
    'select id::text as id from members where account = $1',
    [v.account],
  );
  return {
    id: row!.id,
    account: v.account,
    password: 'Kp7wz2Lq9',
    token: v.session.token,
    headers: { authorization: `Bearer ${v.session.token}` },
  };
}

let channelId = 0;
/** A bank-transfer deposit of the member, approved by the operator (succeeded). */
async function deposit(m: MoneyMember, amount: number): Promise<void> {
  if (!channelId) {
    const list = await send<{ id: number; code: string }[]>(app, m, 'GET', '/wps/v2/deposit/channels');
    channelId = list.body.value!.find((c) => c.code === 'BANK')!.id;
  }
  const d = await send<{ id: number }>(app, m, 'POST', '/wps/v2/deposit', {
    channelId,
    amount,
    payerName: 'Friend',
    key: newKey(),
  });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  expect((await ops(app, 'deposit', 'approve', String(d.body.value!.id))).status).toBe(200);
}

describe('invitations', () => {
  it('gives me one code and a register link with it, the rule and my totals', async () => {
    const me = await moneyMember(app);
    const first = await info(me);
    expect(first.status).toBe(200);
    const v = first.body.value!;
    expect(v.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(v.url).toMatch(new RegExp(`^http://localhost(:\\d+)?/register\\?referralCode=${v.code}$`));
    expect(v).toMatchObject({
      rule: { minDeposit: DEMO_REFERRAL_RULE.minDeposit, reward: DEMO_REFERRAL_RULE.reward, claimDays: 30 },
      invited: 0,
      qualified: 0,
      earned: 0,
      claimable: 0,
    });
    // Asked twice at once: still one code.
    const [a, b] = await Promise.all([info(me), info(me)]);
    expect([a.body.value?.code, b.body.value?.code]).toEqual([v.code, v.code]);
    expect(
      await countRows(app, 'select count(*) as c from referral_codes where member_id = $1', [me.id]),
    ).toBe(1);
    const other = await moneyMember(app);
    expect((await info(other)).body.value?.code).not.toBe(v.code);
  });

  it('lists a friend from the link; a deposit that reaches the rule makes my reward claimable, once', async () => {
    const me = await moneyMember(app);
    const { code } = (await info(me)).body.value!;
    // The code as a visitor may type it (lower case) still names me.
    const friend = await registerFriend(code.toLowerCase());
    const listed = await friendsOf(me);
    expect(listed.body.value).toMatchObject({
      total: 1,
      items: [{ account: maskAccount(friend.account), status: 'pending', reward: null, rewardStatus: null }],
    });
    expect(listed.body.value!.items[0]!.account).not.toBe(friend.account);

    // Below the rule's minimum: still pending, also after the job.
    await deposit(friend, DEMO_REFERRAL_RULE.minDeposit - 1);
    expect((await ops(app, 'rewards', 'run')).status).toBe(200);
    expect((await friendsOf(me)).body.value?.items[0]?.status).toBe('pending');

    await deposit(friend, DEMO_REFERRAL_RULE.minDeposit);
    // Opening the page applies the rule (the job has not run since).
    const after = await info(me);
    expect(after.body.value).toMatchObject({
      invited: 1,
      qualified: 1,
      claimable: DEMO_REFERRAL_RULE.reward,
    });
    expect((await friendsOf(me)).body.value?.items).toMatchObject([
      { status: 'qualified', reward: DEMO_REFERRAL_RULE.reward, rewardStatus: 'claimable' },
    ]);
    const notices = await noticesOf(app, me.id, 'referral_reward');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.params).toMatchObject({
      friend: maskAccount(friend.account),
      amount: DEMO_REFERRAL_RULE.reward,
    });
    // The job and the page again: nothing more.
    const pass = await ops(app, 'rewards', 'run');
    expect(pass.message).toContain('0 invitation rewards');
    await info(me);
    expect(await countRows(app, `select count(*) as c from rewards where friend_id = $1`, [friend.id])).toBe(
      1,
    );
    expect(await noticesOf(app, me.id, 'referral_reward')).toHaveLength(1);

    // Claimed in the reward centre as an invitation reward.
    const rewards = await send<{
      items: { id: number; source: string; friend: string; expiresAt: string }[];
    }>(app, me, 'GET', '/wps/rewards');
    const reward = rewards.body.value!.items.find((r) => r.source === 'referral')!;
    expect(reward.friend).toBe(maskAccount(friend.account));
    expect(new Date(reward.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const claimed = await send<{ type: string; amount: number }>(app, me, 'POST', '/wps/rewards/claim', {
      rewardId: reward.id,
      key: newKey(),
    });
    expect(claimed.body.value).toMatchObject({ type: 'referral_reward', amount: DEMO_REFERRAL_RULE.reward });
    expect(await walletBalance(app, me.id)).toBe(DEMO_REFERRAL_RULE.reward);
    expect((await info(me)).body.value).toMatchObject({ earned: DEMO_REFERRAL_RULE.reward, claimable: 0 });
    expect((await friendsOf(me)).body.value?.items[0]?.rewardStatus).toBe('claimed');
    // The friend's own page knows nothing of it.
    expect((await friendsOf(friend)).body.value?.total).toBe(0);
    await expectLedgerSound(app);
  });

  it('gives nothing for a friend registered from my own network, or with an unknown code', async () => {
    const me = await moneyMember(app);
    const { code } = (await info(me)).body.value!;
    const [known] = await app.services.db.query<{ ip: string }>(
      'select ip from known_ips where member_id = $1',
      [me.id],
    );
    const self = await registerFriend(code, known!.ip);
    await deposit(self, DEMO_REFERRAL_RULE.minDeposit * 2);
    await ops(app, 'rewards', 'run');
    expect((await friendsOf(me)).body.value?.items).toMatchObject([{ status: 'ineligible', reward: null }]);
    expect((await info(me)).body.value).toMatchObject({ invited: 1, qualified: 0, claimable: 0 });
    const stray = await registerFriend('NOSUCH99');
    await deposit(stray, DEMO_REFERRAL_RULE.minDeposit);
    await ops(app, 'rewards', 'run');
    expect(
      await countRows(app, `select count(*) as c from rewards where friend_id = any($1::bigint[])`, [
        [self.id, stray.id],
      ]),
    ).toBe(0);
  });

  it('the job and the page finding the same friend at once give one reward (PostgreSQL too)', async () => {
    const me = await moneyMember(app);
    const { code } = (await info(me)).body.value!;
    const friends = [await registerFriend(code), await registerFriend(code)];
    for (const f of friends) await deposit(f, DEMO_REFERRAL_RULE.minDeposit);
    await Promise.all([
      info(me),
      ops(app, 'rewards', 'run'),
      friendsOf(me),
      app.services.money(async (tx) => {
        const { qualifyFriends } = await import('./referral.ts');
        return qualifyFriends(tx, new Date(), null);
      }),
      info(me),
    ]);
    expect(
      await countRows(app, `select count(*) as c from rewards where member_id = $1 and source = 'referral'`, [
        me.id,
      ]),
    ).toBe(2);
    expect(await noticesOf(app, me.id, 'referral_reward')).toHaveLength(2);
  });

  it('follows the operator: the rule shown, changed, switched off', async () => {
    expect((await ops(app, 'rewards', 'referral-rule')).message).toContain('1,000.00');
    expect((await ops(app, 'rewards', 'referral-rule', '500', '20', '10')).message).toContain(
      'at least 500.00 gives the inviter 20.00, claimable for 10 days',
    );
    const me = await moneyMember(app);
    const { code, rule } = (await info(me)).body.value!;
    expect(rule).toEqual({ minDeposit: 50_000, reward: 2_000, claimDays: 10 });
    expect((await ops(app, 'rewards', 'referral-rule', 'x', '20')).status).toBe(400);
    expect((await ops(app, 'rewards', 'referral-rule', 'off')).status).toBe(200);
    expect((await info(me)).body.value?.rule).toBeNull();
    const friend = await registerFriend(code);
    await deposit(friend, 60_000);
    await ops(app, 'rewards', 'run');
    expect((await friendsOf(me)).body.value?.items[0]?.status).toBe('pending');
    // Back on: the friend's deposit counts now.
    await ops(app, 'rewards', 'referral-rule', '500', '20', '10');
    expect((await friendsOf(me)).body.value?.items[0]).toMatchObject({ status: 'qualified', reward: 2_000 });
    await ops(app, 'rewards', 'referral-rule', '1000', '1000', '30');
  });
});
