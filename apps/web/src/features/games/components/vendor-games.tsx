import { useTranslation } from 'react-i18next';
import type { Game } from '@app/contracts';
import { Modal } from '@/components/ui/modal';
import { EmptyState, ErrorState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useGameList } from '../api/get-game-list';
import { useLaunchGame } from '../hooks/use-launch-game';
import { useTileActions } from '../hooks/use-tile-actions';
import { useLaunchUi } from '../launch-store';
import { GameGrid } from './game-grid';
import { TileSkeletons } from './game-tile';
import styles from './games.module.css';

/** Spec §3 isGame VASSALAGE: the entry opens a popup with the vendor's own games, each launchable. */
export default function VendorGames({ entry }: { entry: Game }) {
  const { t } = useTranslation();
  const close = () => useLaunchUi.getState().showVendorGames(null);
  const list = useGameList({ gameType: entry.gameType, vassalage: entry.vassalage });
  const launch = useLaunchGame();
  const { actions, favourites, member } = useTileActions(launch, entry.gameType);
  const games = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((g) => g.isGame === 'GAME');

  return (
    <Modal
      title={t('games.vendor_popup.title', { name: entry.name })}
      closeLabel={t('common.close')}
      onClose={close}
      variant="sheet"
    >
      <div className={styles.popupGrid}>
        {list.isPending ? (
          <TileSkeletons count={6} />
        ) : list.isError ? (
          <ErrorState messageKey={errorKey(list.error)} onRetry={() => void list.refetch()} />
        ) : games.length === 0 ? (
          <EmptyState title={t('games.lobby.no_games')} />
        ) : (
          <GameGrid
            games={games}
            favourites={favourites}
            member={member}
            actions={actions}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            label={t('games.vendor_popup.title', { name: entry.name })}
          />
        )}
      </div>
    </Modal>
  );
}
