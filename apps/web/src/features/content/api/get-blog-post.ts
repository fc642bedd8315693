import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogPost, type LanguageCode } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useLanguageStore } from '@/lib/i18n';
import { contentKeys } from './keys';

/** GET /wps/blog/post: one published post (its HTML is sanitised again before it is shown). */
export function getBlogPost(language: LanguageCode, slug: string, signal?: AbortSignal) {
  return call(blogPost, { slug, language }, { signal });
}

export function getBlogPostQueryOptions(language: LanguageCode, slug: string) {
  return queryOptions({
    queryKey: contentKeys.blogPost(language, slug),
    queryFn: ({ signal }) => getBlogPost(language, slug, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useBlogPost(slug: string) {
  const language = useLanguageStore((s) => s.code);
  return useQuery(getBlogPostQueryOptions(language, slug));
}
