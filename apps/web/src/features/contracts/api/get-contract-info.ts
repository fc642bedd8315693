import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentContractInfo, type Contract, type ContractInfo, type ContractKind } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contractsKeys } from './keys';

/** GET /wps/agent/contracts/info: spec §3's nine fields (requests for me, my active contracts). */
export function getContractInfo(signal?: AbortSignal) {
  return call(agentContractInfo, {}, { signal });
}

export function getContractInfoQueryOptions() {
  return queryOptions({
    queryKey: contractsKeys.info(),
    queryFn: ({ signal }) => getContractInfo(signal),
    staleTime: 15_000,
  });
}

export function useContractInfo() {
  return useQuery(getContractInfoQueryOptions());
}

/** Spec §3 field names by kind: the requests waiting for my answer and my contracts with my upline. */
const FIELDS = {
  dividend: { requests: 'divtypereq', active: 'divtypeinfo' },
  daily: { requests: 'dailysalreqtype', active: 'dailysalinfotype' },
  hourly: { requests: 'contracthoursalreq', active: 'contracthoursalinfo' },
  realtime: { requests: 'realtimesalreqtype', active: 'realtimesalinfotype' },
} as const satisfies Record<ContractKind, { requests: keyof ContractInfo; active: keyof ContractInfo }>;

/** The requests from my upline and my active contracts with it, of one kind. */
export function infoOf(info: ContractInfo, kind: ContractKind): { requests: Contract[]; active: Contract[] } {
  const f = FIELDS[kind];
  return { requests: info[f.requests], active: info[f.active] };
}
