import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { personalProfit, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { recordsKeys } from './keys';

export type ProfitQuery = RequestOf<typeof personalProfit>;

/** GET /wps/member/profit: stake, payout and win/loss per day and vertical, with totals. */
export function getPersonalProfit(q: ProfitQuery, signal?: AbortSignal) {
  return call(personalProfit, q, { signal });
}

export function getPersonalProfitQueryOptions(q: ProfitQuery) {
  return queryOptions({
    queryKey: recordsKeys.profit(q),
    queryFn: ({ signal }) => getPersonalProfit(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function usePersonalProfit(q: ProfitQuery) {
  return useQuery(getPersonalProfitQueryOptions(q));
}
