import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The reward centre's texts (issue 9): registered from this lazy chunk, so the home page carries
// none of their loaders.
registerCatalogues('rewards', {
  MY: () => import('../../locales/rewards/my.json'),
  EN: () => import('../../locales/rewards/en.json'),
  CN: () => import('../../locales/rewards/cn.json'),
  TH: () => import('../../locales/rewards/th.json'),
  VI: () => import('../../locales/rewards/vi.json'),
});

/** The money texts (amounts, payment errors), the records texts (pager, verticals) and ours. */
export function loadRewardCatalogues(): Promise<void> {
  return loadCatalogues('money', 'records', 'rewards');
}
