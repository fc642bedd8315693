import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addBankCard as addBankCardEndpoint, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { cashierKeys } from './keys';

export type AddBankCardInput = RequestOf<typeof addBankCardEndpoint>;

/** POST /wps/member/bankcards: add a bank card (at most BANK_CARDS_MAX). */
export function addBankCard(input: AddBankCardInput) {
  return call(addBankCardEndpoint, input);
}

export function useAddBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBankCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashierKeys.cards }),
  });
}
