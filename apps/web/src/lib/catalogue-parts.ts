import type { CompleteLanguage } from '@app/contracts';
import { registerPartLoaders, type PartLoader, type EarlyPart } from './i18n';

/**
 * The loaders of the early part catalogues (lib/i18n.ts EARLY_PARTS), a module of their own: the
 * home page's first load does not carry their 70 file names. Each JSON is its own lazy chunk.
 */
const PART_CATALOGUES = {
  account: {
    MY: () => import('../locales/account/my.json'),
    EN: () => import('../locales/account/en.json'),
    CN: () => import('../locales/account/cn.json'),
    TH: () => import('../locales/account/th.json'),
    VI: () => import('../locales/account/vi.json'),
  },
  money: {
    MY: () => import('../locales/money/my.json'),
    EN: () => import('../locales/money/en.json'),
    CN: () => import('../locales/money/cn.json'),
    TH: () => import('../locales/money/th.json'),
    VI: () => import('../locales/money/vi.json'),
  },
  wallet: {
    MY: () => import('../locales/wallet/my.json'),
    EN: () => import('../locales/wallet/en.json'),
    CN: () => import('../locales/wallet/cn.json'),
    TH: () => import('../locales/wallet/th.json'),
    VI: () => import('../locales/wallet/vi.json'),
  },
  cashier: {
    MY: () => import('../locales/cashier/my.json'),
    EN: () => import('../locales/cashier/en.json'),
    CN: () => import('../locales/cashier/cn.json'),
    TH: () => import('../locales/cashier/th.json'),
    VI: () => import('../locales/cashier/vi.json'),
  },
  records: {
    MY: () => import('../locales/records/my.json'),
    EN: () => import('../locales/records/en.json'),
    CN: () => import('../locales/records/cn.json'),
    TH: () => import('../locales/records/th.json'),
    VI: () => import('../locales/records/vi.json'),
  },
  games: {
    MY: () => import('../locales/games/my.json'),
    EN: () => import('../locales/games/en.json'),
    CN: () => import('../locales/games/cn.json'),
    TH: () => import('../locales/games/th.json'),
    VI: () => import('../locales/games/vi.json'),
  },
  bets: {
    MY: () => import('../locales/bets/my.json'),
    EN: () => import('../locales/bets/en.json'),
    CN: () => import('../locales/bets/cn.json'),
    TH: () => import('../locales/bets/th.json'),
    VI: () => import('../locales/bets/vi.json'),
  },
  // Issue 6: what the betting record shows of a baccarat bet.
  baccarat: {
    MY: () => import('../locales/baccarat/my.json'),
    EN: () => import('../locales/baccarat/en.json'),
    CN: () => import('../locales/baccarat/cn.json'),
    TH: () => import('../locales/baccarat/th.json'),
    VI: () => import('../locales/baccarat/vi.json'),
  },
  // Issue 6: what the betting record shows of a sports bet.
  sports: {
    MY: () => import('../locales/sports/my.json'),
    EN: () => import('../locales/sports/en.json'),
    CN: () => import('../locales/sports/cn.json'),
    TH: () => import('../locales/sports/th.json'),
    VI: () => import('../locales/sports/vi.json'),
  },
  // Issue 6: what the betting record shows of a fish bet.
  fish: {
    MY: () => import('../locales/fish/my.json'),
    EN: () => import('../locales/fish/en.json'),
    CN: () => import('../locales/fish/cn.json'),
    TH: () => import('../locales/fish/th.json'),
    VI: () => import('../locales/fish/vi.json'),
  },
  // Issue 6: what the betting record shows of a pvp bet.
  pvp: {
    MY: () => import('../locales/pvp/my.json'),
    EN: () => import('../locales/pvp/en.json'),
    CN: () => import('../locales/pvp/cn.json'),
    TH: () => import('../locales/pvp/th.json'),
    VI: () => import('../locales/pvp/vi.json'),
  },
  // Issue 7: the lottery pages (digit games, draw results, the lottery bet details, the errors).
  lottery: {
    MY: () => import('../locales/lottery/my.json'),
    EN: () => import('../locales/lottery/en.json'),
    CN: () => import('../locales/lottery/cn.json'),
    TH: () => import('../locales/lottery/th.json'),
    VI: () => import('../locales/lottery/vi.json'),
  },
  // Issue 7: the Vietnamese lottery page, /elott and the home page's popular numbers.
  vnlottery: {
    MY: () => import('../locales/vnlottery/my.json'),
    EN: () => import('../locales/vnlottery/en.json'),
    CN: () => import('../locales/vnlottery/cn.json'),
    TH: () => import('../locales/vnlottery/th.json'),
    VI: () => import('../locales/vnlottery/vi.json'),
  },
} satisfies Record<EarlyPart, Record<CompleteLanguage, PartLoader>>;

// Evaluated once, by whichever asks first: a page group that needs texts at its first paint
// imports this module (so it comes with the group's code), lib/i18n.ts imports it otherwise.
registerPartLoaders(PART_CATALOGUES);
