import type { RequestOf, pointsRedeemList, pointsRewards, pointsTransactions } from '@app/contracts';

/**
 * Every point-mall query key starts with 'points': a redemption or a conversion invalidates that
 * one prefix (balance, goods stock and limits, records, details).
 */
export const pointsKeys = {
  all: ['points'] as const,
  config: ['points', 'config'] as const,
  balance: ['points', 'balance'] as const,
  goods: (q: RequestOf<typeof pointsRewards>) => ['points', 'goods', q] as const,
  goodsDetail: (id: number) => ['points', 'goods-detail', id] as const,
  records: (q: RequestOf<typeof pointsRedeemList>) => ['points', 'records', q] as const,
  details: (q: RequestOf<typeof pointsTransactions>) => ['points', 'details', q] as const,
};
