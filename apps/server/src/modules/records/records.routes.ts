import type { recordsEndpoints } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { HandlerMap } from '../../lib/route.ts';

/**
 * PLACEHOLDER until the records and messages services land (issue 4): every call answers 503 so
 * the contract's table stays complete. Replaced by the real handlers.
 */
export function recordsHandlers(): HandlerMap<typeof recordsEndpoints> {
  const unavailable = async (): Promise<never> => {
    throw new AppError('SERVICE_UNAVAILABLE');
  };
  return {
    transactionHistory: unavailable,
    bonusDetails: unavailable,
    personalProfit: unavailable,
    messages: unavailable,
    readMessage: unavailable,
    readAllMessages: unavailable,
    unreadCount: unavailable,
  };
}
