import { queryOptions, useQuery } from '@tanstack/react-query';
import { recentGames, type GameType } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { gamesKeys } from './keys';

/** Relay GLS_recentGames: the games I launched last (at most 30), newest first (members only). */
export function getRecentGames(gameType: GameType | undefined, signal?: AbortSignal) {
  return call(recentGames, gameType ? { gameType } : {}, { signal });
}

export function getRecentGamesQueryOptions(token: string | null, gameType?: GameType) {
  return queryOptions({
    queryKey: gamesKeys.recent(token, gameType),
    queryFn: ({ signal }) => getRecentGames(gameType, signal),
    select: (value) => value.items,
    staleTime: 30_000,
    enabled: token !== null,
  });
}

export function useRecentGames(gameType?: GameType, options: { enabled?: boolean } = {}) {
  const token = useSessionStore((s) => s.token);
  const q = getRecentGamesQueryOptions(token, gameType);
  return useQuery({ ...q, enabled: token !== null && (options.enabled ?? true) });
}
