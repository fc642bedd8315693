import type { Endpoints, walletEndpoints } from '@app/contracts';
import type { FastifyContextConfig } from 'fastify';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember, requireRealAccount } from '../session/session.plugin.ts';
import * as repo from './wallet.repository.ts';
import type { WalletService } from './wallet.service.ts';

type WalletIds = keyof typeof walletEndpoints;

/** Thin handlers of the wallet endpoints (issue 4; CONVENTIONS habit 3). */
export function walletHandlers(wallet: WalletService): Pick<HandlerMap<Endpoints>, WalletIds> {
  return {
    balance: ({ req }) => wallet.balance(requireMember(req), req.sessionRead),
    merchantWallet: ({ req }) => wallet.merchantWallet(requireMember(req)),
    consolidatedFunds: ({ req }) => wallet.consolidated(requireMember(req)),
    walletTransfer: ({ req, input }) => wallet.transfer(requireRealAccount(req), input),
    walletCollect: ({ req, input }) => wallet.collect(requireRealAccount(req), input.key),
    uplineInfo: ({ req }) => wallet.uplineInfo(requireMember(req)),
    transferUpline: ({ req, input }) =>
      wallet.transferUpline(requireRealAccount(req), input, {
        ip: req.ip,
        userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
      }),
  };
}

/** A refused money body names its precise problem (the first one, in this order). */
const FIELD_MESSAGES: [field: string, message: string][] = [
  ['amount', 'money.errors.amount_invalid'],
  ['from', 'money.errors.unknown_wallet'],
  ['to', 'money.errors.unknown_wallet'],
  ['paymentPassword', 'money.errors.payment_password_required'],
  ['key', 'money.errors.idempotency_key'],
];
function moneyValidationMessage(fields: Record<string, string>): string | undefined {
  return FIELD_MESSAGES.find(([f]) => f in fields)?.[1];
}

type RouteConfig = Omit<FastifyContextConfig, 'endpointId' | 'auth'>;
export const walletRouteConfigs: Partial<Record<WalletIds, RouteConfig>> = {
  // Issue 11: the balance is read in the session's statement (one round trip per call).
  balance: { sessionRead: repo.MEMBER_WALLETS_READ },
  walletTransfer: { validationMessage: moneyValidationMessage },
  walletCollect: { validationMessage: moneyValidationMessage },
  transferUpline: { validationMessage: moneyValidationMessage },
};
