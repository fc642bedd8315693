import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { agentProfitLoss, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

export type ProfitLossQuery = RequestOf<typeof agentProfitLoss>;

/** GET /wps/agent/reports/profit-loss: profit and loss per member of my team, with totals (`export: 'true'`: every row of the filter, for the CSV). */
export function getProfitLoss(q: ProfitLossQuery, signal?: AbortSignal) {
  return call(agentProfitLoss, q, { signal });
}

export function getProfitLossQueryOptions(q: ProfitLossQuery) {
  return queryOptions({
    queryKey: agentKeys.profit(q),
    queryFn: ({ signal }) => getProfitLoss(q, signal),
    // Another page or filter keeps the last rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useProfitLoss(q: ProfitLossQuery) {
  return useQuery(getProfitLossQueryOptions(q));
}
