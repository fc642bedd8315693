import { queryOptions, useQuery } from '@tanstack/react-query';
import { vnGameMenu, type PrizeMode } from '@app/contracts';
import { call } from '@/lib/api-client';

/** GET /lgw/vn/games/game_menu: the regions with their province games (which of them draw today). */
export function getVnMenu(prizeMode?: PrizeMode, signal?: AbortSignal) {
  return call(vnGameMenu, prizeMode ? { prizeMode } : {}, { signal });
}

export function getVnMenuQueryOptions(prizeMode?: PrizeMode) {
  return queryOptions({
    queryKey: ['lottery', 'vn', 'menu', prizeMode ?? ''] as const,
    queryFn: ({ signal }) => getVnMenu(prizeMode, signal),
    // "Draws today" changes at midnight; the schedule itself rarely.
    staleTime: 5 * 60_000,
  });
}

export function useVnMenu(prizeMode?: PrizeMode) {
  return useQuery(getVnMenuQueryOptions(prizeMode));
}
