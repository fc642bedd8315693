import { useEffect, useState } from 'react';
import { i18n, loadCatalogues } from '@/lib/i18n';

const PROBE = 'games.lobby.search_label';

/**
 * The games texts (locales/games) load with the first games page, not with the home page; a page
 * renders its content once they are merged (i18next does not re-render on an added bundle).
 */
export function useGamesCatalogue(): boolean {
  const [ready, setReady] = useState(() => i18n.exists(PROBE));
  const [error, setError] = useState<unknown>(null);
  if (error) throw error;
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadCatalogues('games').then(
      () => live && setReady(true),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
