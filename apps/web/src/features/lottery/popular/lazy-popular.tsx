import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { loadChunk } from '@/lib/chunk';
import { loadCatalogues } from '@/lib/i18n';
import styles from './lazy-popular.module.css';

// The widget, its calls and its texts are a chunk of their own, asked for only when the widget's
// place comes near the viewport: the home page's first load (bench/bundle.mjs budget) stays as is.
const PopularWidget = lazy(() =>
  loadChunk(() =>
    Promise.all([import('./popular-widget'), loadCatalogues('lottery', 'vnlottery')]).then(([m]) => ({
      default: m.PopularWidget,
    })),
  ),
);

/** True once the element is within `margin` of the viewport (at once without IntersectionObserver). */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(
    // A server render shows the placeholder, as the browser's first render does.
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      {
        rootMargin: `${margin} 0px`,
      },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, ref, margin]);
  return near;
}

/** The home page's popular lottery numbers, below the fold, loaded when scrolled near. */
export function LazyPopular() {
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNearViewport(anchor);
  return (
    <div ref={anchor} className={styles.slot} data-testid="popular-lottery">
      {near ? (
        <Suspense fallback={null}>
          <PopularWidget />
        </Suspense>
      ) : null}
    </div>
  );
}
