import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX, agentDownlines, isAgentType, type Downline } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contractsKeys } from './keys';

const QUERY = { level: 'direct', status: 'all', pageSize: PAGE_SIZE_MAX } as const;

/**
 * My direct downline agents: the only members a contract can be offered to (spec §4; the server
 * refuses others with contracts.errors.not_direct_downline / not_agent). The first 100 direct
 * downlines, agents only.
 */
export function getDirectDownlineAgents(signal?: AbortSignal): Promise<Downline[]> {
  return call(agentDownlines, QUERY, { signal }).then((page) =>
    page.items.filter((d) => d.level === 1 && isAgentType(d.type)),
  );
}

export function getDirectDownlineAgentsQueryOptions() {
  return queryOptions({
    queryKey: contractsKeys.downlines(QUERY),
    queryFn: ({ signal }) => getDirectDownlineAgents(signal),
    staleTime: 60_000,
  });
}

export function useDirectDownlineAgents(enabled = true) {
  return useQuery({ ...getDirectDownlineAgentsQueryOptions(), enabled });
}
