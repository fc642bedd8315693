import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LanguageCode, helpCenter as helpCenterEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useLanguageStore } from '@/lib/i18n';

export function getHelpCenter(language: LanguageCode, signal?: AbortSignal) {
  return call(helpCenterEndpoint, { language }, { signal });
}

export function getHelpCenterQueryOptions(language: LanguageCode) {
  return queryOptions({
    queryKey: ['system', 'helpCenter', language],
    queryFn: ({ signal }) => getHelpCenter(language, signal),
    staleTime: 10 * 60_000,
  });
}

export function useHelpCenter({ enabled = true }: { enabled?: boolean } = {}) {
  const language = useLanguageStore((s) => s.code);
  return useQuery({ ...getHelpCenterQueryOptions(language), enabled });
}
