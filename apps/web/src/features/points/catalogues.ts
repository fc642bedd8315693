import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The point mall's texts (issue 9): registered from this lazy chunk, so the home page carries none
// of their loaders.
registerCatalogues('points', {
  MY: () => import('../../locales/points/my.json'),
  EN: () => import('../../locales/points/en.json'),
  CN: () => import('../../locales/points/cn.json'),
  TH: () => import('../../locales/points/th.json'),
  VI: () => import('../../locales/points/vi.json'),
});

/** The point mall's texts, with the money texts (payment password, errors) and the records' (pager). */
export function loadPointsCatalogues(): Promise<void> {
  return loadCatalogues('money', 'records', 'points');
}
