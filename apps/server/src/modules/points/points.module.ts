import type { pointsEndpoints } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { DomainModule, ModuleDeps, RouteConfig } from '../../lib/module.ts';
import { requireMember, requireRealAccount } from '../session/session.plugin.ts';
import { startAccrualJob } from './accrual.ts';
import { pointsImageRoutes } from './points.images.ts';
import { createPointsService, type CallContext, type PointsService } from './points.service.ts';

type PointsIds = keyof typeof pointsEndpoints;

function context(req: FastifyRequest): CallContext {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : undefined };
}

/** A refused body names its precise problem (the first matching field, in this order). */
const FIELD_MESSAGES: [field: string, message: string][] = [
  ['goodsId', 'points.errors.unknown_goods'],
  ['id', 'points.errors.unknown_goods'],
  ['quantity', 'points.errors.quantity'],
  ['points', 'points.errors.points_invalid'],
  ['address', 'points.errors.address_too_long'],
  ['paymentPassword', 'money.errors.payment_password_required'],
  ['key', 'money.errors.idempotency_key'],
];
function validationMessage(fields: Record<string, string>): string | undefined {
  return FIELD_MESSAGES.find(([f]) => f in fields)?.[1];
}

export interface PointsModule extends DomainModule<typeof pointsEndpoints> {
  service: PointsService;
}

/** Points (issue 9): the handlers of the contract's `pointsEndpoints`, the accrual job, the goods' images. */
export function createPointsModule(deps: ModuleDeps): PointsModule {
  const service = createPointsService({
    db: deps.db,
    money: deps.money,
    now: deps.now,
    passwordLimits: deps.passwordLimits,
    log: deps.log,
    merchantId: async () => (await deps.system.merchant()).id,
  });
  const money: RouteConfig = { validationMessage };
  return {
    service,
    handlers: {
      pointsConfig: () => service.config(),
      pointsBalance: ({ req }) => service.balance(requireMember(req)),
      pointsRewards: ({ req, input }) => service.rewards(req.member ?? null, input),
      pointsRewardDetail: ({ req, input }) => service.rewardDetail(req.member ?? null, input.id),
      pointsRedeem: ({ req, input }) => service.redeem(requireRealAccount(req), input, context(req)),
      pointsRedeemList: ({ req, input }) => service.redeemList(requireMember(req), input),
      pointsConvert: ({ req, input }) => service.convert(requireRealAccount(req), input, context(req)),
      pointsTransactions: ({ req, input }) => service.transactions(requireMember(req), input),
    },
    routeConfigs: {
      pointsRedeem: money,
      pointsConvert: money,
      pointsRewardDetail: money,
    } satisfies Partial<Record<PointsIds, RouteConfig>>,
    start: () => startAccrualJob({ db: deps.db, now: deps.now }, deps.log),
    routes: (app) => pointsImageRoutes(app, { db: deps.db }),
  };
}
