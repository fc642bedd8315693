import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { isApiPath, routePath } from './errors.ts';

/**
 * The site's Content-Security-Policy: no inline script anywhere (issue 2 §5). The swagger-ui
 * routes set their own policy (plugins/openapi.ts); every other answer carries this one.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // Issue 9 PWA: the service worker (/sw.js) and the web app manifest, from this origin only.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Not forced: the one-machine setup serves plain http://localhost.
  upgradeInsecureRequests: null,
};

/**
 * The policy as a header value, with a per-response nonce on style-src for the page document:
 * the dialog library's scroll lock injects one <style> element and passes this nonce (read by the
 * client from <meta name="csp-nonce">). Scripts stay 'self' only: no inline script, ever.
 */
export function cspHeader(styleNonce?: string, extra: CspExtra = {}): string {
  const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return Object.entries(withExtra(extra))
    .filter((e): e is [string, string[]] => Array.isArray(e[1]))
    .map(([k, v]) => {
      const values = k === 'styleSrc' && styleNonce ? [...v, `'nonce-${styleNonce}'`] : v;
      return `${kebab(k)} ${values.join(' ')}`;
    })
    .join(';');
}

/** Third-party origins the operator's configuration needs, added to their directives only. */
export type CspExtra = Partial<Record<'scriptSrc' | 'frameSrc', string[]>>;

/**
 * Telegram's login widget (spec §1 social logins) is a script from telegram.org that frames
 * oauth.telegram.org; it is allowed only when a Telegram bot is configured.
 */
export function cspExtraFor(
  social: { telegram: { botToken?: string | undefined; botName?: string | undefined } } | undefined,
): CspExtra {
  return social?.telegram.botToken && social.telegram.botName
    ? { scriptSrc: ['https://telegram.org'], frameSrc: ['https://oauth.telegram.org'] }
    : {};
}

function withExtra(extra: CspExtra): typeof CSP_DIRECTIVES {
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...(extra.scriptSrc ?? [])],
    frameSrc: [...CSP_DIRECTIVES.frameSrc, ...(extra.frameSrc ?? [])],
  };
}

export interface SecurityOptions {
  /** Requests per minute per client address, every API route. */
  globalPerMinute: number;
  cspExtra?: CspExtra;
}

/** What helmet's middleware does to a response: headers set and headers removed, in order. */
export type HeaderOps = readonly (readonly [name: string, value: string | null])[];

/**
 * helmet's headers computed once: its middleware run against a recording response at startup.
 * @fastify/helmet rebuilt the whole middleware (options parsed, every CSP directive normalised and
 * joined) on every request, ~7% of the server's CPU for a small API call (issue 11, bench:api
 * profile); the headers depend on the options only (no per-request nonce: the page document sets
 * its own policy with a style nonce, plugins/static-web.ts), so the answers carry the same headers.
 */
export function helmetHeaders(options: HelmetOptions): HeaderOps {
  const ops: [string, string | null][] = [];
  const res = {
    setHeader: (name: string, value: unknown) => void ops.push([name, String(value)]),
    removeHeader: (name: string) => void ops.push([name, null]),
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return ops;
}

export const helmetOptions = (cspExtra: CspExtra = {}): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: withExtra(cspExtra) },
  // The game frame (DESIGN §4) embeds same-origin game pages; cross-origin isolation would
  // break third-party vendors' frames later.
  crossOriginEmbedderPolicy: false,
});

async function security(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const headers = helmetHeaders(helmetOptions(opts.cspExtra));
  // Every answer, as @fastify/helmet's global mode did (routes set their own policy over it).
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) {
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    done();
  });
  // Keyed by req.ip: the socket address unless the peer is a TRUST_PROXY address.
  await app.register(rateLimit, {
    global: true,
    max: opts.globalPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    // The client's files are not limited: one page load fetches dozens of chunks, and players
    // behind one carrier NAT share an address; a refused chunk would leave a blank page.
    // By the route reached, not the raw target (request-target.test.ts).
    allowList: (req) => !isApiPath(routePath(req)),
  });
}

export default fp(security, { name: 'security' });
