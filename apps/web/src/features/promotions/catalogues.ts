import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The promotions' texts (issue 9): registered from the promotion pages' own chunks, so the home
// page carries none of their loaders.
registerCatalogues('promotions', {
  MY: () => import('../../locales/promotions/my.json'),
  EN: () => import('../../locales/promotions/en.json'),
  CN: () => import('../../locales/promotions/cn.json'),
  TH: () => import('../../locales/promotions/th.json'),
  VI: () => import('../../locales/promotions/vi.json'),
});

/** The promotions' texts, and the money texts (amounts, money errors of a claim). */
export function loadPromotionCatalogues(): Promise<void> {
  return loadCatalogues('money', 'promotions');
}
