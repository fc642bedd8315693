import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lotteryCancelChase } from '@app/contracts';
import { call } from '@/lib/api-client';
import { invalidateLotteryMoney, lotteryMutationRetry } from './invalidate';

/** POST /lotto/lgw/chases/cancel: stops my chase (its pending bets of open periods are refunded). */
export function cancelLotteryChase(chaseId: number) {
  return call(lotteryCancelChase, { chaseId });
}

export function useCancelLotteryChase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLotteryChase,
    ...lotteryMutationRetry,
    onSettled: () => invalidateLotteryMoney(queryClient),
  });
}
