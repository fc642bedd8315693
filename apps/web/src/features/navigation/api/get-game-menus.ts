import { queryOptions, useQuery } from '@tanstack/react-query';
// The one endpoint object, not the endpoint tables: this file rides in the header's lazy menu chunk.
import { gameMenus } from '@app/contracts';
import { call } from '@/lib/api-client';

/** GET /lgw/games/game_menus: one vendor category per game type with its vendor cards. */
export function getGameMenus(signal?: AbortSignal) {
  return call(gameMenus, {}, { signal });
}

export function getGameMenusQueryOptions() {
  return queryOptions({
    queryKey: ['games', 'menus'] as const,
    queryFn: ({ signal }) => getGameMenus(signal),
    // Vendors change rarely; one answer serves every menu of the header.
    staleTime: 5 * 60_000,
  });
}

export function useGameMenus() {
  return useQuery(getGameMenusQueryOptions());
}
