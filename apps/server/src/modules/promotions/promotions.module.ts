import { PROMO_IMAGE_MAX_COUNT, PROMO_IMAGE_PATH, promoApply, type promotionEndpoints } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainModule, ModuleDeps, RouteConfig } from '../../lib/module.ts';
import { registerEndpoint } from '../../lib/route.ts';
import { requireMember } from '../session/session.plugin.ts';
import {
  createPromotionsService,
  promoError,
  type Caller,
  type PromotionsService,
} from './promotions.service.ts';

const callerOf = (req: FastifyRequest): Caller | null =>
  req.member ? { id: req.member.id, type: req.member.type, merchantId: req.member.merchantId } : null;
const memberOf = (req: FastifyRequest): Caller => {
  const m = requireMember(req);
  return { id: m.id, type: m.type, merchantId: m.merchantId };
};

/** A refused money body names its precise problem, like the wallet's. */
function claimValidationMessage(fields: Record<string, string>): string | undefined {
  if ('key' in fields) return 'money.errors.idempotency_key';
  return undefined;
}

/** A refused application names its precise problem (spec §8 upload messages), the first in this order. */
const APPLY_MESSAGES: [test: (field: string, key: string) => boolean, message: string][] = [
  [(f, k) => f === 'images' && k === 'errors.too_long', 'promotions.errors.too_many_images'],
  [(f, k) => /^images\.\d+\.data$/.test(f) && k === 'errors.too_long', 'promotions.errors.image_too_large'],
  [(f) => /^images\.\d+(\.type)?$/.test(f), 'promotions.errors.image_type'],
  [(f) => f === 'comment', 'promotions.errors.comment_too_long'],
];
export function applyValidationMessage(fields: Record<string, string>): string | undefined {
  for (const [test, message] of APPLY_MESSAGES)
    if (Object.entries(fields).some(([f, k]) => test(f, k))) return message;
  return undefined;
}

/**
 * The application route's body limit: three base64 images of up to 5 MB (about 6.7 MB each as
 * base64) and the rest of the body. One image more still fits, so a 4th image is answered with
 * promotions.errors.too_many_images rather than a bare 413.
 */
export const APPLY_BODY_LIMIT = (PROMO_IMAGE_MAX_COUNT + 1) * 7_100_000 + 64 * 1024;

/** One application image, to its own member only: re-encoded bytes, exact type, never sniffed. */
async function imageRoute(app: FastifyInstance, service: PromotionsService): Promise<void> {
  app.get(PROMO_IMAGE_PATH, { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    const member = memberOf(req);
    const raw = (req.query as Record<string, unknown>).id;
    const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? raw : null;
    const image = id ? await service.image(member, id) : null;
    if (!image) throw promoError('not_found');
    return reply
      .type(image.type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `inline; filename="application-${id}.${image.type === 'image/png' ? 'png' : 'jpg'}"`,
      )
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(image.bytes);
  });
}

/** Promotions (issue 9): the handlers of the contract's `promotionEndpoints`, the application upload. */
export function createPromotionsModule(deps: ModuleDeps): DomainModule<typeof promotionEndpoints> {
  const service = createPromotionsService({
    db: deps.db,
    money: deps.money,
    now: deps.now,
    merchantId: async () => (await deps.system.merchant()).id,
  });
  const claimConfig: RouteConfig = { validationMessage: claimValidationMessage };
  return {
    handlers: {
      promoList: ({ req, input }) => service.list(callerOf(req), input),
      promoDetail: ({ req, input }) => service.detail(callerOf(req), input.id, input.language),
      promoJoin: ({ req, input }) => service.join(memberOf(req), input.id, input.language),
      promoClaim: ({ req, input }) => service.claim(memberOf(req), input, 'bonus'),
      raffleClaim: ({ req, input }) => service.claim(memberOf(req), input, 'raffle'),
      promoClaimHall: ({ req, input }) => service.claimHall(memberOf(req), input.language),
    },
    routeConfigs: { promoClaim: claimConfig, raffleClaim: claimConfig },
    routes: async (app) => {
      // The application carries images: its own body limit, in a scope of its own.
      await app.register(async (scope) => {
        scope.addHook('onRoute', (route) => {
          route.bodyLimit = APPLY_BODY_LIMIT;
        });
        // A body past even that limit is still an image too large (spec §8), not a bare 413.
        scope.setErrorHandler((err: FastifyError) => {
          if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw promoError('image_too_large', 'images');
          throw err;
        });
        registerEndpoint(scope, promoApply, ({ req, input }) => service.apply(memberOf(req), input), {
          validationMessage: applyValidationMessage,
        });
      });
      await imageRoute(app, service);
    },
  };
}
