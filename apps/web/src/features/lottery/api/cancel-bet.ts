import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lotteryCancelBet } from '@app/contracts';
import { call } from '@/lib/api-client';
import { invalidateLotteryMoney, lotteryMutationRetry } from './invalidate';

/** POST /lotto/lgw/bets/cancel: my pending bet while its period is open (twice is fine). */
export function cancelLotteryBet(betId: number) {
  return call(lotteryCancelBet, { betId });
}

export function useCancelLotteryBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLotteryBet,
    ...lotteryMutationRetry,
    onSettled: () => invalidateLotteryMoney(queryClient),
  });
}
