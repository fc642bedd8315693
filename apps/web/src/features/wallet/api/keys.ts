/**
 * Every wallet query key starts with 'wallet' (issue 4 brief): the live stream and the wallet
 * mutations invalidate that one prefix.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  merchant: ['wallet', 'merchant'] as const,
  funds: ['wallet', 'funds'] as const,
  upline: ['wallet', 'upline'] as const,
};
