import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { betRecords, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { betRecordsKeys } from './keys';

export type BetRecordsQuery = RequestOf<typeof betRecords>;

/** GET /wps/member/bets: my bets of one page, filtered by vertical, vendor and days, with the period's totals. */
export function getBetRecords(q: BetRecordsQuery, signal?: AbortSignal) {
  return call(betRecords, q, { signal });
}

export function getBetRecordsQueryOptions(q: BetRecordsQuery) {
  return queryOptions({
    queryKey: betRecordsKeys.list(q),
    queryFn: ({ signal }) => getBetRecords(q, signal),
    // Another page or filter keeps the last rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useBetRecords(q: BetRecordsQuery) {
  return useQuery(getBetRecordsQueryOptions(q));
}
