/**
 * Every cashier query key starts with 'cashier' (issue 4 brief): the live stream and the cashier
 * mutations invalidate that one prefix. Money that moves also changes the header balance, whose
 * queries start with 'wallet' (owned by the wallet feature; features do not import each other, so
 * the prefix is written here).
 */
export const cashierKeys = {
  all: ['cashier'] as const,
  channels: ['cashier', 'channels'] as const,
  deposits: (page: number) => ['cashier', 'deposits', page] as const,
  cards: ['cashier', 'cards'] as const,
  withdrawInfo: ['cashier', 'withdraw-info'] as const,
  withdrawals: (page: number) => ['cashier', 'withdrawals', page] as const,
};

export const WALLET_KEY_PREFIX = ['wallet'] as const;

/** Page size of the deposit and withdrawal lists on the cashier pages. */
export const CASHIER_PAGE_SIZE = 10;
