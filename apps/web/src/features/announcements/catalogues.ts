import { useEffect, useState } from 'react';
import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The announcements' texts (issue 9): the banner's controls, the notice modal, the popup and the
// winners board. Registered from this feature's own module, loaded when a banner, a notice or a
// board first shows (the home page without banners carries none of them).
registerCatalogues('announcements', {
  MY: () => import('../../locales/announcements/my.json'),
  EN: () => import('../../locales/announcements/en.json'),
  CN: () => import('../../locales/announcements/cn.json'),
  TH: () => import('../../locales/announcements/th.json'),
  VI: () => import('../../locales/announcements/vi.json'),
});

export const loadAnnouncementTexts = (): Promise<void> => loadCatalogues('announcements');

let loaded = false;
/** True once the announcements' texts are there (in the current language); loads them once. */
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
    loadAnnouncementTexts().then(done, done);
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
