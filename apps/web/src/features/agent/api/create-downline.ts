import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentCreateDownline, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

export type CreateDownlineInput = RequestOf<typeof agentCreateDownline>;

/** POST /wps/agent/downlines: a new player or agent account directly under me. */
export function createDownline(input: CreateDownlineInput) {
  return call(agentCreateDownline, input);
}

export function useCreateDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDownline,
    // The team grew: the lists, the overview and the reports are out of date.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
