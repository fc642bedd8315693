import { useMemo, useRef } from 'react';
import type { GameType } from '@app/contracts';
import { errorKey, isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { useAddFavourite } from '../api/add-favourite';
import { useFavouriteGames } from '../api/get-favourite-games';
import { useRemoveFavourite } from '../api/remove-favourite';
import type { TileActions } from '../components/game-tile';
import { useLaunchUi } from '../launch-store';
import type { useLaunchGame } from './use-launch-game';

/**
 * What a tile does: play (a VASSALAGE entry opens its sub-game list), free trial, and the heart
 * (a guest gets the login popup). One stable object, so the memoised tiles do not re-render when
 * the lobby does.
 */
export function useTileActions(launch: ReturnType<typeof useLaunchGame>, gameType?: GameType) {
  const member = useSessionStore((s) => s.token !== null);
  const favouriteList = useFavouriteGames(gameType);
  const add = useAddFavourite();
  const remove = useRemoveFavourite();
  const latest = useRef({ launch, add: add.mutate, remove: remove.mutate });
  latest.current = { launch, add: add.mutate, remove: remove.mutate };

  const actions = useMemo<TileActions>(
    () => ({
      onPlay: (game) => {
        if (game.isGame === 'VASSALAGE') return useLaunchUi.getState().showVendorGames(game);
        void latest.current.launch(game);
      },
      onTrial: (game) => void latest.current.launch(game, { trial: true }),
      onFavourite: (game, on) => {
        const ui = useUiStore.getState();
        if (useSessionStore.getState().token === null) return ui.openModal({ kind: 'login' });
        const onError = (e: unknown) => {
          // A lost session has opened the login popup already (api client).
          if (isApiError(e) && e.code === 'UNAUTHORIZED') return;
          ui.openModal({
            kind: 'dialog',
            titleKey: 'games.favourites.failed_title',
            messageKey: errorKey(e),
          });
        };
        if (on) latest.current.add(game, { onError });
        else latest.current.remove(game, { onError });
      },
    }),
    [],
  );

  const data = favouriteList.data;
  const favourites = useMemo(() => new Set((data ?? []).map((g) => g.id)), [data]);
  return { actions, favourites, member, favouriteList };
}
