import { lazy } from 'react';
import { LazySection } from '@/components/ui/lazy-section';
import { loadChunk } from '@/lib/chunk';
import { loadCatalogues } from '@/lib/i18n';
import styles from './lazy-popular.module.css';

export { useNearViewport } from '@/lib/use-near-viewport';

// The widget, its calls and its texts are a chunk of their own, asked for only when the widget's
// place comes near the viewport: the home page's first load (bench/bundle.mjs budget) stays as is.
const PopularWidget = lazy(() =>
  loadChunk(() =>
    Promise.all([import('./popular-widget'), loadCatalogues('lottery', 'vnlottery')]).then(([m]) => ({
      default: m.PopularWidget,
    })),
  ),
);

/** The home page's popular lottery numbers, below the fold, loaded when scrolled near. */
export function LazyPopular() {
  return (
    <LazySection className={styles.slot} testId="popular-lottery">
      {() => <PopularWidget />}
    </LazySection>
  );
}
