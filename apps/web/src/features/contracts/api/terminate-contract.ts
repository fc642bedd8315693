import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentContractTerminate } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contractsKeys } from './keys';

/** POST /wps/agent/contracts/terminate: as the upline, withdraw an offer or ask to end a contract. */
export function terminateContract(contractId: number) {
  return call(agentContractTerminate, { contractId });
}

export function useTerminateContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: terminateContract,
    onSettled: () => qc.invalidateQueries({ queryKey: contractsKeys.all }),
  });
}
