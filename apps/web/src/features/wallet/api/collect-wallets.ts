import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletCollect } from '@app/contracts';
import { call } from '@/lib/api-client';
import { walletKeys } from './keys';
import { moneyMutationRetry } from './retry';

/** Relay GCS_walletCollect: every vendor wallet with a balance back to main, one transfer each. */
export function collectWallets(input: { key: string }) {
  return call(walletCollect, input);
}

export function useCollectWallets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectWallets,
    ...moneyMutationRetry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
