import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cspHeader } from './security.ts';

export interface StaticGamesOptions {
  /** The built game studio (apps/games/dist); absent or without index.html: /studio/ says it is not built. */
  root: string | undefined;
}

/** Where the studio lives (DESIGN §4): the launch answers /studio/?ticket=…&lang=…; its calls are /studio/api/*. */
export const STUDIO_PREFIX = '/studio';

/**
 * Serves the demo game studio (apps/games) under /studio/, the page the site's game frame opens.
 * The page document carries the site's strict CSP without a style nonce (the studio injects no
 * <style>: its CSS is a file) and frame-ancestors 'self', so only our own site may frame it;
 * hashed files under /studio/assets are cached for a year, the page itself never. Files are
 * listed once at start (no wildcard): an unknown /studio/… path, /studio/api/… included, falls
 * through to the app's not-found handler (the 404 envelope; static-web keeps /studio out of the
 * web client's history fallback). Encapsulated, so its static instance does not clash with the
 * web client's.
 */
export default async function staticGames(app: FastifyInstance, opts: StaticGamesOptions): Promise<void> {
  const root = opts.root;
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  // The studio's address without the slash → with it, query kept (the page's files are relative to /studio/).
  app.get(STUDIO_PREFIX, { schema: { hide: true } }, (req, reply) => {
    const query = req.url.slice(STUDIO_PREFIX.length);
    return reply.redirect(`${STUDIO_PREFIX}/${query}`, 301);
  });

  if (!root || !indexFile || !existsSync(indexFile)) {
    const text = `The game studio is not built: no index.html in ${root ?? '(GAMES_DIST not set)'}. Run "npm run build" (the site and the API are up).\n`;
    const notBuilt = (reply: FastifyReply) =>
      reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
    app.get(`${STUDIO_PREFIX}/`, { schema: { hide: true } }, (_req, reply) => notBuilt(reply));
    app.get(`${STUDIO_PREFIX}/assets/*`, { schema: { hide: true } }, (_req, reply) => notBuilt(reply));
    return;
  }

  const indexHtml = readFileSync(indexFile, 'utf8');
  app.get(`${STUDIO_PREFIX}/`, { schema: { hide: true } }, (_req, reply) =>
    reply
      .code(200)
      .header('content-security-policy', cspHeader())
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml),
  );

  await app.register(fastifyStatic, {
    root,
    prefix: `${STUDIO_PREFIX}/`,
    decorateReply: false,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      const rel = path.relative(root, filePath).split(path.sep).join('/');
      if (rel.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (rel.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}
