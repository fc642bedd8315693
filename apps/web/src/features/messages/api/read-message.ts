import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readMessage as readMessageEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';
import { markReadInCache } from './cache';

/** POST /wps/member/messages/read: one of my messages is read; answers the new unread count. */
export function readMessage(input: { id: number }) {
  return call(readMessageEndpoint, input);
}

export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMessage,
    onSuccess: (answer, { id }) => markReadInCache(queryClient, id, answer.unread),
  });
}
