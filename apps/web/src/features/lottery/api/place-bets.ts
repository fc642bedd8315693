import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lotteryPlaceBets, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { invalidateLotteryMoney, lotteryMutationRetry } from './invalidate';

export type PlaceBetsRequest = RequestOf<typeof lotteryPlaceBets>;

/** POST /lotto/lgw/bets: a slip on a period (all or nothing; `idempotencyKey`: one per submit, lib/idempotency). */
export function placeBets(input: PlaceBetsRequest) {
  return call(lotteryPlaceBets, input);
}

/** Placed, refused or unknown: the balance, my bets and the betting record ask again. */
export function usePlaceBets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBets,
    ...lotteryMutationRetry,
    onSettled: () => invalidateLotteryMoney(queryClient),
  });
}
