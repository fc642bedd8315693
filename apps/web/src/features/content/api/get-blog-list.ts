import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { blogList, type LanguageCode } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useLanguageStore } from '@/lib/i18n';
import { contentKeys } from './keys';

export const BLOG_PAGE_SIZE = 6;

/** GET /wps/blog: published posts in the reader's language, newest first. */
export function getBlogList(language: LanguageCode, page: number, signal?: AbortSignal) {
  return call(blogList, { language, page, pageSize: BLOG_PAGE_SIZE }, { signal });
}

export function getBlogListQueryOptions(language: LanguageCode, page: number) {
  return queryOptions({
    queryKey: contentKeys.blogList(language, page),
    queryFn: ({ signal }) => getBlogList(language, page, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useBlogList(page: number) {
  const language = useLanguageStore((s) => s.code);
  return useQuery(getBlogListQueryOptions(language, page));
}
