import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinApply, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /wps/join: an application to become an agent, for the operator. */
export function applyJoin(input: RequestOf<typeof joinApply>) {
  return call(joinApply, input);
}

export function useApplyJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyJoin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.joinAll }),
  });
}
