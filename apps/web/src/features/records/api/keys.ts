import type { RequestOf, bonusDetails, personalProfit, transactionHistory } from '@app/contracts';

/**
 * Every records query key starts with 'records' (issue 4 brief): the live stream invalidates that
 * one prefix when money moves or a notice arrives.
 */
export const recordsKeys = {
  all: ['records'] as const,
  transactions: (q: RequestOf<typeof transactionHistory>) => ['records', 'transactions', q] as const,
  bonus: (q: RequestOf<typeof bonusDetails>) => ['records', 'bonus', q] as const,
  profit: (q: RequestOf<typeof personalProfit>) => ['records', 'profit', q] as const,
};
