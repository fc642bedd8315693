import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import { expectLedgerSound, newKey, walletBalance, type MoneyMember } from '../../test/money.ts';
import { insertTree, sessionOf } from '../agents/test-tree.ts';
import { missionPeriod, previousPeriod } from './periods.ts';
import { maskAccount } from './referral.ts';
import { betAt, countRows, noticesOf, ops, send } from './testing.ts';

/**
 * Issue 9, missions: progress from real rows in Asia/Yangon days and weeks, the badge (read only,
 * a reached mission counts at once), one reward per member, mission and period whoever finds it
 * first (the page, the job, both at once), the job finishing a period that ended, claiming
 * (mission_reward), expiry, and the week's leaderboard by mission points with my own rank.
 */

// Wednesday 2026-11-25 11:30 in Yangon (05:00 UTC): the week began on Monday 23 at 00:00 Yangon.
const clock = testClock(new Date('2026-11-25T05:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => app.close());

interface MissionV {
  id: number;
  code: string;
  names: Record<string, string>;
  period: string;
  metric: string;
  vertical: string | null;
  target: number;
  progress: number;
  reward: number;
  points: number;
  status: string;
  rewardId: number | null;
  periodStart: string;
  periodEnd: string;
}
interface SummaryV {
  claimable: number;
  claimableAmount: number;
  missions: number;
  envelopes: number;
}
interface BoardV {
  weekStart: string;
  weekEnd: string;
  items: { rank: number; account: string; points: number; missions: number; me: boolean }[];
  me: { rank: number | null; points: number; missions: number };
}

/** A member with a session made at the test clock's time. */
async function member(): Promise<MoneyMember & { id: string }> {
  const [m] = await insertTree(app, [{ parent: -1, type: 3 }]);
  const token = await sessionOf(app, m!.id);
  return {
    id: m!.id,
    account: m!.account,
    password: '',
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
/** A fresh session (the clock moved past the idle expiry). */
async function again(m: MoneyMember): Promise<MoneyMember> {
  const token = await sessionOf(app, m.id);
  return { ...m, token, headers: { authorization: `Bearer ${token}` } };
}

const missions = async (m: MoneyMember) => {
  const r = await send<{ items: MissionV[] }>(app, m, 'GET', '/wps/rewards/missions');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.value!.items;
};
const mission = async (m: MoneyMember, code: string) => (await missions(m)).find((x) => x.code === code)!;
const summary = async (m: MoneyMember) =>
  (await send<SummaryV>(app, m, 'GET', '/wps/rewards/summary')).body.value!;
const board = async (m: MoneyMember) =>
  (await send<BoardV>(app, m, 'GET', '/wps/rewards/leaderboard')).body.value!;
const missionRewards = (memberId: string) =>
  countRows(app, `select count(*) as c from rewards where member_id = $1 and source = 'mission'`, [memberId]);

describe('mission periods', () => {
  it('are the days and weeks of Asia/Yangon', () => {
    const t = new Date('2026-11-25T05:00:00Z');
    expect(missionPeriod('daily', t)).toEqual({
      start: new Date('2026-11-24T17:30:00Z'),
      end: new Date('2026-11-25T17:30:00Z'),
    });
    expect(missionPeriod('weekly', t)).toEqual({
      start: new Date('2026-11-22T17:30:00Z'),
      end: new Date('2026-11-29T17:30:00Z'),
    });
    // Sunday 23:59 Yangon is still the same week; Monday 00:00 starts the next.
    expect(missionPeriod('weekly', new Date('2026-11-29T17:29:00Z')).start).toEqual(
      new Date('2026-11-22T17:30:00Z'),
    );
    expect(missionPeriod('weekly', new Date('2026-11-29T17:30:00Z')).start).toEqual(
      new Date('2026-11-29T17:30:00Z'),
    );
    expect(previousPeriod('daily', t)).toEqual({
      start: new Date('2026-11-23T17:30:00Z'),
      end: new Date('2026-11-24T17:30:00Z'),
    });
  });
});

describe('missions', () => {
  it("lists today's and this week's missions with progress counted from my own rows", async () => {
    const m = await member();
    const other = await member();
    const list = await missions(m);
    expect(list.map((x) => x.code)).toEqual([
      'D_BETS_10',
      'D_SLOT_WIN',
      'D_STAKE_5K',
      'W_DEPOSIT',
      'W_LOTTERY_50K',
      'W_BETS_100',
    ]);
    expect(list[0]).toMatchObject({
      period: 'daily',
      metric: 'bet_count',
      target: 10,
      progress: 0,
      status: 'in_progress',
      rewardId: null,
      periodStart: '2026-11-24T17:30:00.000Z',
      periodEnd: '2026-11-25T17:30:00.000Z',
    });
    expect(list[0]!.names).toMatchObject({ EN: 'Place 10 bets today' });
    expect(list[4]).toMatchObject({ period: 'weekly', vertical: 'lottery', target: 5_000_000 });

    const now = clock.now();
    for (let i = 0; i < 9; i++)
      await betAt(app, m.id, { stake: 100_000, vertical: i < 3 ? 'lottery' : 'slots' });
    // Not mine, rolled back, yesterday (Tuesday 23:00 Yangon), last week: none of them counts today.
    await betAt(app, other.id, { stake: 100_000 });
    await betAt(app, m.id, { status: 'rolled_back', stake: 100_000 });
    await betAt(app, m.id, { at: new Date('2026-11-24T16:30:00Z'), stake: 400_000, vertical: 'lottery' });
    await betAt(app, m.id, { at: new Date('2026-11-22T17:00:00Z'), stake: 900_000, vertical: 'lottery' });
    const progress = Object.fromEntries((await missions(m)).map((x) => [x.code, x.progress]));
    expect(progress).toEqual({
      D_BETS_10: 9,
      D_SLOT_WIN: 0,
      D_STAKE_5K: 500_000,
      W_DEPOSIT: 0,
      W_LOTTERY_50K: 700_000,
      W_BETS_100: 10,
    });
    expect(now).toEqual(clock.now());
    // 9 × 1,000.00 reached the daily stake mission (MMK 5,000): rewarded when the page was read.
    expect((await mission(m, 'D_STAKE_5K')).status).toBe('claimable');
  });

  it('counts a reached mission in the badge at once (read only), rewards it once with one notice', async () => {
    const m = await member();
    await app.services.db.query(`update members set language = 'CN' where id = $1`, [m.id]);
    for (let i = 0; i < 9; i++) await betAt(app, m.id, { stake: 100 });
    expect(await summary(m)).toMatchObject({ missions: 0, claimable: 0 });
    await betAt(app, m.id, { stake: 100 });
    expect(await summary(m)).toMatchObject({ missions: 1, claimable: 1, claimableAmount: 50_000 });
    // The badge wrote nothing; the missions page gives the reward and its notice.
    expect(await missionRewards(m.id)).toBe(0);
    const done = await mission(m, 'D_BETS_10');
    expect(done).toMatchObject({ progress: 10, status: 'claimable', rewardId: expect.any(Number) });
    await Promise.all([missions(m), missions(m), ops(app, 'rewards', 'run'), summary(m)]);
    expect(await missionRewards(m.id)).toBe(1);
    const notices = await noticesOf(app, m.id, 'mission_completed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.params).toMatchObject({
      name: '今日投注 10 次',
      amount: 50_000,
      rewardId: done.rewardId,
    });
    expect(await summary(m)).toMatchObject({ missions: 1, claimable: 1 });

    // Claimed as a mission reward; the badge empties; the mission shows claimed.
    const claimed = await send<{ type: string; amount: number }>(app, m, 'POST', '/wps/rewards/claim', {
      rewardId: done.rewardId,
      key: newKey(),
    });
    expect(claimed.body.value).toMatchObject({ type: 'mission_reward', amount: 50_000 });
    expect(await walletBalance(app, m.id)).toBe(50_000);
    expect(await summary(m)).toMatchObject({ missions: 0, claimable: 0 });
    expect(await mission(m, 'D_BETS_10')).toMatchObject({ status: 'claimed', rewardId: null });
    // Bets beyond the target give nothing more today.
    await betAt(app, m.id, { stake: 100 });
    expect(await mission(m, 'D_BETS_10')).toMatchObject({ progress: 10, status: 'claimed' });
    expect(await missionRewards(m.id)).toBe(1);
    const bonus = await send<{ items: { type: string; reason: string }[] }>(
      app,
      m,
      'GET',
      '/wps/member/bonus',
    );
    expect(bonus.body.value?.items[0]).toMatchObject({ type: 'mission_reward', reason: '今日投注 10 次' });
    await expectLedgerSound(app);
  });

  it('counts a slot win for the slot mission and deposits for the deposit mission', async () => {
    const m = await member();
    await betAt(app, m.id, { vertical: 'lottery', stake: 1_000, payout: 5_000 });
    await betAt(app, m.id, { vertical: 'slots', stake: 1_000, payout: 1_000 });
    await betAt(app, m.id, { vertical: 'slots', stake: 1_000, payout: 3_000, status: 'open' });
    expect((await mission(m, 'D_SLOT_WIN')).progress).toBe(0);
    await betAt(app, m.id, { vertical: 'slots', stake: 1_000, payout: 2_500 });
    expect(await mission(m, 'D_SLOT_WIN')).toMatchObject({ progress: 1, status: 'claimable' });

    const [channel] = await app.services.db.query<{ id: number }>(
      `select id from deposit_channels where code = 'BANK'`,
    );
    const d = await send<{ id: number }>(app, m, 'POST', '/wps/v2/deposit', {
      channelId: channel!.id,
      amount: 20_000,
      key: newKey(),
    });
    expect((await mission(m, 'W_DEPOSIT')).progress).toBe(0);
    expect((await ops(app, 'deposit', 'approve', String(d.body.value!.id))).status).toBe(200);
    expect(await summary(m)).toMatchObject({ missions: 2 });
    expect(await mission(m, 'W_DEPOSIT')).toMatchObject({ progress: 1, status: 'claimable' });
  });

  it('the job rewards members who never look, once, and finishes the period that just ended', async () => {
    const quiet = await member();
    const late = await member();
    for (let i = 0; i < 10; i++) await betAt(app, quiet.id, { stake: 10 });
    // Late: 10 bets on Wednesday at 23:50 Yangon, the page never opened that day.
    for (let i = 0; i < 10; i++)
      await betAt(app, late.id, { stake: 10, at: new Date('2026-11-25T17:20:00Z') });
    const first = await ops(app, 'rewards', 'run');
    expect(first.status).toBe(200);
    expect(await missionRewards(quiet.id)).toBe(1);
    expect(await noticesOf(app, quiet.id, 'mission_completed')).toHaveLength(1);
    const second = await ops(app, 'rewards', 'run');
    expect(second.message).toContain('0 mission rewards');
    expect(await noticesOf(app, quiet.id, 'mission_completed')).toHaveLength(1);

    // Thursday 00:10 Yangon: Wednesday's mission of `late` is rewarded by the next pass, dated Wednesday.
    await app.services.db.query(`delete from rewards where member_id = $1`, [late.id]);
    clock.advance(13 * 3_600_000 + 10 * 60_000);
    await ops(app, 'rewards', 'run');
    const [r] = await app.services.db.query<{ period_start: Date }>(
      `select period_start from rewards where member_id = $1 and source = 'mission'`,
      [late.id],
    );
    expect(r?.period_start).toEqual(new Date('2026-11-24T17:30:00Z'));
    // Today's list starts again from zero for the daily missions.
    const today = await mission(await again(late), 'D_BETS_10');
    expect(today).toMatchObject({
      progress: 0,
      status: 'in_progress',
      periodStart: '2026-11-25T17:30:00.000Z',
    });
    expect((await mission(await again(late), 'W_BETS_100')).progress).toBe(10);
  });

  it("expires a mission reward after its claim days; the week's leaderboard ranks by mission points", async () => {
    // Saturday 2026-11-28 00:10 Yangon, the same week.
    clock.advance(2 * 86_400_000);
    const [a, b, c] = [await member(), await member(), await member()];
    for (let i = 0; i < 10; i++) await betAt(app, a.id, { stake: 100_000 });
    await betAt(app, a.id, { vertical: 'slots', stake: 1_000, payout: 5_000 });
    for (let i = 0; i < 10; i++) await betAt(app, b.id, { stake: 10 });
    await ops(app, 'rewards', 'run');
    const boardA = await board(a);
    expect(boardA.weekStart).toBe('2026-11-22T17:30:00.000Z');
    expect(boardA.weekEnd).toBe('2026-11-29T17:30:00.000Z');
    // a: 10 bets (10) + 5,000 staked (15) + slot win (10) = 35 points; b: 10 bets = 10 points.
    const mine = boardA.items.find((i) => i.me)!;
    expect(mine).toMatchObject({ account: maskAccount(a.account), points: 35, missions: 3 });
    expect(boardA.me).toEqual({ rank: mine.rank, points: 35, missions: 3 });
    const rowB = boardA.items.find((i) => i.account === maskAccount(b.account))!;
    expect(rowB.rank).toBeGreaterThan(mine.rank);
    expect(rowB.me).toBe(false);
    expect(boardA.items.length).toBeLessThanOrEqual(10);
    const ranks = boardA.items.map((i) => i.points);
    expect([...ranks].sort((x, y) => y - x)).toEqual(ranks);
    expect((await board(c)).me).toEqual({ rank: null, points: 0, missions: 0 });

    // Eight days later nothing of a's was claimed: expired, not claimable; next week's board is empty of them.
    clock.advance(8 * 86_400_000);
    await ops(app, 'rewards', 'run');
    const a2 = await again(a);
    expect(await summary(a2)).toMatchObject({ claimable: 0, missions: 0 });
    const history = await send<{ items: { status: string; source: string }[] }>(
      app,
      a2,
      'GET',
      '/wps/rewards',
      {
        view: 'history',
      },
    );
    expect(history.body.value?.items.filter((i) => i.source === 'mission').map((i) => i.status)).toEqual([
      'expired',
      'expired',
      'expired',
    ]);
    const next = await board(a2);
    expect(next.me).toEqual({ rank: null, points: 0, missions: 0 });
    expect(next.items.some((i) => i.account === maskAccount(a.account))).toBe(false);
  });
});
