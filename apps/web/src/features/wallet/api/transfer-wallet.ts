import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletTransfer, type WalletTransferRequest } from '@app/contracts';
import { call } from '@/lib/api-client';
import { walletKeys } from './keys';
import { moneyMutationRetry } from './retry';

/** Relay GCS_walletTransfer: main ↔ one vendor wallet, an amount or all (`key`: one per submit). */
export function transferWallet(input: WalletTransferRequest) {
  return call(walletTransfer, input);
}

export function useTransferWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferWallet,
    ...moneyMutationRetry,
    // Completed, failed or pending: every wallet view asks again (a pending one keeps asking).
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
