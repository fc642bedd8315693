/** Test answers for the point mall's calls, each checked by the real contract schema (tests only). */
import {
  exchangeRecordSchema,
  goodsSchema,
  pointsDetailSchema,
  pointsBalance,
  pointsConfig,
  pointsRedeemList,
  pointsRewards,
  pointsTransactions,
  walletBalance,
  type ExchangeRecord,
  type Goods,
  type PointsDetail,
} from '@app/contracts';
import { balanceFixture } from '@/features/wallet/testing';
import { loggedInHandlers, ok, siteHandlers, type Handler } from '@/testing/fixtures';

const names = (en: string, my = `${en} (MY)`) => ({
  MY: my,
  EN: en,
  CN: `${en} (CN)`,
  TH: `${en} (TH)`,
  VI: `${en} (VI)`,
});

export function goodsFixture(overrides: Partial<Goods> = {}): Goods {
  return goodsSchema.parse({
    id: 1,
    kind: 'cash',
    name: names('MMK 10 cash voucher'),
    description: names('Paid into your main wallet.'),
    image: '/img/points/goods/1.svg',
    points: 100,
    amount: 1_000,
    stock: 1_000,
    perMemberLimit: 10,
    myRemaining: null,
    ...overrides,
  });
}

export const mugFixture = (overrides: Partial<Goods> = {}) =>
  goodsFixture({
    id: 5,
    kind: 'physical',
    name: names('Branded coffee mug'),
    description: names('Delivered within 14 days.'),
    image: '/img/points/goods/5.svg',
    points: 800,
    amount: null,
    stock: 100,
    perMemberLimit: 2,
    ...overrides,
  });

export function goodsPage(items: Goods[] = [goodsFixture(), mugFixture()]) {
  return pointsRewards.response.parse({ items, page: 1, pageSize: 12, total: items.length });
}

export function configFixture() {
  return pointsConfig.response.parse({
    rules: [
      { category: 'live', betUnit: 2_000, points: 1 },
      { category: 'lottery', betUnit: 1_000, points: 1 },
      { category: 'card', betUnit: 2_000, points: 0 },
      { category: 'slots', betUnit: 1_000, points: 1 },
      { category: 'sports', betUnit: 1_000, points: 1 },
      { category: 'redeem', betUnit: 1_000, points: 100 },
      { category: 'deposit', betUnit: 10_000, points: 1 },
    ],
    expires: false,
  });
}

export function recordFixture(overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return exchangeRecordSchema.parse({
    id: 42,
    transactionNo: 'PX20261127000042',
    appliedAt: '2026-11-27T03:00:00.000Z',
    type: 'cash',
    goodsId: 1,
    itemName: names('MMK 10 cash voucher'),
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
    ...overrides,
  });
}

export function detailFixture(overrides: Partial<PointsDetail> = {}): PointsDetail {
  return pointsDetailSchema.parse({
    id: 9,
    category: 'slots',
    kind: 'earn',
    points: 250,
    balance: 250,
    base: 250_000,
    count: 3,
    betUnit: 1_000,
    pointsRatio: 1,
    transactionNo: null,
    remark: null,
    createdAt: '2026-11-27T02:00:00.000Z',
    ...overrides,
  });
}

/** The point mall's calls answered for a guest (goods and rules only). */
export function guestMallHandlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...siteHandlers(),
    [pointsRewards.path]: () => ok(pointsRewards, goodsPage()),
    [pointsConfig.path]: () => ok(pointsConfig, configFixture()),
    ...extra,
  };
}

/** Signed in as demo01 with 250 points, one applying record and one line of details. */
export function memberMallHandlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...loggedInHandlers({ hasPaymentPassword: true }),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [pointsRewards.path]: () => ok(pointsRewards, goodsPage()),
    [pointsConfig.path]: () => ok(pointsConfig, configFixture()),
    [pointsBalance.path]: () => ok(pointsBalance, { balance: 250, pending: 0, earned: 250, spent: 0 }),
    [pointsRedeemList.path]: () =>
      ok(pointsRedeemList, { items: [recordFixture()], page: 1, pageSize: 10, total: 1 }),
    [pointsTransactions.path]: () =>
      ok(pointsTransactions, { items: [detailFixture()], page: 1, pageSize: 20, total: 1 }),
    ...extra,
  };
}
