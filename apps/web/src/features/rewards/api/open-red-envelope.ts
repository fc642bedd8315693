import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redEnvelopeOpen } from '@app/contracts';
import { call } from '@/lib/api-client';
import { rewardKeys } from './keys';

/** POST /wps/rewards/red-envelopes/open: reveals an envelope's amount (opening again answers the same). */
export function openRedEnvelope(input: { id: number }) {
  return call(redEnvelopeOpen, input);
}

export function useOpenRedEnvelope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openRedEnvelope,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}
