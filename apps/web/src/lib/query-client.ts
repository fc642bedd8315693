import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Network hiccups get one quiet retry; server answers (4xx/5xx envelopes) are final. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 1 && isApiError(error) && error.code === 'NETWORK',
      },
      mutations: { retry: false },
    },
  });
}
