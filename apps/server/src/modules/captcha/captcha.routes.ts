import type { Endpoints } from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { serializeCookie } from '../../lib/cookies.ts';
import type { HandlerMap } from '../../lib/route.ts';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_SECONDS, issueCaptcha } from './captcha.service.ts';

export function captchaHandlers(db: Db): Pick<HandlerMap<Endpoints>, 'captcha'> {
  return {
    captcha: async ({ req, reply }) => {
      const c = await issueCaptcha(db);
      // The answer is bound to this browser by an HttpOnly cookie, never sent to the page.
      reply.header(
        'set-cookie',
        serializeCookie(CAPTCHA_COOKIE, c.id, {
          maxAgeSeconds: CAPTCHA_TTL_SECONDS,
          secure: req.protocol === 'https',
        }),
      );
      reply.header('cache-control', 'no-store');
      return c.image;
    },
  };
}
