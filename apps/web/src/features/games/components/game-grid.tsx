import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/status';
import { useGridWindow } from '../hooks/use-grid-window';
import { observeVisible } from '../lazy-image';
import { GameTile, type TileActions } from './game-tile';
import styles from './games.module.css';

/** The first tiles (two rows on a phone, one on a desktop) load their thumbnails at once. */
const EAGER_TILES = 6;

/**
 * The lobby grid: windowed (only the rows near the screen are in the DOM), with the next page
 * asked for when the "load more" button comes near the screen, or when it is pressed.
 */
export function GameGrid({
  games,
  favourites,
  member,
  actions,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  stale = false,
  label,
}: {
  games: readonly Game[];
  favourites: ReadonlySet<number>;
  member: boolean;
  actions: TileActions;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** Results of the previous filter, shown dimmed while the new ones load. */
  stale?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const wrap = useRef<HTMLDivElement>(null);
  const win = useGridWindow(wrap, games.length);
  const shown = games.slice(win.start, win.end);

  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onLoadMore);
  more.current = onLoadMore;
  useEffect(() => {
    const el = sentinel.current;
    // Without IntersectionObserver (old browsers, tests) the button alone asks for more.
    if (!el || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    return observeVisible(el, () => more.current?.());
  }, [hasMore, loadingMore, games.length]);

  return (
    <>
      <div
        ref={wrap}
        className={styles.gridWrap}
        data-stale={stale || undefined}
        // No style attribute in the server's markup (the page's CSP refuses inline styles there).
        style={
          win.padTop || win.padBottom ? { paddingTop: win.padTop, paddingBottom: win.padBottom } : undefined
        }
      >
        <ul
          className={styles.grid}
          aria-label={label}
          style={
            win.columns
              ? {
                  gridTemplateColumns: `repeat(${win.columns}, minmax(0, 1fr))`,
                  gridAutoRows: `${win.rowHeight}px`,
                }
              : undefined
          }
        >
          {shown.map((game, i) => (
            <GameTile
              key={game.id}
              eager={win.start + i < EAGER_TILES}
              game={game}
              favourite={favourites.has(game.id)}
              member={member}
              actions={actions}
            />
          ))}
        </ul>
      </div>
      {hasMore || loadingMore ? (
        <div ref={sentinel} className={styles.more}>
          {loadingMore ? (
            <span role="status" aria-live="polite">
              <Spinner />
              <span className="visually-hidden">{t('games.lobby.loading_more')}</span>
            </span>
          ) : (
            <Button variant="secondary" onClick={() => onLoadMore?.()}>
              {t('games.lobby.load_more')}
            </Button>
          )}
        </div>
      ) : null}
    </>
  );
}
