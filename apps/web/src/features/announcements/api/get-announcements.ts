import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ANNOUNCEMENT_TYPES_OF,
  announcements,
  type AnnouncementGroup,
  type LanguageCode,
  type ResponseOf,
} from '@app/contracts';
import { call } from '@/lib/api-client';
import { currentLanguage, useLanguageStore } from '@/lib/i18n';
import { announcementKeys } from './keys';

export type AnnouncementPage = ResponseOf<typeof announcements>;

export interface AnnouncementQuery {
  group: AnnouncementGroup;
  page?: number;
  pageSize: number;
}

/** Relay MCSFE_announcement (spec §7: types of the group, platform W, execution B) in `language`. */
export function getAnnouncements(q: AnnouncementQuery, language: LanguageCode, signal?: AbortSignal) {
  return call(
    announcements,
    {
      types: ANNOUNCEMENT_TYPES_OF[q.group],
      platform: 'W',
      execution: 'B',
      language,
      page: q.page ?? 1,
      pageSize: q.pageSize,
    },
    { signal },
  );
}

/**
 * A request started before the page renders (the home route's loader asks for the banners beside
 * the texts), taken over by the first query of the same key: the first paint already knows
 * whether there is a carousel, so its place is never made after the fact (no layout shift).
 */
const early = new Map<string, { at: number; answer: Promise<AnnouncementPage>; value?: AnnouncementPage }>();
/** An early answer older than this is not taken over (the cache may have served the page since). */
const EARLY_TTL_MS = 10_000;
export function prefetchAnnouncements(
  q: AnnouncementQuery,
  language: LanguageCode = currentLanguage(),
): Promise<AnnouncementPage> {
  const key = JSON.stringify(announcementKeys.list(q.group, language, q.page ?? 1, q.pageSize));
  const answer = getAnnouncements(q, language);
  const entry: { at: number; answer: Promise<AnnouncementPage>; value?: AnnouncementPage } = {
    at: Date.now(),
    answer,
  };
  early.set(key, entry);
  answer.then(
    (value) => {
      entry.value = value;
    },
    () => {
      if (early.get(key) === entry) early.delete(key);
    },
  );
  return answer;
}

/** The early answer of `key` when it is fresh (and, with `settled`, has arrived); taken once. */
function takeEarly(key: string, settled: boolean) {
  const hit = early.get(key);
  if (!hit || Date.now() - hit.at >= EARLY_TTL_MS || (settled && !hit.value)) return undefined;
  early.delete(key);
  return hit;
}

export function getAnnouncementsQueryOptions(q: AnnouncementQuery, language: LanguageCode) {
  const queryKey = announcementKeys.list(q.group, language, q.page ?? 1, q.pageSize);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      takeEarly(JSON.stringify(queryKey), false)?.answer ?? getAnnouncements(q, language, signal),
    // An early answer that has arrived is the data of the first render: the carousel is in the
    // first paint, not added by a second render that pushes the page down.
    initialData: () => takeEarly(JSON.stringify(queryKey), true)?.value,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One page of a group's announcements in the reader's language (again when it changes). */
export function useAnnouncements(q: AnnouncementQuery, options: { enabled?: boolean } = {}) {
  const language = useLanguageStore((s) => s.code);
  return useQuery({ ...getAnnouncementsQueryOptions(q, language), enabled: options.enabled ?? true });
}
