import { queryOptions, useQuery } from '@tanstack/react-query';
import { lotteryOpenedNumero, type ResponseOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { lotteryKeys } from './keys';

/** The longest wait between two asks while the page is open. */
export const OPENED_POLL_MAX_MS = 30_000;

export type OpenedNumero = ResponseOf<typeof lotteryOpenedNumero>;

/** GET /lotto/lgw/games/opened/numero: the open period, the next one, the last draws and the odds. */
export function getOpenedNumero(gameCode: string, signal?: AbortSignal) {
  return call(lotteryOpenedNumero, { gameCode }, { signal });
}

/**
 * How long until the answer is out of date: the open period's close, then its draw (the result
 * arrives a moment after the draw time, so "drawing…" asks again every few seconds).
 */
export function openedRefetchDelay(data: OpenedNumero | undefined, now: number = Date.now()): number | false {
  if (!data) return false;
  const skew = Date.parse(data.serverTime) - now;
  const serverNow = now + (Number.isFinite(skew) ? skew : 0);
  const current = data.current;
  if (!current) return 60_000;
  const closeAt = Date.parse(current.closeAt);
  const drawAt = Date.parse(current.drawAt);
  // At the close, at the draw, and at least every 30 s meanwhile (an operator may draw early).
  if (serverNow < closeAt) return Math.min(OPENED_POLL_MAX_MS, Math.max(1_000, closeAt - serverNow + 300));
  if (serverNow < drawAt) return Math.min(OPENED_POLL_MAX_MS, Math.max(1_000, drawAt - serverNow + 300));
  // Past the draw and no newer period yet: the draw job is running.
  return 3_000;
}

/**
 * The route's loader starts the open period of the game in the address beside the texts (first
 * load only), so the page's first render already has it: no loading box that the period, the
 * picker and the slip then push down (CLS). Used once, within a few seconds.
 */
const EARLY_MS = 10_000;
const early = new Map<string, { at: number; answer: Promise<OpenedNumero>; value?: OpenedNumero }>();

/** Starts the open period of a game; settles with it (never rejects: a failure is the page's). */
export function prefetchOpenedNumero(gameCode: string): Promise<void> {
  const answer = getOpenedNumero(gameCode);
  const entry: { at: number; answer: Promise<OpenedNumero>; value?: OpenedNumero } = {
    at: Date.now(),
    answer,
  };
  early.set(gameCode, entry);
  return answer.then(
    (value) => {
      entry.value = value;
      entry.at = Date.now();
    },
    () => {
      if (early.get(gameCode) === entry) early.delete(gameCode);
    },
  );
}

function takeEarly(gameCode: string) {
  const hit = early.get(gameCode);
  early.delete(gameCode);
  return hit && Date.now() - hit.at < EARLY_MS ? hit : undefined;
}

function settledEarly(gameCode: string) {
  const hit = early.get(gameCode);
  return hit?.value && Date.now() - hit.at < EARLY_MS ? hit : undefined;
}

export function getOpenedNumeroQueryOptions(gameCode: string) {
  return queryOptions({
    queryKey: lotteryKeys.opened(gameCode),
    queryFn: ({ signal }) => {
      // An early request still on its way is this first ask; one that already answered was the initial data.
      const hit = takeEarly(gameCode);
      return hit && !hit.value ? hit.answer : getOpenedNumero(gameCode, signal);
    },
    initialData: () => settledEarly(gameCode)?.value,
    // The countdown's clock correction counts from when the answer arrived.
    initialDataUpdatedAt: () => settledEarly(gameCode)?.at,
    staleTime: 5_000,
  });
}

/** The open period of a game; asks again when the countdown reaches the close and the draw. */
export function useOpenedNumero(gameCode: string | null | undefined) {
  return useQuery({
    ...getOpenedNumeroQueryOptions(gameCode ?? ''),
    enabled: Boolean(gameCode),
    refetchInterval: (query) => openedRefetchDelay(query.state.data),
  });
}
