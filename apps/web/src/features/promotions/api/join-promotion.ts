import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promoJoin, type LanguageCode } from '@app/contracts';
import { call } from '@/lib/api-client';
import { promotionKeys } from './keys';

/** POST /wps/promo/join: take part in an activity. */
export function joinPromotion(input: { id: number; language: LanguageCode }) {
  return call(promoJoin, input);
}

export function useJoinPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinPromotion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
