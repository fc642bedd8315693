import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The banner carousel's texts (issue 9): its controls. Registered from this feature's own module,
// loaded with the banners before the first paint (the home page without banners carries none).
// The notice modal's, the popups' and the winners board's are a part of their own (notices.ts).
registerCatalogues('announcements', {
  MY: () => import('../../locales/announcements/my.json'),
  EN: () => import('../../locales/announcements/en.json'),
  CN: () => import('../../locales/announcements/cn.json'),
  TH: () => import('../../locales/announcements/th.json'),
  VI: () => import('../../locales/announcements/vi.json'),
});

export const loadAnnouncementTexts = (): Promise<void> => loadCatalogues('announcements');
