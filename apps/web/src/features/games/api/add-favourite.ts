import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favouriteAdd, type Game } from '@app/contracts';
import { call } from '@/lib/api-client';
import { gamesKeys } from './keys';
import { setFavourite } from './favourite-cache';

/** Relay GLS_favouriteAdd (adding twice is fine). */
export function addFavourite(gameId: number) {
  return call(favouriteAdd, { gameId });
}

/** The heart shows the new state at once; a refusal puts the old lists back. */
export function useAddFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (game: Game) => addFavourite(game.id),
    onMutate: (game) => setFavourite(queryClient, game, true),
    onError: (_e, _game, restore) => restore?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesKeys.favouritesAll }),
  });
}
