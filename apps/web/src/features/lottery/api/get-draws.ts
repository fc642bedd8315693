import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { lotteryDraws, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { compact, lotteryKeys } from './keys';

export type LotteryDrawsQuery = RequestOf<typeof lotteryDraws>;

/** GET /lotto/lgw/draws: draw results of a game, newest first, optionally of one day, with commit and seed. */
export function getLotteryDraws(q: LotteryDrawsQuery, signal?: AbortSignal) {
  return call(lotteryDraws, q, { signal });
}

export function getLotteryDrawsQueryOptions(q: LotteryDrawsQuery) {
  const query = compact(q);
  return queryOptions({
    queryKey: lotteryKeys.draws(query),
    queryFn: ({ signal }) => getLotteryDraws(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useLotteryDraws(q: LotteryDrawsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getLotteryDrawsQueryOptions(q), enabled: options.enabled ?? true });
}
