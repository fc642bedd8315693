import { useMutation, useQueryClient } from '@tanstack/react-query';
import { c2cConfirm, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { invalidateMoney, moneyMutationRetry } from './retry';

export type ConfirmC2cInput = RequestOf<typeof c2cConfirm>;

/** POST /wps/v2/withdraw/c2c/confirm: received in full, partly received or not received (spec §4). */
export function confirmC2c(input: ConfirmC2cInput) {
  return call(c2cConfirm, input);
}

export function useConfirmC2c() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmC2c,
    ...moneyMutationRetry,
    // A partial receipt returns the remainder to the main wallet.
    onSettled: () => invalidateMoney(queryClient),
  });
}
