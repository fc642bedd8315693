import type { cashierEndpoints, Endpoints } from '@app/contracts';
import { PROOF_MAX_COUNT } from '@app/contracts';
import type { FastifyContextConfig, FastifyRequest, RouteOptions } from 'fastify';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember, requireRealAccount } from '../session/session.plugin.ts';
import type { CashierService } from './cashier.service.ts';

type CashierIds = keyof typeof cashierEndpoints;

const ctxOf = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

/** Thin handlers of the cashier endpoints (issue 4; CONVENTIONS habit 3). */
export function cashierHandlers(cashier: CashierService): Pick<HandlerMap<Endpoints>, CashierIds> {
  return {
    depositChannels: ({ req }) => cashier.channels(requireMember(req)),
    createDeposit: ({ req, input }) => cashier.createDeposit(requireRealAccount(req), input),
    deposits: ({ req, input }) => cashier.deposits(requireMember(req), input),
    bankCards: ({ req }) => cashier.bankCards(requireMember(req)),
    addBankCard: ({ req, input }) => cashier.addBankCard(requireRealAccount(req), input),
    removeBankCard: ({ req, input }) => cashier.removeBankCard(requireMember(req), input.id),
    withdrawInfo: ({ req }) => cashier.withdrawInfo(requireMember(req)),
    withdraw: ({ req, input }) => cashier.withdraw(requireRealAccount(req), input, ctxOf(req)),
    withdrawals: ({ req, input }) => cashier.withdrawals(requireMember(req), input),
    c2cConfirm: ({ req, input }) => cashier.c2cConfirm(requireRealAccount(req), input),
    c2cProof: ({ req, input }) => cashier.c2cProof(requireRealAccount(req), input),
  };
}

/** A refused cashier body names its precise problem (the first matching field, in this order). */
const FIELD_MESSAGES: [test: (field: string, key: string) => boolean, message: string][] = [
  [(f) => f === 'amount' || f === 'amountReceived', 'money.errors.amount_invalid'],
  [(f) => f === 'paymentPassword', 'money.errors.payment_password_required'],
  [(f) => f === 'key', 'money.errors.idempotency_key'],
  [(f) => f === 'bankName', 'cashier.errors.bank_name'],
  [(f) => f === 'accountName', 'cashier.errors.account_name'],
  [(f) => f === 'accountNumber', 'cashier.errors.account_number'],
  [(f, k) => f === 'images' && k === 'errors.too_long', 'cashier.errors.too_many_images'],
  [(f, k) => /^images\.\d+\.data$/.test(f) && k === 'errors.too_long', 'cashier.errors.image_too_large'],
  [(f) => /^images\.\d+\.type$/.test(f), 'cashier.errors.image_type'],
];
function cashierValidationMessage(fields: Record<string, string>): string | undefined {
  for (const [test, message] of FIELD_MESSAGES)
    if (Object.entries(fields).some(([f, k]) => test(f, k))) return message;
  return undefined;
}

type RouteConfig = Omit<FastifyContextConfig, 'endpointId' | 'auth'>;
const validated: RouteConfig = { validationMessage: cashierValidationMessage };
export const cashierRouteConfigs: Partial<Record<CashierIds, RouteConfig>> = {
  createDeposit: validated,
  addBankCard: validated,
  withdraw: validated,
  c2cConfirm: validated,
  c2cProof: validated,
};

/**
 * The proof upload carries up to three base64 images of up to 5 MB (about 6.7 MB each as base64);
 * the app's default body limit is 64 KiB. One image more than allowed still fits, so that case is
 * answered with cashier.errors.too_many_images rather than a bare 413.
 */
export const PROOF_BODY_LIMIT = (PROOF_MAX_COUNT + 1) * 7_100_000 + 64 * 1024;
export function cashierOnRoute(route: RouteOptions): void {
  if (route.config && (route.config as FastifyContextConfig).endpointId === 'c2cProof')
    route.bodyLimit = PROOF_BODY_LIMIT;
}
