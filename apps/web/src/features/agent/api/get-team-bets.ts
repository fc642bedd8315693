import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { agentTeamBets, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

export type TeamBetsQuery = RequestOf<typeof agentTeamBets>;

/** GET /wps/agent/reports/bets: the team's bets of one page with the totals of the filter (`export: 'true'`: every row of the filter, for the CSV). */
export function getTeamBets(q: TeamBetsQuery, signal?: AbortSignal) {
  return call(agentTeamBets, q, { signal });
}

export function getTeamBetsQueryOptions(q: TeamBetsQuery) {
  return queryOptions({
    queryKey: agentKeys.bets(q),
    queryFn: ({ signal }) => getTeamBets(q, signal),
    // Another page or filter keeps the last rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useTeamBets(q: TeamBetsQuery) {
  return useQuery(getTeamBetsQueryOptions(q));
}
