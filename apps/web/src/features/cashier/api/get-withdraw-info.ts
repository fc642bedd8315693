import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawInfo } from '@app/contracts';
import { call } from '@/lib/api-client';
import { cashierKeys } from './keys';

/** GET /wps/v2/withdraw/info: min/max, main balance, auto-receive minutes, payment password set. */
export function getWithdrawInfo(signal?: AbortSignal) {
  return call(withdrawInfo, {}, { signal });
}

export function getWithdrawInfoQueryOptions() {
  return queryOptions({
    queryKey: cashierKeys.withdrawInfo,
    queryFn: ({ signal }) => getWithdrawInfo(signal),
    // The balance in it moves with every deposit and withdrawal.
    staleTime: 0,
  });
}

export function useWithdrawInfo() {
  return useQuery(getWithdrawInfoQueryOptions());
}
