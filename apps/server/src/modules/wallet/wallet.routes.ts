import type { Endpoints, walletEndpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';

type WalletIds = keyof typeof walletEndpoints;

/** Thin handlers of the wallet endpoints (issue 4). Placeholder until the wallet service lands. */
export function walletHandlers(): Pick<HandlerMap<Endpoints>, WalletIds> {
  const later = () => Promise.reject(new AppError('SERVICE_UNAVAILABLE'));
  return {
    balance: later,
    merchantWallet: later,
    walletTransfer: later,
    walletCollect: later,
    consolidatedFunds: later,
    uplineInfo: later,
    transferUpline: later,
  };
}
