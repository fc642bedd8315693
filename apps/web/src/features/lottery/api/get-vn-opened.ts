import { queryOptions, useQuery } from '@tanstack/react-query';
import { vnOpenedNumeros, type VnRegion } from '@app/contracts';
import { call } from '@/lib/api-client';

/** GET /lgw/vn/numeros/opened/game: VN periods on sale (list count 100), soonest close first. */
export function getVnOpened(region: VnRegion | undefined, signal?: AbortSignal) {
  return call(vnOpenedNumeros, region ? { region } : {}, { signal });
}

export function getVnOpenedQueryOptions(region?: VnRegion) {
  return queryOptions({
    queryKey: ['lottery', 'vn', 'opened', region ?? ''] as const,
    queryFn: ({ signal }) => getVnOpened(region, signal),
    staleTime: 15_000,
  });
}

export function useVnOpened(region?: VnRegion) {
  return useQuery(getVnOpenedQueryOptions(region));
}
