import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_MESSAGE_KEYS } from '@app/contracts';
import { isApiPath } from './errors.ts';
import { cspHeader, type CspExtra } from './security.ts';

export interface StaticWebOptions {
  /** The built client (apps/web/dist). */
  root: string;
  /** False when the client is not built: the API still runs and pages say so. */
  exists: boolean;
  cspExtra?: CspExtra;
}

/** Other paths that are the server's own and never the client's pages. */
const SERVER_PATHS = ['/docs', '/openapi.json', '/health', '/studio'];

/** A browser navigation to a client page (spec §2 routes, history mode). */
function isPageNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?', 1)[0] ?? '';
  if (isApiPath(path) || SERVER_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  if (path.startsWith('/assets/')) return false;
  // A missing file (/x.js, /y.png) is a 404, not the app; /register.html is a page (spec §2).
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.') && !last.endsWith('.html')) return false;
  const accept = req.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Page groups whose first load the build lists in preload.json (their route chunk, its imports and
 * the default language's texts of the group) and the addresses they answer: their document names
 * those files, so the browser fetches them beside the entry instead of after it has run.
 */
const PRELOAD_GROUPS: Record<string, RegExp> = { egame: /^\/(?:rng|pvp|fish|live)\/?$/ };

function readPreloads(root: string): Map<RegExp, string> {
  const file = path.join(root, 'preload.json');
  const out = new Map<RegExp, string>();
  if (!existsSync(file)) return out;
  let list: Record<string, unknown>;
  try {
    list = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return out;
  }
  for (const [group, route] of Object.entries(PRELOAD_GROUPS)) {
    const files = list[group];
    if (!Array.isArray(files)) continue;
    const tags = files
      .filter((f): f is string => typeof f === 'string' && /^\/assets\/[\w.-]+\.(?:js|css)$/.test(f))
      .map((f) =>
        f.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="${f}">`
          : `<link rel="modulepreload" crossorigin href="${f}">`,
      );
    if (tags.length) out.set(route, tags.map((t) => `    ${t}\n`).join(''));
  }
  return out;
}

function notFoundEnvelope(reply: FastifyReply) {
  return reply.code(404).send({ success: false, code: 'NOT_FOUND', message: ERROR_MESSAGE_KEYS.NOT_FOUND });
}

/**
 * Serves the built client on the API's origin: hashed files under /assets cached for a year,
 * index.html never cached, pre-compressed .br/.gz when the build wrote them, and every page
 * navigation (/index, /lottery, /register.html …) answered with index.html so reloads work.
 * It owns the app's not-found handler: API paths and non-page requests get the 404 envelope.
 */
async function staticWeb(app: FastifyInstance, opts: StaticWebOptions): Promise<void> {
  if (!opts.exists) {
    const text = `The web client is not built: no index.html in ${opts.root}. Run "npm run build" (the API is up).\n`;
    app.get('/', { schema: { hide: true } }, (_req, reply) =>
      reply.code(404).type('text/plain; charset=utf-8').send(text),
    );
    app.setNotFoundHandler((req, reply) =>
      isPageNavigation(req)
        ? reply.code(404).type('text/plain; charset=utf-8').send(text)
        : notFoundEnvelope(reply),
    );
    return;
  }

  // The page document carries a fresh style nonce each time (see cspHeader), so it is answered
  // here rather than as a static file; it is small and read once.
  const indexHtml = readFileSync(path.join(opts.root, 'index.html'), 'utf8');
  const preloads = readPreloads(opts.root);
  const sendPage = (reply: FastifyReply, url = '/') => {
    const nonce = randomBytes(16).toString('base64');
    const pathname = url.split('?', 1)[0] ?? '/';
    let page = indexHtml.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`);
    for (const [route, tags] of preloads) {
      if (route.test(pathname)) page = page.replace('</head>', `${tags}  </head>`);
    }
    return reply
      .code(200)
      .header('content-security-policy', cspHeader(nonce, opts.cspExtra))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page);
  };
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendPage(reply));

  await app.register(fastifyStatic, {
    root: opts.root,
    index: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      const rel = path.relative(opts.root, filePath).split(path.sep).join('/');
      if (rel.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (rel.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    if (isPageNavigation(req)) return sendPage(reply, req.url);
    return notFoundEnvelope(reply);
  });
}

export default fp(staticWeb, { name: 'static-web' });
