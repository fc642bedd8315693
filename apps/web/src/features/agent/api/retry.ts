import { outcomeUnknown } from '@/lib/idempotency';

/**
 * Money mutations try once more only when the first answer never arrived: the variables carry the
 * submit's idempotency key, so the retry cannot move the money twice. A 4xx is an answer.
 */
export const moneyMutationRetry = {
  retry: (failures: number, error: unknown) => failures < 1 && outcomeUnknown(error),
  retryDelay: 800,
};
