import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdraw as withdrawEndpoint, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { invalidateMoney, moneyMutationRetry } from './retry';

export type WithdrawInput = RequestOf<typeof withdrawEndpoint>;

/** POST /wps/v2/withdraw: the amount is held until the operator decides (or a C2C payout is confirmed). */
export function withdraw(input: WithdrawInput) {
  return call(withdrawEndpoint, input);
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    ...moneyMutationRetry,
    onSettled: () => invalidateMoney(queryClient),
  });
}
