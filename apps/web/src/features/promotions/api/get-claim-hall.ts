import { queryOptions, useQuery } from '@tanstack/react-query';
import { promoClaimHall, type LanguageCode } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { promotionKeys } from './keys';

/** GET /wps/promo/claims: what I can claim now (spec "promotion claim hall"). */
export function getClaimHall(language: LanguageCode, signal?: AbortSignal) {
  return call(promoClaimHall, { language }, { signal });
}

export function getClaimHallQueryOptions(language: LanguageCode) {
  return queryOptions({
    queryKey: promotionKeys.claims(language),
    queryFn: ({ signal }) => getClaimHall(language, signal),
    staleTime: 10_000,
  });
}

export function useClaimHall(language: LanguageCode) {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getClaimHallQueryOptions(language), enabled: isLoggedIn });
}
