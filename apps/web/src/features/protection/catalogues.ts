import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The player-protection texts (issue 10): registered from this lazy chunk, so the home page carries
// none of their loaders. Loaded with a session (the limit refusals of every page that moves money,
// the reality check, the header's session time), by the protection page and by the footer's line.
registerCatalogues('protection', {
  MY: () => import('../../locales/protection/my.json'),
  EN: () => import('../../locales/protection/en.json'),
  CN: () => import('../../locales/protection/cn.json'),
  TH: () => import('../../locales/protection/th.json'),
  VI: () => import('../../locales/protection/vi.json'),
});

/** The protection texts; the page's amounts use the money texts too. */
export function loadProtectionCatalogues(money = false): Promise<void> {
  return money ? loadCatalogues('money', 'protection') : loadCatalogues('protection');
}
