import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rewardList, type RewardView } from '@app/contracts';
import { call } from '@/lib/api-client';
import { rewardKeys } from './keys';

/** GET /wps/rewards: my claimable rewards, or my history (claimed, expired), a page at a time. */
export function getRewards(view: RewardView, page: number, signal?: AbortSignal) {
  return call(rewardList, { view, page }, { signal });
}

export function getRewardsQueryOptions(view: RewardView, page: number) {
  return queryOptions({
    queryKey: rewardKeys.list(view, page),
    queryFn: ({ signal }) => getRewards(view, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRewards(view: RewardView, page: number) {
  return useQuery(getRewardsQueryOptions(view, page));
}
