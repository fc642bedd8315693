import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentTransferDownline } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';
import { moneyMutationRetry } from './retry';

export interface TransferDownlineInput {
  memberId: number;
  amount: number;
  paymentPassword: string;
  key: string;
}

/** POST /wps/agent/downlines/transfer: my main wallet to a member of my subtree (idempotent by key). */
export function transferDownline(input: TransferDownlineInput) {
  return call(agentTransferDownline, input);
}

export function useTransferDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferDownline,
    ...moneyMutationRetry,
    // Balances moved: mine (the header's wallet) and the downline's (the list).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
