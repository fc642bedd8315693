import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { agentContracts, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contractsKeys } from './keys';

export type ContractsQuery = RequestOf<typeof agentContracts>;

/** GET /wps/agent/contracts: contracts I am a party to, one page, newest first. */
export function getContracts(q: ContractsQuery, signal?: AbortSignal) {
  return call(agentContracts, q, { signal });
}

export function getContractsQueryOptions(q: ContractsQuery) {
  return queryOptions({
    queryKey: contractsKeys.list(q),
    queryFn: ({ signal }) => getContracts(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useContracts(q: ContractsQuery) {
  return useQuery(getContractsQueryOptions(q));
}
