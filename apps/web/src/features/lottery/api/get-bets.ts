import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { lotteryBets, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { compact, lotteryKeys } from './keys';

export type LotteryBetsQuery = RequestOf<typeof lotteryBets>;

/** GET /lotto/lgw/bets: my lottery bets, newest first, of a game / period / chase / state. */
export function getLotteryBets(q: LotteryBetsQuery, signal?: AbortSignal) {
  return call(lotteryBets, q, { signal });
}

export function getLotteryBetsQueryOptions(q: LotteryBetsQuery) {
  const query = compact(q);
  return queryOptions({
    queryKey: lotteryKeys.bets(query),
    queryFn: ({ signal }) => getLotteryBets(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** My bets (members only: pass enabled false for a guest). Pending bets ask again every 15 s meanwhile. */
export function useLotteryBets(q: LotteryBetsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getLotteryBetsQueryOptions(q),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (query.state.data?.items.some((b) => b.state === 'pending') ? 15_000 : false),
  });
}
