import type { securityEndpoints } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { RequestInfo, SecurityService } from './security.service.ts';

type CentreEndpoints = Omit<
  typeof securityEndpoints,
  'socialProviders' | 'socialStart' | 'socialComplete' | 'telegramLogin'
>;

/** The security centre (issue 3): every call acts on the signed-in member only. */
export function securityCentreHandlers(security: SecurityService): HandlerMap<CentreEndpoints> {
  const me = (req: FastifyRequest) => Number(requireMember(req).id);
  const info = (req: FastifyRequest): RequestInfo => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });
  return {
    profile: async ({ req }) => security.profile(me(req)),
    updateProfile: async ({ input, req }) => security.updateProfile(me(req), input),
    setPaymentPassword: async ({ input, req }) => security.setPaymentPassword(me(req), input, info(req)),
    bindMobileSend: async ({ input, req }) =>
      security.bindMobileSend(me(req), input.mobileNum, input.countryDialingCode),
    bindMobile: async ({ input, req }) =>
      security.bindMobile(me(req), input.mobileNum, input.countryDialingCode, input.code),
    bindEmailSend: async ({ input, req }) => security.bindEmailSend(me(req), input.email),
    bindEmail: async ({ input, req }) => security.bindEmail(me(req), input.email, input.code),
    totpSetup: async ({ req }) => security.totpSetup(me(req)),
    totpEnable: async ({ input, req }) => security.totpEnable(me(req), input.code, info(req)),
    totpDisable: async ({ input, req }) => security.totpDisable(me(req), input.code, info(req)),
    loginHistory: async ({ input, req }) => security.loginHistory(me(req), input.page, input.size),
  };
}
