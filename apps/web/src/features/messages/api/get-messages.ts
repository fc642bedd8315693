import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messages, PAGE_SIZE_DEFAULT } from '@app/contracts';
import { call } from '@/lib/api-client';
import { messagesKeys } from './keys';

/** GET /wps/member/messages: one page of my inbox, newest first, and the unread count. */
export function getMessages(page: number, signal?: AbortSignal) {
  return call(messages, { page, pageSize: PAGE_SIZE_DEFAULT }, { signal });
}

export function getMessagesQueryOptions(page: number) {
  return queryOptions({
    queryKey: messagesKeys.list(page),
    queryFn: ({ signal }) => getMessages(page, signal),
    placeholderData: keepPreviousData,
    // The live stream invalidates it when a message arrives.
    staleTime: 30_000,
  });
}

export function useMessages(page: number) {
  return useQuery(getMessagesQueryOptions(page));
}
