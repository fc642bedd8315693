import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import security, { helmetHeaders, helmetOptions } from './security.ts';

/**
 * The security headers are computed once at startup (helmetHeaders) instead of by @fastify/helmet
 * on every request (issue 11, bench:api): the answers must carry exactly what @fastify/helmet with
 * the same options sent, on a route, on a 404 and beside a route's own policy.
 */
const extra = { scriptSrc: ['https://telegram.org'], frameSrc: ['https://oauth.telegram.org'] };
const routes = (app: FastifyInstance) => {
  app.get('/wps/x', async () => ({ ok: true }));
  app.get('/page', async (_req, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('<p>page</p>'),
  );
};
let ours: FastifyInstance;
let theirs: FastifyInstance;
beforeAll(async () => {
  ours = Fastify();
  await ours.register(security, { globalPerMinute: 1000, cspExtra: extra });
  routes(ours);
  theirs = Fastify();
  // The same options (helmet's ESM and CJS typings differ only in name).
  await theirs.register(fastifyHelmet, helmetOptions(extra) as unknown as FastifyHelmetOptions);
  routes(theirs);
});
afterAll(async () => {
  await ours.close();
  await theirs.close();
});

const headersOf = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ url });
  const h: Record<string, unknown> = { ...res.headers, status: res.statusCode };
  for (const k of ['date', 'content-length', 'connection', 'keep-alive']) delete h[k];
  for (const k of Object.keys(h)) if (k.startsWith('x-ratelimit')) delete h[k];
  return h;
};

describe('security headers', () => {
  it('are those @fastify/helmet sent, on a route, a 404 and beside a route’s own policy', async () => {
    for (const url of ['/wps/x', '/nope', '/page']) {
      expect(await headersOf(ours, url), url).toEqual(await headersOf(theirs, url));
    }
    const h = await headersOf(ours, '/wps/x');
    expect(h['content-security-policy']).toContain("script-src 'self' https://telegram.org");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toBeDefined();
    expect(h['x-powered-by']).toBeUndefined();
    expect((await headersOf(ours, '/page'))['content-security-policy']).toBe("default-src 'none'");
  });

  it('are computed from the options alone (sets and one removal, no per-request value)', () => {
    const ops = helmetHeaders(helmetOptions());
    expect(ops.filter(([, v]) => v === null).map(([n]) => n)).toEqual(['X-Powered-By']);
    expect(ops.map(([n]) => n.toLowerCase())).toContain('content-security-policy');
    expect(helmetHeaders(helmetOptions())).toEqual(ops);
  });
});
