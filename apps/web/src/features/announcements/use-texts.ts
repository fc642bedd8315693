import { useEffect, useState } from 'react';
import { loadNoticeTexts } from './notices';

// A module of the lazy parts (modals, board): the home page's first load has no use for it.
let loaded = false;
/** True once the notices' texts (modal, popup, winners) are there (in the current language); loads them once. */
export function useAnnouncementTexts(): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const done = () => {
      loaded = true;
      if (live) setReady(true);
    };
    // A failed load shows the keys' fallbacks rather than nothing.
    loadNoticeTexts().then(done, done);
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
