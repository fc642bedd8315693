import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankCards } from '@app/contracts';
import { call } from '@/lib/api-client';
import { cashierKeys } from './keys';

/** GET /wps/member/bankcards: my bank cards, numbers masked by the server. */
export function getBankCards(signal?: AbortSignal) {
  return call(bankCards, {}, { signal });
}

export function getBankCardsQueryOptions() {
  return queryOptions({ queryKey: cashierKeys.cards, queryFn: ({ signal }) => getBankCards(signal) });
}

export function useBankCards() {
  return useQuery(getBankCardsQueryOptions());
}
