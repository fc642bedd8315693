import { lazy, type ComponentType } from 'react';
import { loadChunk } from '@/lib/chunk';

/**
 * A protection component with its texts (issue 10): the code and the protection part load
 * together, in a chunk of their own. Imported by the header, the root, the footer, the home page
 * and the deposit page, so their first load carries only this small loader.
 */
export function withTexts(importer: () => Promise<{ default: ComponentType }>, money = false) {
  return lazy(() =>
    Promise.all([
      loadChunk(importer),
      loadChunk(() => import('./catalogues')).then((m) => m.loadProtectionCatalogues(money)),
    ]).then(([m]) => m),
  );
}
