import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantWallet } from '@app/contracts';
import { call } from '@/lib/api-client';
import { walletKeys } from './keys';

/** Relay MCSFE_merchantWallet: isSingle (spec §3) — one wallet for every game, nothing to transfer. */
export function getMerchantWallet(signal?: AbortSignal) {
  return call(merchantWallet, {}, { signal });
}

export function getMerchantWalletQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.merchant,
    queryFn: ({ signal }) => getMerchantWallet(signal),
    // A merchant setting: it does not change while the page is open.
    staleTime: 10 * 60_000,
  });
}

export function useMerchantWallet() {
  return useQuery(getMerchantWalletQueryOptions());
}
