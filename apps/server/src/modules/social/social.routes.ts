import type { securityEndpoints } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/cookies.ts';
import type { HandlerMap } from '../../lib/route.ts';
import { OAUTH_STATE_TTL_SECONDS, type RequestInfo, type SocialService } from './social.service.ts';

type SocialEndpoints = Pick<
  typeof securityEndpoints,
  'socialProviders' | 'socialStart' | 'socialComplete' | 'telegramLogin'
>;

/**
 * The state of an OpenID Connect login in progress, bound to the browser that started it.
 * SameSite=Lax: the provider's redirect to /social/callback is a cross-site top-level navigation.
 * Scoped to the social calls' path, so no other request carries it.
 */
export const SOCIAL_STATE_COOKIE = 'social_state';
const COOKIE_PATH = '/wps/session/social';

function stateCookie(req: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return [
    `${SOCIAL_STATE_COOKIE}=${encodeURIComponent(value)}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(req.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
}

const info = (req: FastifyRequest): RequestInfo => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function socialHandlers(social: SocialService): HandlerMap<SocialEndpoints> {
  return {
    socialProviders: async () => social.providers(),

    socialStart: async ({ input, req, reply }) => {
      const { url, state } = await social.start(input.provider);
      reply.header('set-cookie', stateCookie(req, state, OAUTH_STATE_TTL_SECONDS));
      noStore(reply);
      return { url };
    },

    socialComplete: async ({ input, req, reply }) => {
      const cookieState = readCookie(req.headers.cookie, SOCIAL_STATE_COOKIE);
      // One attempt per started login, whatever its outcome.
      reply.header('set-cookie', stateCookie(req, '', 0));
      noStore(reply);
      return social.complete(
        input.provider,
        { code: input.code, state: input.state, cookieState },
        info(req),
      );
    },

    telegramLogin: async ({ input, req, reply }) => {
      noStore(reply);
      return social.telegram(input, info(req));
    },
  };
}
