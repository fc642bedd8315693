import { queryOptions, useQuery } from '@tanstack/react-query';
import { permission as permissionEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';

export const permissionQueryKey = ['system', 'permission'] as const;

export function getPermission(signal?: AbortSignal) {
  return call(permissionEndpoint, {}, { signal });
}

export function getPermissionQueryOptions() {
  return queryOptions({
    queryKey: permissionQueryKey,
    queryFn: ({ signal }) => getPermission(signal),
    staleTime: 60_000,
  });
}

export function usePermission() {
  return useQuery(getPermissionQueryOptions());
}
