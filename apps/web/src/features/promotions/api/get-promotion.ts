import { queryOptions, useQuery } from '@tanstack/react-query';
import { promoDetail, type LanguageCode } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { promotionKeys } from './keys';

/** GET /wps/promo/activity: rules, content, and my entry with its progress. */
export function getPromotion(id: number, language: LanguageCode, signal?: AbortSignal) {
  return call(promoDetail, { id, language }, { signal });
}

export function getPromotionQueryOptions(id: number, language: LanguageCode, signedIn: boolean) {
  return queryOptions({
    queryKey: promotionKeys.detail(id, language, signedIn),
    queryFn: ({ signal }) => getPromotion(id, language, signal),
    staleTime: 15_000,
  });
}

export function usePromotion(id: number, language: LanguageCode) {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getPromotionQueryOptions(id, language, isLoggedIn), enabled: id > 0 });
}
