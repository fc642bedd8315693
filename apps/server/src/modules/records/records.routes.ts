import type { Endpoints, recordsEndpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { RecordsService } from './records.service.ts';

type RecordsIds = keyof typeof recordsEndpoints;

/** Thin handlers of the records and inbox endpoints (issue 4): a member only ever reads their own. */
export function recordsHandlers(
  records: RecordsService,
  messages: MessagesService,
): Pick<HandlerMap<Endpoints>, RecordsIds> {
  return {
    transactionHistory: ({ req, input }) => records.transactions(requireMember(req).id, input),
    bonusDetails: ({ req, input }) => records.bonuses(requireMember(req).id, input),
    personalProfit: ({ req, input }) => records.profit(requireMember(req).id, input),
    messages: ({ req, input }) => messages.list(requireMember(req).id, input),
    readMessage: ({ req, input }) => messages.read(requireMember(req).id, input.id),
    readAllMessages: ({ req }) => messages.readAll(requireMember(req).id),
    unreadCount: ({ req }) => messages.unread(requireMember(req).id),
  };
}
