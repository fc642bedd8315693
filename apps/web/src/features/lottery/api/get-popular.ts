import { queryOptions, useQuery } from '@tanstack/react-query';
// The one endpoint object: this file rides in the home page widget's own lazy chunk.
import { lotteryPopular, POPULAR_COUNT } from '@app/contracts';
import { call } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** GET /lgw/games/popular (spec §7: count 20, device, language): games, open period, last draw, hot numbers. */
export function getPopular(signal?: AbortSignal) {
  return call(
    lotteryPopular,
    { count: POPULAR_COUNT, device: 'web', language: currentLanguage() },
    { signal },
  );
}

export function getPopularQueryOptions() {
  return queryOptions({
    queryKey: ['lottery', 'popular', currentLanguage()] as const,
    queryFn: ({ signal }) => getPopular(signal),
    staleTime: 30_000,
  });
}

export function usePopular(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getPopularQueryOptions(), enabled: options.enabled ?? true });
}
