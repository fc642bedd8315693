import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useHotGames } from '../api/get-hot-games';
import { useLaunchGame } from '../hooks/use-launch-game';
import { useLaunchUi, type LaunchTarget } from '../launch-store';
import { useTileActions } from '../hooks/use-tile-actions';
import { GameGrid } from './game-grid';
import styles from './games.module.css';

/** How many similar games the maintenance page offers. */
export const RECOMMENDED_COUNT = 12;

/**
 * The game maintenance page (spec §2, §8 "game under maintenance"): says the game is under
 * maintenance and recommends similar games — the hot games of its type, without it and without
 * any other game under maintenance — each launchable from here.
 */
export default function GameMaintenance({ game }: { game: LaunchTarget }) {
  const { t } = useTranslation();
  const close = () => useLaunchUi.getState().showMaintenance(null);
  const hot = useHotGames({ gameType: game.gameType, count: RECOMMENDED_COUNT + 1 });
  const launch = useLaunchGame();
  const { actions, favourites, member } = useTileActions(launch, game.gameType);
  const similar = (hot.data?.items ?? [])
    .filter((g) => g.id !== game.id && g.status !== 'maintenance' && g.isGame === 'GAME')
    .slice(0, RECOMMENDED_COUNT);

  return (
    <Modal
      title={t('games.maintenance.title')}
      closeLabel={t('common.close')}
      onClose={close}
      variant="sheet"
      description={t('games.maintenance.message', { name: game.name })}
    >
      <div className={styles.popupGrid}>
        <h3 className={styles.sectionTitle}>{t('games.maintenance.recommended')}</h3>
        {hot.isPending ? (
          <LoadingState label={t('games.lobby.loading')} />
        ) : hot.isError ? (
          <ErrorState messageKey={errorKey(hot.error)} onRetry={() => void hot.refetch()} />
        ) : similar.length === 0 ? (
          <p className={styles.popupText}>{t('games.maintenance.none')}</p>
        ) : (
          <GameGrid
            games={similar}
            favourites={favourites}
            member={member}
            actions={actions}
            label={t('games.maintenance.recommended')}
          />
        )}
      </div>
    </Modal>
  );
}
