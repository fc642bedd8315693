import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsConfig } from '@app/contracts';
import { call } from '@/lib/api-client';
import { pointsKeys } from './keys';

/** GET /wps/points/config: the ratio of every category and the conversion rate (points rules). */
export function getPointsConfig(signal?: AbortSignal) {
  return call(pointsConfig, {}, { signal });
}

export function getPointsConfigQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.config,
    queryFn: ({ signal }) => getPointsConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePointsConfig() {
  return useQuery(getPointsConfigQueryOptions());
}
