import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawals, type Withdrawal } from '@app/contracts';
import { call } from '@/lib/api-client';
import { CASHIER_PAGE_SIZE, cashierKeys } from './keys';

/** A matched C2C payout that the withdrawer still has to confirm (spec §4). */
export const awaitingConfirmation = (w: Withdrawal) =>
  w.status === 'matched' && w.c2c !== null && w.c2c.outcome === null && !w.c2c.disputed;

/** GET /wps/v2/withdraw/list: my withdrawals, newest first (C2C ones awaiting confirmation included). */
export function getWithdrawals(page: number, signal?: AbortSignal) {
  return call(withdrawals, { page, pageSize: CASHIER_PAGE_SIZE }, { signal });
}

/** While a withdrawal is open the page asks again this often (a C2C match sends the withdrawer no event). */
export const OPEN_REFRESH_MS = 15_000;

export function getWithdrawalsQueryOptions(page: number) {
  return queryOptions({
    queryKey: cashierKeys.withdrawals(page),
    queryFn: ({ signal }) => getWithdrawals(page, signal),
    placeholderData: keepPreviousData,
    // Decided elsewhere (operator, depositor, auto-receive): fresh on every visit.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some((w) => w.status === 'pending' || w.status === 'matched')
        ? OPEN_REFRESH_MS
        : false,
  });
}

export function useWithdrawals(page: number) {
  return useQuery(getWithdrawalsQueryOptions(page));
}
