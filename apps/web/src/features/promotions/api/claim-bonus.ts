import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promoClaim, raffleClaim, type PromoKind } from '@app/contracts';
import { call } from '@/lib/api-client';
import { outcomeUnknown } from '@/lib/idempotency';
import { promotionKeys } from './keys';

export interface ClaimInput {
  entryId: number;
  /** A raffle prize goes through the raffle-claim relay (spec §7). */
  kind: PromoKind;
  /** One per claim; kept for a retry whose first answer never came (the bonus is paid once). */
  key: string;
}

/** POST /wps/promo/claim or the PRS_raffleClaim relay: the bonus or prize into my main wallet. */
export function claimBonus({ entryId, kind, key }: ClaimInput) {
  return call(kind === 'raffle' ? raffleClaim : promoClaim, { entryId, key });
}

export function useClaimBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimBonus,
    // The same key again after an answer that never arrived: the server answers the first result.
    retry: (count, error) => count < 2 && outcomeUnknown(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
