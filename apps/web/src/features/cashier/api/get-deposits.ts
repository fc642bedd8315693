import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deposits } from '@app/contracts';
import { call } from '@/lib/api-client';
import { CASHIER_PAGE_SIZE, cashierKeys } from './keys';

export const PENDING_REFRESH_MS = 15_000;

/** GET /wps/v2/deposit/list: my deposits, newest first. */
export function getDeposits(page: number, signal?: AbortSignal) {
  return call(deposits, { page, pageSize: CASHIER_PAGE_SIZE }, { signal });
}

export function getDepositsQueryOptions(page: number) {
  return queryOptions({
    queryKey: cashierKeys.deposits(page),
    queryFn: ({ signal }) => getDeposits(page, signal),
    placeholderData: keepPreviousData,
    // Decided elsewhere (operator, gateway, C2C payee): fresh on every visit, and asked again
    // while one is pending.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
}

export function useDeposits(page: number) {
  return useQuery(getDepositsQueryOptions(page));
}
