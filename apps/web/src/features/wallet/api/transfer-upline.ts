import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferUpline as transferUplineEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';
import { walletKeys } from './keys';
import { moneyMutationRetry } from './retry';

/** Relay GCS_transferUpline: main wallet to the upline's, with the payment password. */
export function transferUpline(input: { amount: number; paymentPassword: string; key: string }) {
  return call(transferUplineEndpoint, input);
}

export function useTransferUpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferUpline,
    ...moneyMutationRetry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
