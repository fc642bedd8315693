import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletBalance } from '@app/contracts';
import { call } from '@/lib/api-client';
import { walletKeys } from './keys';

/** GET /wps/v2/wallets/balance: sumBalance, the currency and every wallet (spec §3 Balance). */
export function getBalance(signal?: AbortSignal) {
  return call(walletBalance, {}, { signal });
}

export function getBalanceQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.balance,
    queryFn: ({ signal }) => getBalance(signal),
    // The live stream invalidates it on every change; a refresh is one click away.
    staleTime: 30_000,
  });
}

export function useBalance() {
  return useQuery(getBalanceQueryOptions());
}
