/**
 * Every messages query key starts with 'messages' (issue 4 brief): the live stream sets the unread
 * count and invalidates the inbox under that one prefix.
 */
export const messagesKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  list: (page: number) => ['messages', 'list', page] as const,
  unread: ['messages', 'unread'] as const,
};
