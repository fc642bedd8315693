import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDeposit as createDepositEndpoint, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { invalidateMoney, moneyMutationRetry } from './retry';

export type CreateDepositInput = RequestOf<typeof createDepositEndpoint>;

/** POST /wps/v2/deposit: BANK pending until the operator confirms, INSTANT a pay link, C2C matched. */
export function createDeposit(input: CreateDepositInput) {
  return call(createDepositEndpoint, input);
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    ...moneyMutationRetry,
    // A C2C deposit holds the guarantee from the main wallet at once.
    onSettled: () => invalidateMoney(queryClient),
  });
}
