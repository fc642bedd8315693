import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentCreateInviteLink, type DownlineKind } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

/** POST /wps/agent/links: a new invitation link for players or agents. */
export function createInviteLink(input: { kind: DownlineKind }) {
  return call(agentCreateInviteLink, input);
}

export function useCreateInviteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInviteLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.links }),
  });
}
