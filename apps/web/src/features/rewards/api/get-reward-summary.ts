import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardSummary } from '@app/contracts';
import { call } from '@/lib/api-client';
import { rewardKeys } from './keys';

/** GET /wps/rewards/summary: the counts behind the centre menu's badges (read only on the server). */
export function getRewardSummary(signal?: AbortSignal) {
  return call(rewardSummary, {}, { signal });
}

export function getRewardSummaryQueryOptions() {
  return queryOptions({
    queryKey: rewardKeys.summary,
    queryFn: ({ signal }) => getRewardSummary(signal),
    staleTime: 0,
    // While the centre is open a mission may be reached by a bet in the game frame.
    refetchInterval: 60_000,
  });
}

export function useRewardSummary() {
  return useQuery(getRewardSummaryQueryOptions());
}
