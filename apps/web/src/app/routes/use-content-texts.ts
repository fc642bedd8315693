import { useEffect, useState } from 'react';
import { loadContentCatalogues } from '@/features/content/catalogues';

/**
 * True once the content texts (issue 9) are loaded. Pages that existed before them (help,
 * download) show their own content at once and add the parts that need these texts when ready.
 */
export function useContentTexts(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadContentCatalogues().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
