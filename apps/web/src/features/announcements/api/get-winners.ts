import { queryOptions, useQuery } from '@tanstack/react-query';
import { WINNER_COUNT_DEFAULT, WINNER_DAYS_DEFAULT, winnerRankList } from '@app/contracts';
import { call } from '@/lib/api-client';
import { announcementKeys } from './keys';

/** The server computes the board once a minute: asking more often would only repeat it. */
export const WINNERS_REFRESH_MS = 60_000;

/** Relay GLS_winnerRankList: the biggest real wins of the last days, accounts masked. */
export function getWinners(days: number, count: number, signal?: AbortSignal) {
  return call(winnerRankList, { days, count }, { signal });
}

export function getWinnersQueryOptions(days = WINNER_DAYS_DEFAULT, count = WINNER_COUNT_DEFAULT) {
  return queryOptions({
    queryKey: announcementKeys.winners(days, count),
    queryFn: ({ signal }) => getWinners(days, count, signal),
    staleTime: WINNERS_REFRESH_MS,
    // Refreshed while the page is open and visible (not in a background tab).
    refetchInterval: WINNERS_REFRESH_MS,
  });
}

export function useWinners(days?: number, count?: number) {
  return useQuery(getWinnersQueryOptions(days, count));
}
