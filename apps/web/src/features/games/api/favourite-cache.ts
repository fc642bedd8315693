import type { QueryClient } from '@tanstack/react-query';
import type { Game, ResponseOf, favouriteGames } from '@app/contracts';
import { gamesKeys } from './keys';

type Favourites = ResponseOf<typeof favouriteGames>;

/**
 * Optimistic favourites: every cached favourites list (all types and the game's own) shows the
 * change at once. Answers a function that puts the lists back as they were.
 */
export async function setFavourite(queryClient: QueryClient, game: Game, on: boolean): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: gamesKeys.favouritesAll });
  const before = queryClient.getQueriesData<Favourites>({ queryKey: gamesKeys.favouritesAll });
  for (const [key, data] of before) {
    if (!data) continue;
    const type = key[3];
    if (type !== 'ALL' && type !== game.gameType) continue;
    const rest = data.items.filter((g) => g.id !== game.id);
    queryClient.setQueryData<Favourites>(key, { items: on ? [game, ...rest] : rest });
  }
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}
