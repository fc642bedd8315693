import { useEffect, useState } from 'react';

/**
 * True once `load` (a text part's loader, e.g. loadContentCatalogues) has settled: a component
 * shows its texts only when they are there. A failed load settles too (the keys' fallbacks show
 * rather than nothing).
 */
export function useTextsReady(load: () => Promise<void>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const done = () => {
      if (live) setReady(true);
    };
    load().then(done, done);
    return () => {
      live = false;
    };
  }, [load]);
  return ready;
}
