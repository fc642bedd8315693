import type { Endpoints, sessionEndpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import type { AccountService } from '../members/account.service.ts';
import type { LoginService } from './login.service.ts';
import type { PayloadService } from './payload.service.ts';
import { requireMember } from './session.plugin.ts';

export interface SessionRouteDeps {
  payloads: PayloadService;
  login: LoginService;
  accounts: AccountService;
}

/** Thin handlers of the issue 3 session and member calls (CONVENTIONS habit 3). */
export function sessionHandlers({
  payloads,
  login,
  accounts,
}: SessionRouteDeps): HandlerMap<typeof sessionEndpoints> & Pick<HandlerMap<Endpoints>, 'updateLanguage'> {
  return {
    payloadKey: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return payloads.issue();
    },
    login: ({ req, reply, payload }) => login.login(req, reply, payload),
    freePlayLogin: ({ req, reply }) => login.freePlay(req, reply),
    loginVerifySend: ({ input }) => login.verifySend(input.challengeId, input.method),
    loginVerify: ({ req, reply, input }) => login.verify(req, reply, input),
    logout: ({ req, reply }) => login.logout(req, reply, requireMember(req).sessionId),
    smsNoLogin: ({ input }) => login.smsNoLogin(input),
    smsRegister: ({ input }) => accounts.smsRegister(input),
    register: ({ req, payload }) => accounts.register(req, 'username', payload),
    registerMobile: ({ req, payload }) => accounts.register(req, 'mobile', payload),
    changePassword: ({ req, payload }) => accounts.changePassword(req, requireMember(req), payload),
    forgotPasswordEmail: ({ input }) => accounts.forgotPasswordEmail(input),
    resetPasswordEmail: ({ input }) => accounts.resetPasswordEmail(input),
    forgotPasswordPhone: ({ input }) => accounts.forgotPasswordPhone(input),
    affiliate: ({ input }) => accounts.affiliate(input.code),
    rememberedLogin: ({ req }) => login.remembered(req),
    memberInfo: ({ req }) => accounts.memberInfo(requireMember(req)),
    memberIcon: ({ req }) => accounts.avatar(requireMember(req)),
    playerAvatar: ({ req }) => accounts.avatar(requireMember(req)),
    firstLogin: ({ req }) => accounts.firstLogin(requireMember(req)),
    updateLanguage: ({ req, input }) => accounts.updateLanguage(req.member, input.language),
  };
}

/**
 * Spec §8 phone-auth keys for a number that fails the contract schema: missing or invalid.
 */
export function phoneNumberMessage(field: string) {
  return (fields: Record<string, string>): string | undefined => {
    const f = fields[field];
    if (!f) return undefined;
    return f === 'errors.invalid_type'
      ? 'phone_auth.missing_phone_number'
      : 'phone_auth.invalid_phone_number';
  };
}
