import { queryOptions, useQuery } from '@tanstack/react-query';
import { hotGames, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { compact, gamesKeys } from './keys';

/** Relay GLS_hotGames: the hot games (of one game type when given). */
export function getHotGames(q: RequestOf<typeof hotGames>, signal?: AbortSignal) {
  return call(hotGames, q, { signal });
}

export function getHotGamesQueryOptions(q: RequestOf<typeof hotGames>) {
  const query = compact(q);
  return queryOptions({
    queryKey: gamesKeys.hot(query),
    queryFn: ({ signal }) => getHotGames(query, signal),
    staleTime: 5 * 60_000,
  });
}

export function useHotGames(q: RequestOf<typeof hotGames>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getHotGamesQueryOptions(q), enabled: options.enabled ?? true });
}
