import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { gameList, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { compact, gamesKeys } from './keys';

/** A lobby page: about one and a half phone screens of tiles, a few desktop rows (issue 5: 40–60). */
export const GAME_PAGE_SIZE = 48;

export type GameListFilter = Omit<RequestOf<typeof gameList>, 'page' | 'pageSize'>;

/** Relay GLS_gameList: one page of a game type's games, filtered by vendor, search text and hot. */
export function getGameList(q: RequestOf<typeof gameList>, signal?: AbortSignal) {
  return call(gameList, q, { signal });
}

/**
 * The first page asked for early by the games route's loader (in parallel with the games texts),
 * handed to the lobby's first query instead of a second request: the list no longer waits for
 * the texts and the render. Used once, and only while fresh.
 */
type GameListPage = Awaited<ReturnType<typeof getGameList>>;
const early = new Map<string, { at: number; answer: ReturnType<typeof getGameList>; value?: GameListPage }>();
const EARLY_MS = 10_000;

/** Starts the first page; the promise settles with it (never rejects: a failure is the lobby's). */
export function prefetchFirstGamePage(filter: GameListFilter, pageSize = GAME_PAGE_SIZE): Promise<void> {
  const q = compact({ ...filter, pageSize });
  const key = JSON.stringify(q);
  const answer = getGameList({ ...q, page: 1 });
  const entry: { at: number; answer: typeof answer; value?: GameListPage } = { at: Date.now(), answer };
  early.set(key, entry);
  // A failed early request is simply not used: the lobby asks again and shows its own error.
  return answer.then(
    (value) => {
      entry.value = value;
    },
    () => {
      if (early.get(key) === entry) early.delete(key);
    },
  );
}

function takeEarly(q: object) {
  const key = JSON.stringify(q);
  const hit = early.get(key);
  early.delete(key);
  return hit && Date.now() - hit.at < EARLY_MS ? hit : undefined;
}

/**
 * An early first page that has already arrived is the query's data from its first render (no
 * pending render and second render of the whole grid when the answer lands).
 */
function settledEarly(q: object) {
  const hit = early.get(JSON.stringify(q));
  return hit?.value && Date.now() - hit.at < EARLY_MS ? takeEarly(q)?.value : undefined;
}

export function getGameListQueryOptions(filter: GameListFilter, pageSize = GAME_PAGE_SIZE) {
  const q = compact({ ...filter, pageSize });
  return infiniteQueryOptions({
    queryKey: gamesKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      (pageParam === 1 ? takeEarly(q)?.answer : undefined) ?? getGameList({ ...q, page: pageParam }, signal),
    initialPageParam: 1,
    initialData: () => {
      const page = settledEarly(q);
      return page ? { pages: [page], pageParams: [1] } : undefined;
    },
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // A new search keeps the last results on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useGameList(filter: GameListFilter, options: { enabled?: boolean; pageSize?: number } = {}) {
  return useInfiniteQuery({
    ...getGameListQueryOptions(filter, options.pageSize),
    enabled: options.enabled ?? true,
  });
}
