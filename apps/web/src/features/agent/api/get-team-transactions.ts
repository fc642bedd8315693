import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { agentTransactions, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

export type TeamTransactionsQuery = RequestOf<typeof agentTransactions>;

/** GET /wps/agent/reports/transactions: my team's main-wallet movements, with totals (`export: 'true'`: every row of the filter, for the CSV). */
export function getTeamTransactions(q: TeamTransactionsQuery, signal?: AbortSignal) {
  return call(agentTransactions, q, { signal });
}

export function getTeamTransactionsQueryOptions(q: TeamTransactionsQuery) {
  return queryOptions({
    queryKey: agentKeys.transactions(q),
    queryFn: ({ signal }) => getTeamTransactions(q, signal),
    // Another page or filter keeps the last rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useTeamTransactions(q: TeamTransactionsQuery) {
  return useQuery(getTeamTransactionsQueryOptions(q));
}
