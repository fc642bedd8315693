import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The content texts (issue 9: help search, feedback, blog, guide, join us, install tutorials, the
// Zalo hint): registered from this lazy chunk, so the home page carries none of their loaders.
registerCatalogues('content', {
  MY: () => import('../../locales/content/my.json'),
  EN: () => import('../../locales/content/en.json'),
  CN: () => import('../../locales/content/cn.json'),
  TH: () => import('../../locales/content/th.json'),
  VI: () => import('../../locales/content/vi.json'),
});

export function loadContentCatalogues(): Promise<void> {
  return loadCatalogues('content');
}
