import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { promoList } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { promotionKeys, type PromotionsQuery } from './keys';

/** Activities on one page of the promotions list. */
export const PROMOTIONS_PAGE_SIZE = 12;

/** GET /wps/promo/activities: one page of the activities with my status (open ones first). */
export function getPromotions(q: PromotionsQuery, signal?: AbortSignal) {
  return call(promoList, { ...q, pageSize: PROMOTIONS_PAGE_SIZE }, { signal });
}

export function getPromotionsQueryOptions(q: PromotionsQuery, signedIn: boolean) {
  return queryOptions({
    queryKey: promotionKeys.list(q, signedIn),
    queryFn: ({ signal }) => getPromotions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function usePromotions(q: PromotionsQuery) {
  const { isLoggedIn } = useSession();
  return useQuery(getPromotionsQueryOptions(q, isLoggedIn));
}
