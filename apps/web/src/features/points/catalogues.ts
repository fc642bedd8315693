import { registerCatalogues } from '@/lib/i18n';

// The point mall's texts (issue 9): registered from this lazy chunk, so the home page carries none
// of their loaders. The route's loader imports it, then loads 'money', 'records' and 'points'.
registerCatalogues('points', {
  MY: () => import('../../locales/points/my.json'),
  EN: () => import('../../locales/points/en.json'),
  CN: () => import('../../locales/points/cn.json'),
  TH: () => import('../../locales/points/th.json'),
  VI: () => import('../../locales/points/vi.json'),
});
