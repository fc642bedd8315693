import { lazy } from 'react';
import { LazySection } from '@/components/ui/lazy-section';
import { loadChunk } from '@/lib/chunk';
import styles from './hot-games.module.css';

// The tiles, the launch flow and the games texts load when the section comes near the viewport.
const HotGames = lazy(() => loadChunk(() => import('./hot-games')));

/** The home page's popular games, loaded when scrolled near; their place is kept meanwhile. */
export function LazyHotGames({ label }: { label: string }) {
  return (
    <div className={styles.frame}>
      <LazySection className={styles.slot} testId="hot-games">
        {() => <HotGames label={label} />}
      </LazySection>
    </div>
  );
}
