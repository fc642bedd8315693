import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readMessage } from '@app/contracts';
import { call } from '@/lib/api-client';

/** POST /wps/member/messages/read: one of my notices is read (the inbox and its badge follow). */
export function readNotice(input: { id: number }) {
  return call(readMessage, input);
}

export function useReadNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotice,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['agent', 'notices'] }),
        // The personal inbox and the header's unread badge live under 'messages'.
        queryClient.invalidateQueries({ queryKey: ['messages'] }),
      ]),
  });
}
