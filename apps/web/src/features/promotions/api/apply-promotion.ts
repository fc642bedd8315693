import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promoApply, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { promotionKeys } from './keys';

export type ApplyInput = RequestOf<typeof promoApply>;

/**
 * POST /wps/promo/apply: the application (a comment, up to 3 images as base64). Three images of
 * 5 MB take a while on a slow link: a longer timeout than other calls.
 */
export function applyPromotion(input: ApplyInput) {
  return call(promoApply, input, { timeoutMs: 120_000 });
}

export function useApplyPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPromotion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
