import type { Endpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { RecordsService } from './records.service.ts';

type RecordsIds = 'transactionHistory' | 'bonusDetails' | 'personalProfit';

/** Thin handlers of the account record, bonus details and personal loss: only ever my own. */
export function recordsHandlers(records: RecordsService): Pick<HandlerMap<Endpoints>, RecordsIds> {
  return {
    transactionHistory: ({ req, input }) => records.transactions(requireMember(req).id, input),
    bonusDetails: ({ req, input }) => records.bonuses(requireMember(req).id, input),
    personalProfit: ({ req, input }) => records.profit(requireMember(req).id, input),
  };
}
