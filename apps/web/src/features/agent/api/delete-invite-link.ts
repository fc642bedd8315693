import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentDeleteInviteLink } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

/** DELETE /wps/agent/links: retire one of my links (its code stops working; its count stays). */
export function deleteInviteLink(input: { id: number }) {
  return call(agentDeleteInviteLink, input);
}

export function useDeleteInviteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInviteLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.links }),
  });
}
