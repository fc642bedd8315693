import { loadContentCatalogues } from '@/features/content/catalogues';
import { useTextsReady } from '@/lib/use-texts-ready';

/**
 * True once the content texts (issue 9) are loaded. Pages that existed before them (help,
 * download) show their own content at once and add the parts that need these texts when ready.
 */
export function useContentTexts(): boolean {
  return useTextsReady(loadContentCatalogues);
}
