import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useHotGames } from '../api/get-hot-games';
import { useGamesCatalogue } from '../hooks/use-games-catalogue';
import { useLaunchGame } from '../hooks/use-launch-game';
import { useTileActions } from '../hooks/use-tile-actions';
import { GameTile, TileSkeletons } from './game-tile';
import { LaunchHost } from './launch-host';
import styles from './hot-games.module.css';

/** How many hot games the home page shows. */
export const HOME_HOT_COUNT = 12;

/**
 * The home page's popular games (issue 9): the catalogue's hot games of every type (relay
 * GLS_hotGames), the same for guests and members, each playable from here like a lobby tile.
 */
export default function HotGames({ label }: { label: string }) {
  const { t } = useTranslation();
  const ready = useGamesCatalogue();
  const hot = useHotGames({ count: HOME_HOT_COUNT });
  const launch = useLaunchGame();
  const { actions, favourites, member } = useTileActions(launch);
  if (!ready || hot.isPending) return <TileSkeletons count={4} />;
  if (hot.isError) return <ErrorState messageKey={errorKey(hot.error)} onRetry={() => void hot.refetch()} />;
  const games = hot.data.items;
  if (games.length === 0) return <EmptyState title={t('games.empty')} />;
  return (
    <>
      <ul className={styles.row} aria-label={label}>
        {games.map((g, i) => (
          <GameTile
            key={g.id}
            game={g}
            favourite={favourites.has(g.id)}
            member={member}
            actions={actions}
            eager={i < 4}
          />
        ))}
      </ul>
      <LaunchHost />
    </>
  );
}
