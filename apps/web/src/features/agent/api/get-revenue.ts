import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { agentRevenue, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

export type RevenueQuery = RequestOf<typeof agentRevenue>;

/** GET /wps/agent/reports/revenue: my income per day and kind, with totals (`export: 'true'`: every row of the filter, for the CSV). */
export function getRevenue(q: RevenueQuery, signal?: AbortSignal) {
  return call(agentRevenue, q, { signal });
}

export function getRevenueQueryOptions(q: RevenueQuery) {
  return queryOptions({
    queryKey: agentKeys.revenue(q),
    queryFn: ({ signal }) => getRevenue(q, signal),
    // Another page or filter keeps the last rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useRevenue(q: RevenueQuery) {
  return useQuery(getRevenueQueryOptions(q));
}
