import { queryOptions, useQuery } from '@tanstack/react-query';
import { betDetail, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { betRecordsKeys } from './keys';

export type BetDetailQuery = RequestOf<typeof betDetail>;

/** GET /wps/member/bets/detail: one bet, its vendor transactions and the game's own detail. */
export function getBetDetail(q: BetDetailQuery, signal?: AbortSignal) {
  return call(betDetail, q, { signal });
}

export function getBetDetailQueryOptions(q: BetDetailQuery) {
  return queryOptions({
    queryKey: betRecordsKeys.detail(q),
    queryFn: ({ signal }) => getBetDetail(q, signal),
    staleTime: 15_000,
  });
}

export function useBetDetail(q: BetDetailQuery) {
  return useQuery(getBetDetailQueryOptions(q));
}
