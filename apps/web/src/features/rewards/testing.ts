/** Test answers for the reward calls, each checked by the real contract schema (tests only). */
import {
  missionLeaderboard,
  missionSchema,
  redEnvelopeSchema,
  referralFriends,
  referralInfo,
  redEnvelopeList,
  rewardList,
  rewardSchema,
  rewardSummary,
  walletBalance,
  type Mission,
  type RedEnvelope,
  type ResponseOf,
  type Reward,
} from '@app/contracts';
import { balanceFixture } from '@/features/wallet/testing';
import { openCentrePage } from '@/testing/centre';
import { loggedInHandlers, ok, type Handler } from '@/testing/fixtures';

export { bodiesOf, queriesOf } from '@/testing/centre';

const NAMES = {
  MY: 'ယနေ့ လောင်းကြေး ၁၀ ကြိမ် ထိုးပါ',
  EN: 'Place 10 bets today',
  CN: '今日投注 10 次',
  TH: 'วางเดิมพัน 10 ครั้งวันนี้',
  VI: 'Đặt cược 10 lần hôm nay',
};

export function rewardFixture(overrides: Partial<Reward> = {}): Reward {
  return rewardSchema.parse({
    id: 1,
    source: 'grant',
    status: 'claimable',
    amount: 250_000,
    title: 'Lucky Friday',
    mission: null,
    friend: null,
    expiresAt: '2026-11-30T10:00:00.000Z',
    createdAt: '2026-11-25T03:00:00.000Z',
    claimedAt: null,
    ...overrides,
  });
}

export const missionReward = (overrides: Partial<Reward> = {}) =>
  rewardFixture({
    id: 2,
    source: 'mission',
    amount: 50_000,
    title: null,
    mission: { names: NAMES, period: 'daily', periodStart: '2026-11-24T17:30:00.000Z' },
    ...overrides,
  });

export const referralReward = (overrides: Partial<Reward> = {}) =>
  rewardFixture({
    id: 3,
    source: 'referral',
    amount: 100_000,
    title: null,
    friend: 'fr***99',
    expiresAt: null,
    ...overrides,
  });

export function rewardsFixture(items: Reward[], claimableAmount?: number) {
  return rewardList.response.parse({
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    claimableAmount:
      claimableAmount ?? items.filter((r) => r.status === 'claimable').reduce((s, r) => s + r.amount, 0),
  });
}

export function summaryFixture(overrides: Partial<ResponseOf<typeof rewardSummary>> = {}) {
  return rewardSummary.response.parse({
    claimable: 0,
    claimableAmount: 0,
    missions: 0,
    envelopes: 0,
    ...overrides,
  });
}

export function missionFixture(overrides: Partial<Mission> = {}): Mission {
  return missionSchema.parse({
    id: 11,
    code: 'D_BETS_10',
    names: NAMES,
    period: 'daily',
    metric: 'bet_count',
    vertical: null,
    target: 10,
    progress: 4,
    reward: 50_000,
    points: 10,
    status: 'in_progress',
    rewardId: null,
    periodStart: '2026-11-24T17:30:00.000Z',
    periodEnd: '2026-11-25T17:30:00.000Z',
    ...overrides,
  });
}

export function leaderboardFixture(overrides: Partial<ResponseOf<typeof missionLeaderboard>> = {}) {
  return missionLeaderboard.response.parse({
    weekStart: '2026-11-22T17:30:00.000Z',
    weekEnd: '2026-11-29T17:30:00.000Z',
    items: [
      { rank: 1, account: 'pl***07', points: 50, missions: 3, me: false },
      { rank: 2, account: 'de***01', points: 20, missions: 1, me: true },
    ],
    me: { rank: 2, points: 20, missions: 1 },
    ...overrides,
  });
}

export function referralFixture(overrides: Partial<ResponseOf<typeof referralInfo>> = {}) {
  return referralInfo.response.parse({
    code: 'AB12CD34',
    url: 'http://localhost/register?referralCode=AB12CD34',
    rule: { minDeposit: 100_000, reward: 100_000, claimDays: 30 },
    invited: 3,
    qualified: 1,
    earned: 0,
    claimable: 100_000,
    ...overrides,
  });
}

export function friendsFixture(items: ResponseOf<typeof referralFriends>['items']) {
  return referralFriends.response.parse({ items, page: 1, pageSize: 20, total: items.length });
}

export function envelopeFixture(overrides: Partial<RedEnvelope> = {}): RedEnvelope {
  return redEnvelopeSchema.parse({
    id: 7,
    from: 'agent01',
    message: 'Good luck',
    receivedAt: '2026-11-25T03:00:00.000Z',
    openedAt: null,
    amount: null,
    ...overrides,
  });
}

export function envelopesFixture(items: RedEnvelope[]) {
  return redEnvelopeList.response.parse({
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    unopened: items.filter((e) => e.openedAt === null).length,
  });
}

/** Signs in as demo01, opens the member centre on `page` and waits for its heading. */
export async function openRewardPage(page: string, heading: string, handlers: Record<string, Handler> = {}) {
  return openCentrePage('personal', page, heading, {
    ...loggedInHandlers({ type: 3, account: 'demo01', hasPaymentPassword: true }),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [rewardSummary.path]: () => ok(rewardSummary, summaryFixture()),
    ...handlers,
  });
}
