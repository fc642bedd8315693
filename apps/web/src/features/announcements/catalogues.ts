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
