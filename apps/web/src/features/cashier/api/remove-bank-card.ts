import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeBankCard as removeBankCardEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';
import { cashierKeys } from './keys';

/** DELETE /wps/member/bankcards?id=…: remove one of my bank cards. */
export function removeBankCard(input: { id: number }) {
  return call(removeBankCardEndpoint, input);
}

export function useRemoveBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBankCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cashierKeys.cards }),
  });
}
