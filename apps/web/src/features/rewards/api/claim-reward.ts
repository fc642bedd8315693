import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewardClaim } from '@app/contracts';
import { call } from '@/lib/api-client';
import { outcomeUnknown } from '@/lib/idempotency';
import { rewardKeys } from './keys';

export interface ClaimRewardInput {
  rewardId: number;
  /** One per submit (the server pays a key once). */
  key: string;
}

/** POST /wps/rewards/claim: one of my rewards into my main wallet, paid once. */
export function claimReward(input: ClaimRewardInput) {
  return call(rewardClaim, input);
}

export function useClaimReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    // Once more only when no answer arrived: the same key cannot pay twice.
    retry: (failures: number, error: unknown) => failures < 1 && outcomeUnknown(error),
    retryDelay: 800,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['records'] }),
      ]),
  });
}
