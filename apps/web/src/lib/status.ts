/**
 * Site status (merchant, whitelabel flags, register config): read by the guards, the layout and
 * several features, so it lives in lib (features never import each other).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { flags, type StatusInfo, status as statusEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';

export const statusQueryKey = ['system', 'status'] as const;

export function getStatus(signal?: AbortSignal) {
  return call(statusEndpoint, {}, { signal });
}

export function getStatusQueryOptions() {
  return queryOptions({
    queryKey: statusQueryKey,
    queryFn: ({ signal }) => getStatus(signal),
    staleTime: 5 * 60_000,
  });
}

export function useStatus() {
  return useQuery(getStatusQueryOptions());
}

/** Whitelabel flags as a complete map (missing nodes read as off). */
export function useFlags() {
  return useQuery({ ...getStatusQueryOptions(), select: (s: StatusInfo) => flags(s.whitelabel) });
}
