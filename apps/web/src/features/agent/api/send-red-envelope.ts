import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRedEnvelope } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';
import { moneyMutationRetry } from './retry';

export interface RedEnvelopeInput {
  memberIds: number[];
  amountEach: number;
  paymentPassword: string;
  key: string;
  message?: string;
}

/** POST /wps/agent/downlines/red-envelope: the same amount to each recipient, all or nothing. */
export function sendRedEnvelope(input: RedEnvelopeInput) {
  return call(agentRedEnvelope, input);
}

export function useSendRedEnvelope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRedEnvelope,
    ...moneyMutationRetry,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
