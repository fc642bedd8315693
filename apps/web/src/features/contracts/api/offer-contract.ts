import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentContractOffer, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contractsKeys } from './keys';

export type OfferInput = RequestOf<typeof agentContractOffer>;

/** POST /wps/agent/contracts: offer a contract to a direct downline agent (a new-contract request). */
export function offerContract(input: OfferInput) {
  return call(agentContractOffer, input);
}

export function useOfferContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: offerContract,
    onSettled: () => qc.invalidateQueries({ queryKey: contractsKeys.all }),
  });
}
