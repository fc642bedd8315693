import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { agentDownlines, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

export type DownlinesQuery = RequestOf<typeof agentDownlines>;

/** GET /wps/agent/downlines: one page of my subtree (search, level, status, drill-down by parent). */
export function getDownlines(q: DownlinesQuery, signal?: AbortSignal) {
  return call(agentDownlines, q, { signal });
}

export function getDownlinesQueryOptions(q: DownlinesQuery) {
  return queryOptions({
    queryKey: agentKeys.downlines(q),
    queryFn: ({ signal }) => getDownlines(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useDownlines(q: DownlinesQuery) {
  return useQuery(getDownlinesQueryOptions(q));
}
