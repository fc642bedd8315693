import type { RequestOf, betDetail, betRecords, vendorList } from '@app/contracts';

/**
 * The betting record's keys start with 'records' like the other record pages (issue 4): the live
 * stream invalidates that one prefix when money moves, so a bet settled meanwhile shows up.
 */
export const betRecordsKeys = {
  all: ['records', 'bets'] as const,
  list: (q: RequestOf<typeof betRecords>) => ['records', 'bets', 'list', q] as const,
  detail: (q: RequestOf<typeof betDetail>) => ['records', 'bets', 'detail', q] as const,
  vendors: (q: RequestOf<typeof vendorList>) => ['bets', 'vendors', q] as const,
};
