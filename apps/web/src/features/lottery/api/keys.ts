import type { RequestOf, lotteryBets, lotteryDraws } from '@app/contracts';

/**
 * Every lottery query key starts with 'lottery'. My bets start with 'records' like the other
 * record pages (issue 4): the live stream invalidates that prefix when money moves, so a bet
 * settled at the draw shows up without a reload. Member lists carry no token: the session's cache
 * is cleared at logout.
 */
export const lotteryKeys = {
  all: ['lottery'] as const,
  opened: (gameCode: string) => ['lottery', 'opened', gameCode] as const,
  draws: (q: RequestOf<typeof lotteryDraws>) => ['lottery', 'draws', q] as const,
  betsAll: ['records', 'lottery'] as const,
  bets: (q: RequestOf<typeof lotteryBets>) => ['records', 'lottery', q] as const,
};

/**
 * Money moved (or may have): the header balance (queries under 'wallet', owned by the wallet
 * feature; features do not import each other, so the prefix is written here), my bets and the
 * betting record (both under 'records').
 */
export const WALLET_KEY_PREFIX = ['wallet'] as const;
export const RECORDS_KEY_PREFIX = ['records'] as const;

/** Drops empty filters so equal queries share one cache entry. */
export function compact<T extends Record<string, unknown>>(q: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out as T;
}
