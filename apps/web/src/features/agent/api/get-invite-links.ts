import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentInviteLinks } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

/** GET /wps/agent/links: my affiliate code and my invitation links with their registration counts. */
export function getInviteLinks(signal?: AbortSignal) {
  return call(agentInviteLinks, {}, { signal });
}

export function getInviteLinksQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.links,
    queryFn: ({ signal }) => getInviteLinks(signal),
    staleTime: 30_000,
  });
}

export function useInviteLinks() {
  return useQuery(getInviteLinksQueryOptions());
}
