import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletBalance } from '@app/contracts';
import { call } from '@/lib/api-client';
import { WALLET_KEY_PREFIX } from './keys';

/**
 * The member's balance for the slip's check (the same query as the header's: one cache entry under
 * 'wallet', kept fresh by the live stream). A lottery stake is paid from the MAIN wallet.
 */
export function getLotteryBalanceQueryOptions() {
  return queryOptions({
    queryKey: [...WALLET_KEY_PREFIX, 'balance'] as const,
    queryFn: ({ signal }) => call(walletBalance, {}, { signal }),
    staleTime: 30_000,
  });
}

export function useMainBalance(options: { enabled: boolean }) {
  const q = useQuery({ ...getLotteryBalanceQueryOptions(), enabled: options.enabled });
  const main = q.data?.wallets.find((w) => w.code === 'MAIN')?.balance ?? q.data?.sumBalance;
  return { balance: main ?? null, currency: q.data?.currency ?? null, isLoading: q.isLoading };
}
