import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deposits } from '@app/contracts';
import { call } from '@/lib/api-client';
import { CASHIER_PAGE_SIZE, cashierKeys } from './keys';

/** GET /wps/v2/deposit/list: my deposits, newest first. */
export function getDeposits(page: number, signal?: AbortSignal) {
  return call(deposits, { page, pageSize: CASHIER_PAGE_SIZE }, { signal });
}

export function getDepositsQueryOptions(page: number) {
  return queryOptions({
    queryKey: cashierKeys.deposits(page),
    queryFn: ({ signal }) => getDeposits(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(page: number) {
  return useQuery(getDepositsQueryOptions(page));
}
