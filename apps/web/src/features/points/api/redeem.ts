import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pointsRedeem, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { outcomeUnknown } from '@/lib/idempotency';
import { pointsKeys } from './keys';

export type RedeemInput = RequestOf<typeof pointsRedeem>;

/** POST /wps/points/redeem: holds the good's points at once (applying), idempotent by key. */
export function redeem(input: RedeemInput) {
  return call(pointsRedeem, input);
}

export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeem,
    // Once more only when no answer arrived: the key makes the retry safe.
    retry: (failures: number, error: unknown) => failures < 1 && outcomeUnknown(error),
    retryDelay: 800,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
  });
}
