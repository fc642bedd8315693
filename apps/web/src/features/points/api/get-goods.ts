import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointsRewards, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { pointsKeys } from './keys';

export type GoodsQuery = RequestOf<typeof pointsRewards>;

/** GET /wps/points/rewards: one page of the goods, cheapest first (guests too). */
export function getGoods(q: GoodsQuery, signal?: AbortSignal) {
  return call(pointsRewards, q, { signal });
}

/** `signedIn` is part of the key: a member sees their remaining limits, a guest does not. */
export function getGoodsQueryOptions(q: GoodsQuery, signedIn: boolean) {
  return queryOptions({
    queryKey: [...pointsKeys.goods(q), signedIn] as const,
    queryFn: ({ signal }) => getGoods(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useGoods(q: GoodsQuery, signedIn: boolean) {
  return useQuery(getGoodsQueryOptions(q, signedIn));
}
