import type { QueryClient } from '@tanstack/react-query';
import { outcomeUnknown } from '@/lib/idempotency';
import { cashierKeys, WALLET_KEY_PREFIX } from './keys';

/**
 * Money mutations try once more only when the first answer never arrived: the variables carry the
 * submit's idempotency key, so the retry cannot move the money twice. A 4xx is an answer.
 */
export const moneyMutationRetry = {
  retry: (failures: number, error: unknown) => failures < 1 && outcomeUnknown(error),
  retryDelay: 800,
};

/** After money moved (or may have): every cashier view and the header balance ask again. */
export function invalidateMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: cashierKeys.all }),
    queryClient.invalidateQueries({ queryKey: WALLET_KEY_PREFIX }),
  ]);
}
