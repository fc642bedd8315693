import type { QueryClient } from '@tanstack/react-query';
import type { messages, ResponseOf } from '@app/contracts';
import { messagesKeys } from './keys';

type Inbox = ResponseOf<typeof messages>;

/** After a read: the cached inbox pages say the message(s) are read, and the badge shows `unread`. */
export function markReadInCache(queryClient: QueryClient, id: number | 'all', unread: number) {
  queryClient.setQueriesData<Inbox>({ queryKey: messagesKeys.lists }, (old) =>
    old
      ? {
          ...old,
          unread,
          items: old.items.map((m) => (id === 'all' || m.id === id ? { ...m, read: true } : m)),
        }
      : old,
  );
  queryClient.setQueryData(messagesKeys.unread, { count: unread });
}
