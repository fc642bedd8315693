import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { vnRecent, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';

type VnRecentQuery = RequestOf<typeof vnRecent>;

const compact = (q: VnRecentQuery): VnRecentQuery =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as VnRecentQuery;

/** GET /lgw/vn/games/recent: the result sheets of one day (default the latest day with draws). */
export function getVnRecent(q: VnRecentQuery, signal?: AbortSignal) {
  return call(vnRecent, compact(q), { signal });
}

export const vnRecentKey = (q: VnRecentQuery) => ['lottery', 'vn', 'recent', compact(q)] as const;

export function getVnRecentQueryOptions(q: VnRecentQuery) {
  return queryOptions({
    queryKey: vnRecentKey(q),
    queryFn: ({ signal }) => getVnRecent(q, signal),
    staleTime: 30_000,
    // Another day or province: the old sheet stays while the new one loads (no jump).
    placeholderData: keepPreviousData,
  });
}

export function useVnRecent(q: VnRecentQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getVnRecentQueryOptions(q), enabled: options.enabled ?? true });
}
