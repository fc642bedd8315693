import { loadCatalogues, registerCatalogues } from '@/lib/i18n';

// The agent centre's texts (issue 8): registered from this lazy chunk, so the home page carries
// none of their loaders.
registerCatalogues('agent', {
  MY: () => import('../../locales/agent/my.json'),
  EN: () => import('../../locales/agent/en.json'),
  CN: () => import('../../locales/agent/cn.json'),
  TH: () => import('../../locales/agent/th.json'),
  VI: () => import('../../locales/agent/vi.json'),
});
registerCatalogues('contracts', {
  MY: () => import('../../locales/contracts/my.json'),
  EN: () => import('../../locales/contracts/en.json'),
  CN: () => import('../../locales/contracts/cn.json'),
  TH: () => import('../../locales/contracts/th.json'),
  VI: () => import('../../locales/contracts/vi.json'),
});

/**
 * The money texts, the records texts (period filter, pager, the inbox notices the announcement
 * page shows) and the agent texts; the contract pages' texts too with `contracts`.
 */
export function loadAgentCatalogues(contracts = false): Promise<void> {
  return contracts
    ? loadCatalogues('money', 'records', 'agent', 'contracts')
    : loadCatalogues('money', 'records', 'agent');
}
