import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentDownlineStatus, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';

/** PUT /wps/agent/downlines/status: freeze or unfreeze a member of my subtree. */
export function setDownlineStatus(input: RequestOf<typeof agentDownlineStatus>) {
  return call(agentDownlineStatus, input);
}

export function useSetDownlineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDownlineStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['agent', 'downlines'] }),
  });
}
