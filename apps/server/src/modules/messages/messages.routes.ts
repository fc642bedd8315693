import type { Endpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { MessagesService } from './messages.service.ts';

type MessagesIds = 'messages' | 'readMessage' | 'readAllMessages' | 'unreadCount';

/** Thin handlers of the inbox (spec §2 messageV2, §7 CSP_unreadCount): only ever my own messages. */
export function messagesHandlers(messages: MessagesService): Pick<HandlerMap<Endpoints>, MessagesIds> {
  return {
    messages: ({ req, input }) => messages.list(requireMember(req).id, input),
    readMessage: ({ req, input }) => messages.read(requireMember(req).id, input.id),
    readAllMessages: ({ req }) => messages.readAll(requireMember(req).id),
    unreadCount: ({ req }) => messages.unread(requireMember(req).id),
  };
}
