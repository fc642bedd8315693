import { useMutation, useQueryClient } from '@tanstack/react-query';
import { c2cProof, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { cashierKeys } from './keys';

export type UploadC2cProofInput = RequestOf<typeof c2cProof>;

/** Proof uploads are large (up to three images of 5 MB): more time than an ordinary call. */
const PROOF_TIMEOUT_MS = 120_000;

/** POST /wps/v2/withdraw/c2c/proof: proof images of a payout not received (png or jpg, < 5 MB, ≤ 3). */
export function uploadC2cProof(input: UploadC2cProofInput) {
  return call(c2cProof, input, { timeoutMs: PROOF_TIMEOUT_MS });
}

export function useUploadC2cProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadC2cProof,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cashierKeys.all }),
  });
}
