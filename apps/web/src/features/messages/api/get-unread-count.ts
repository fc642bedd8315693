import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadCount } from '@app/contracts';
import { call } from '@/lib/api-client';
import { messagesKeys } from './keys';

/** Relay CSP_unreadCount (spec §7): how many of my messages are unread. */
export function getUnreadCount(signal?: AbortSignal) {
  return call(unreadCount, {}, { signal });
}

export function getUnreadCountQueryOptions() {
  return queryOptions({
    queryKey: messagesKeys.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    // The live stream sets it on every change (`unread` events); this is the first answer.
    staleTime: 5 * 60_000,
  });
}

export function useUnreadCount() {
  return useQuery(getUnreadCountQueryOptions());
}
