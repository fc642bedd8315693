import { lazy } from 'react';
import { LazySection } from '@/components/ui/lazy-section';
import { loadChunk } from '@/lib/chunk';
import styles from './lazy-winners.module.css';

// The board, its call and its texts load when its place comes near the viewport (below the fold
// of the home page: not part of its first load).
const WinnersBoard = lazy(() => loadChunk(() => import('./winners-board')));

/** The home page's winners board, loaded when scrolled near; its place is kept meanwhile. */
export function LazyWinners() {
  return (
    <LazySection className={styles.slot} testId="winners-board">
      {() => <WinnersBoard />}
    </LazySection>
  );
}
