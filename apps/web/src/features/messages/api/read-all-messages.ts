import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readAllMessages as readAllEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';
import { markReadInCache } from './cache';

/** POST /wps/member/messages/read-all: every message of mine is read. */
export function readAllMessages() {
  return call(readAllEndpoint, {});
}

export function useReadAllMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllMessages,
    onSuccess: (answer) => markReadInCache(queryClient, 'all', answer.unread),
  });
}
