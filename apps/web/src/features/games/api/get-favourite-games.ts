import { queryOptions, useQuery } from '@tanstack/react-query';
import { favouriteGames, type GameType } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { gamesKeys } from './keys';

/** Relay GLS_favourites: my favourite games, newest first (members only). */
export function getFavouriteGames(gameType: GameType | undefined, signal?: AbortSignal) {
  return call(favouriteGames, gameType ? { gameType } : {}, { signal });
}

export function getFavouriteGamesQueryOptions(token: string | null, gameType?: GameType) {
  return queryOptions({
    queryKey: gamesKeys.favourites(token, gameType),
    queryFn: ({ signal }) => getFavouriteGames(gameType, signal),
    select: (value) => value.items,
    staleTime: 60_000,
    enabled: token !== null,
  });
}

/** Null token (a guest): nothing is asked, the list stays empty. */
export function useFavouriteGames(gameType?: GameType) {
  const token = useSessionStore((s) => s.token);
  return useQuery(getFavouriteGamesQueryOptions(token, gameType));
}
