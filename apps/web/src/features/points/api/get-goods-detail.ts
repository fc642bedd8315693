import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsRewardDetail } from '@app/contracts';
import { call } from '@/lib/api-client';
import { pointsKeys } from './keys';

/** GET /wps/points/rewards/detail: one good with its stock and my remaining limit now. */
export function getGoodsDetail(id: number, signal?: AbortSignal) {
  return call(pointsRewardDetail, { id }, { signal });
}

export function getGoodsDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: pointsKeys.goodsDetail(id),
    queryFn: ({ signal }) => getGoodsDetail(id, signal),
    staleTime: 0,
  });
}

export function useGoodsDetail(id: number) {
  return useQuery(getGoodsDetailQueryOptions(id));
}
