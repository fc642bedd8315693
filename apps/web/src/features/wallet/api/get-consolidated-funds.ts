import { queryOptions, useQuery } from '@tanstack/react-query';
import { consolidatedFunds, type ConsolidatedFunds } from '@app/contracts';
import { call } from '@/lib/api-client';
import { walletKeys } from './keys';

/** While a vendor transfer is in flight the page asks again this often, until it has settled. */
export const PENDING_REFRESH_MS = 3_000;

/** GET /wps/member/info/funds/consolidated: main, each vendor wallet, what is in flight, the total. */
export function getConsolidatedFunds(signal?: AbortSignal) {
  return call(consolidatedFunds, {}, { signal });
}

export function getConsolidatedFundsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.funds,
    queryFn: ({ signal }) => getConsolidatedFunds(signal),
    refetchInterval: (query) => refreshWhilePending(query.state.data),
  });
}

/** Pending two-phase transfers resolve on the server (vendor answer or reconciler): poll until then. */
export function refreshWhilePending(data: ConsolidatedFunds | undefined): number | false {
  return data && data.pendingTransfers.length > 0 ? PENDING_REFRESH_MS : false;
}

export function useConsolidatedFunds() {
  return useQuery(getConsolidatedFundsQueryOptions());
}
