import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '@app/contracts';
import { LazyImage } from '../lazy-image';
import styles from './games.module.css';

/** The served thumbnails (240 x 160); the tile shows them at the grid's column width. */
const THUMB = { width: 240, height: 160 };

export interface TileActions {
  /** Plays the game (or opens the vendor's sub-game list for a VASSALAGE entry). */
  onPlay: (game: Game) => void;
  onTrial: (game: Game) => void;
  onFavourite: (game: Game, on: boolean) => void;
}

/** One game of a lobby: thumbnail (play), heart, name, vendor and the free trial for members. */
export const GameTile = memo(function GameTile({
  game,
  favourite,
  member,
  actions,
  eager = false,
}: {
  game: Game;
  favourite: boolean;
  /** Logged in: the "Free trial" button shows on games that offer it. */
  member: boolean;
  actions: TileActions;
  /** Among the first tiles on screen: its thumbnail loads at once (LazyImage `eager`). */
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const vendorEntry = game.isGame === 'VASSALAGE';
  const showTrial = member && game.trial && !vendorEntry;
  return (
    <li className={styles.tile}>
      <button
        type="button"
        className={styles.play}
        onClick={() => actions.onPlay(game)}
        aria-label={t(vendorEntry ? 'games.tile.open_vendor' : 'games.tile.play', { name: game.name })}
      >
        <LazyImage
          className={styles.thumb}
          src={game.thumbnailUrl}
          width={THUMB.width}
          height={THUMB.height}
          eager={eager}
        />
        <span className={styles.badges}>
          {game.isHot ? <span className={styles.badge}>{t('games.tile.hot')}</span> : null}
          {game.status === 'maintenance' ? (
            <span className={`${styles.badge} ${styles.badgeMuted}`}>{t('games.tile.maintenance')}</span>
          ) : null}
        </span>
      </button>
      <div className={styles.info}>
        <span className={styles.name} title={game.name}>
          {game.name}
        </span>
        <span className={styles.meta}>
          {/* With the trial button there is no room for the vendor: the thumbnail names it too.
              A long name is cut by an ellipsis (the tile's height is fixed): the title has it whole. */}
          <span className={styles.vendor} title={showTrial ? undefined : game.vendorName}>
            {showTrial ? null : game.vendorName}
          </span>
          {showTrial ? (
            <button
              type="button"
              className={styles.trial}
              aria-label={t('games.tile.trial_of', { name: game.name })}
              onClick={() => actions.onTrial(game)}
            >
              {t('games.tile.trial')}
            </button>
          ) : null}
          {vendorEntry ? null : (
            <button
              type="button"
              className={styles.heart}
              aria-pressed={favourite}
              aria-label={t('games.tile.favourite', { name: game.name })}
              onClick={() => actions.onFavourite(game, !favourite)}
            >
              <span aria-hidden="true">{favourite ? '♥' : '♡'}</span>
            </button>
          )}
        </span>
      </div>
    </li>
  );
});

export function TileSkeletons({ count = 12 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.skeleton}>
          <div className={styles.skeletonThumb} />
          <div className={styles.skeletonInfo} />
        </li>
      ))}
    </ul>
  );
}
