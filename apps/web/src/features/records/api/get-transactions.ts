import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionHistory, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { recordsKeys } from './keys';

export type TransactionsQuery = RequestOf<typeof transactionHistory>;

/** GET /wps/member/transactions: my movements of one page, filtered by type and days, with the period's totals. */
export function getTransactions(q: TransactionsQuery, signal?: AbortSignal) {
  return call(transactionHistory, q, { signal });
}

export function getTransactionsQueryOptions(q: TransactionsQuery) {
  return queryOptions({
    queryKey: recordsKeys.transactions(q),
    queryFn: ({ signal }) => getTransactions(q, signal),
    // Another page or filter keeps the last rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useTransactions(q: TransactionsQuery) {
  return useQuery(getTransactionsQueryOptions(q));
}
