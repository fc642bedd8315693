import { queryOptions, useQuery } from '@tanstack/react-query';
import { missionList } from '@app/contracts';
import { call } from '@/lib/api-client';
import { rewardKeys } from './keys';

/** GET /wps/rewards/missions: today's and this week's missions with my progress. */
export function getMissions(signal?: AbortSignal) {
  return call(missionList, {}, { signal });
}

export function getMissionsQueryOptions() {
  return queryOptions({
    queryKey: rewardKeys.missions,
    queryFn: ({ signal }) => getMissions(signal),
    // Opening the page is when the server gives what is due: always ask again.
    staleTime: 0,
  });
}

export function useMissions() {
  return useQuery(getMissionsQueryOptions());
}
