import { queryOptions, useQuery } from '@tanstack/react-query';
import { missionLeaderboard } from '@app/contracts';
import { call } from '@/lib/api-client';
import { rewardKeys } from './keys';

/** GET /wps/rewards/leaderboard: this week's top members by mission points, and my rank. */
export function getLeaderboard(signal?: AbortSignal) {
  return call(missionLeaderboard, {}, { signal });
}

export function getLeaderboardQueryOptions() {
  return queryOptions({
    queryKey: rewardKeys.leaderboard,
    queryFn: ({ signal }) => getLeaderboard(signal),
    staleTime: 0,
  });
}

export function useLeaderboard() {
  return useQuery(getLeaderboardQueryOptions());
}
