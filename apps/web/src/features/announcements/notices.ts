import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The notice modal's, the popups' and the winners board's texts (issue 9): registered by the lazy
// modules that show them (use-texts.ts), so the home page's first load carries none of them.
registerCatalogues('notices', {
  MY: () => import('../../locales/notices/my.json'),
  EN: () => import('../../locales/notices/en.json'),
  CN: () => import('../../locales/notices/cn.json'),
  TH: () => import('../../locales/notices/th.json'),
  VI: () => import('../../locales/notices/vi.json'),
});

export const loadNoticeTexts = (): Promise<void> => loadCatalogues('notices');
