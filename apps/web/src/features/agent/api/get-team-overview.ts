import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { agentTeamOverview, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

export type TeamOverviewQuery = RequestOf<typeof agentTeamOverview>;

/** GET /wps/agent/team/overview: the team's figures of a period and its daily series. */
export function getTeamOverview(q: TeamOverviewQuery, signal?: AbortSignal) {
  return call(agentTeamOverview, q, { signal });
}

export function getTeamOverviewQueryOptions(q: TeamOverviewQuery) {
  return queryOptions({
    queryKey: agentKeys.overview(q),
    queryFn: ({ signal }) => getTeamOverview(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useTeamOverview(q: TeamOverviewQuery) {
  return useQuery(getTeamOverviewQueryOptions(q));
}
