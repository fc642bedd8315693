import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favouriteRemove, type Game } from '@app/contracts';
import { call } from '@/lib/api-client';
import { gamesKeys } from './keys';
import { setFavourite } from './favourite-cache';

/** Relay GLS_favouriteRemove (removing twice is fine). */
export function removeFavourite(gameId: number) {
  return call(favouriteRemove, { gameId });
}

export function useRemoveFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (game: Game) => removeFavourite(game.id),
    onMutate: (game) => setFavourite(queryClient, game, false),
    onError: (_e, _game, restore) => restore?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesKeys.favouritesAll }),
  });
}
