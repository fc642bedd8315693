import type { cashierEndpoints } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { HandlerMap } from '../../lib/route.ts';

/**
 * PLACEHOLDER until the cashier service lands (issue 4): every cashier call answers 503 so the
 * contract's table stays complete. Replaced by the real handlers.
 */
export function cashierHandlers(): HandlerMap<typeof cashierEndpoints> {
  const unavailable = async (): Promise<never> => {
    throw new AppError('SERVICE_UNAVAILABLE');
  };
  return {
    depositChannels: unavailable,
    createDeposit: unavailable,
    deposits: unavailable,
    bankCards: unavailable,
    addBankCard: unavailable,
    removeBankCard: unavailable,
    withdrawInfo: unavailable,
    withdraw: unavailable,
    withdrawals: unavailable,
    c2cConfirm: unavailable,
    c2cProof: unavailable,
  };
}
