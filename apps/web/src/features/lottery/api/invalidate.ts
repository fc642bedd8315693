import type { QueryClient } from '@tanstack/react-query';
import { outcomeUnknown } from '@/lib/idempotency';
import { lotteryKeys, RECORDS_KEY_PREFIX, WALLET_KEY_PREFIX } from './keys';

/** After a stake, a refund or a cancel: the balance, my bets, the betting record and the open period ask again. */
export function invalidateLotteryMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: WALLET_KEY_PREFIX }),
    queryClient.invalidateQueries({ queryKey: RECORDS_KEY_PREFIX }),
    queryClient.invalidateQueries({ queryKey: lotteryKeys.all }),
  ]);
}

/**
 * Money mutations try once more only when the first answer never arrived: the variables carry the
 * submit's idempotency key, so the retry cannot move the money twice. A 4xx is an answer.
 */
export const lotteryMutationRetry = {
  retry: (failures: number, error: unknown) => failures < 1 && outcomeUnknown(error),
  retryDelay: 800,
};
