import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentContractRespond, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contractsKeys } from './keys';

export type RespondInput = RequestOf<typeof agentContractRespond>;

/** POST /wps/agent/contracts/respond: as the downline, accept, reject or terminate. */
export function respondContract(input: RespondInput) {
  return call(agentContractRespond, input);
}

export function useRespondContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: respondContract,
    onSettled: () => qc.invalidateQueries({ queryKey: contractsKeys.all }),
  });
}
