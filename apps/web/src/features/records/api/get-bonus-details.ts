import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bonusDetails, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { recordsKeys } from './keys';

export type BonusQuery = RequestOf<typeof bonusDetails>;

/** GET /wps/member/bonus: my bonuses of one page and the period's total. */
export function getBonusDetails(q: BonusQuery, signal?: AbortSignal) {
  return call(bonusDetails, q, { signal });
}

export function getBonusDetailsQueryOptions(q: BonusQuery) {
  return queryOptions({
    queryKey: recordsKeys.bonus(q),
    queryFn: ({ signal }) => getBonusDetails(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useBonusDetails(q: BonusQuery) {
  return useQuery(getBonusDetailsQueryOptions(q));
}
