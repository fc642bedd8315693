import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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
  /** The client's server-render module (config `webSsr`); null: pages are rendered by the browser. */
  ssrModule?: string | null;
  cspExtra?: CspExtra;
}

/** What dist-ssr/entry-server.mjs exports (apps/web/src/entry-server.tsx). */
interface SsrModule {
  configure(apiFetch: typeof fetch): void;
  render(
    url: string,
    origin: string,
    options?: { timeoutMs?: number; theme?: 'light' | 'dark' },
  ): Promise<{ html: string; state: unknown } | null>;
}

/**
 * The pages the server renders first (the lobbies and the lottery: issue 5 and 7's Lighthouse
 * figures; the home page and the promotions: issue 11's). Others are rendered by the browser
 * alone, as every page is without the module.
 */
const SSR_PAGES = /^\/(?:index|promotions|rng|pvp|fish|live|lottery)\/?$/;

/** A render that takes longer than this is dropped: the plain document goes out instead. */
const SSR_TIMEOUT_MS = 2_500;

/** The browser's render hints (apps/web/src/lib/render-hints.ts). */
const HINT = { theme: 'ui_theme', lang: 'ui_lang', session: 'ui_session' } as const;
/** The server renders in the default language only (spec: MY). */
const SSR_LANGUAGE = 'MY';

function cookiesOf(req: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      out.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      /* a malformed value is ignored */
    }
  }
  return out;
}

/**
 * Whether this visit gets the server's render: a guest (no session hint) in the default language
 * on one of SSR_PAGES. A signed-in page shows the person's own header and data: the browser renders it.
 */
function ssrWanted(req: FastifyRequest, pathname: string): boolean {
  if (req.method !== 'GET' || !SSR_PAGES.test(pathname)) return false;
  const hints = cookiesOf(req);
  if (hints.get(HINT.session) === '1') return false;
  const lang = hints.get(HINT.lang);
  return lang === undefined || lang === SSR_LANGUAGE;
}

/** Whether a render's state carries the base texts (entry-server.tsx `texts`). */
const hasTexts = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && typeof (state as { texts?: unknown }).texts === 'object';

/** The page's JSON block: `<` escaped so no string in it can close the element. */
function stateBlock(state: unknown): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="ssr-state">${json}</script>`;
}

/**
 * Loads the server-render module and points its API calls at this server, in-process
 * (`app.inject`): the render's calls go through the same routes, guards and rate limits as the
 * browser's, from the visitor's address. A module that fails to load is logged and not used.
 */
async function loadSsr(app: FastifyInstance, file: string): Promise<SsrModule | null> {
  try {
    const mod = (await import(pathToFileURL(file).href)) as SsrModule;
    mod.configure(async (input, init) => {
      const visitor = visitorAddress.getStore() ?? '127.0.0.1';
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((v, k) => {
        headers[k] = v;
      });
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: String(input),
        headers,
        payload: typeof init?.body === 'string' ? init.body : undefined,
        remoteAddress: visitor,
      });
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v]) out.append(k, String(one));
      }
      return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
    });
    return mod;
  } catch (err) {
    app.log.error({ err, file }, 'server render module not loaded: pages are rendered by the browser');
    return null;
  }
}

/** The visitor whose page is being rendered (its API calls come from their address). */
const visitorAddress = new AsyncLocalStorage<string>();

/** The document compressed as the browser accepts (it is sent by hand, not by the static plugin). */
function encodeFor(req: FastifyRequest, page: string): { body: Buffer | string; encoding?: string } {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (page.length < 1024) return { body: page };
  if (/\bbr\b/.test(accept))
    return {
      body: brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (/\bgzip\b/.test(accept)) return { body: gzipSync(page, { level: 6 }), encoding: 'gzip' };
  return { body: page };
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
const PRELOAD_GROUPS: Record<string, RegExp> = {
  egame: /^\/(?:rng|pvp|fish|live)\/?$/,
  lottery: /^\/lottery\/?$/,
  index: /^\/index\/?$/,
  promo: /^\/promotions\/?$/,
};

/**
 * Groups whose list is only for their server-rendered page: the browser's own render of it (a
 * member, another language) fetches its code as before, not the hydration module and MY texts.
 */
const SSR_ONLY_GROUPS = new Set(['index', 'promo']);

interface GroupFiles {
  js: string[];
  css: string[];
  /** Named only in a server-rendered page's document (SSR_ONLY_GROUPS). */
  ssrOnly?: boolean;
}

interface Preloads {
  groups: Map<RegExp, GroupFiles>;
  /** The one script of a server-rendered page (apps/web/src/boot.ts), when the build wrote it. */
  boot: string | null;
  /** The entry and the chunks it imports, a chunk after its imports (the order they run in). */
  entry: string[];
  /**
   * The default language's base texts (a module the document preloads): a server-rendered page
   * carries them in its state, so its list leaves the module out.
   */
  texts: string | null;
}

const ASSET_FILE = /^\/assets\/[\w.-]+\.(?:js|css)$/;

function readPreloads(root: string): Preloads {
  const file = path.join(root, 'preload.json');
  const out = new Map<RegExp, GroupFiles>();
  if (!existsSync(file)) return { groups: out, boot: null, entry: [], texts: null };
  let list: Record<string, unknown>;
  try {
    list = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return { groups: out, boot: null, entry: [], texts: null };
  }
  for (const [group, route] of Object.entries(PRELOAD_GROUPS)) {
    const files = list[group];
    if (!Array.isArray(files)) continue;
    const ok = files.filter((f): f is string => typeof f === 'string' && ASSET_FILE.test(f));
    out.set(route, {
      js: ok.filter((f) => f.endsWith('.js')),
      css: ok.filter((f) => f.endsWith('.css')),
      ssrOnly: SSR_ONLY_GROUPS.has(group),
    });
  }
  const boot = Array.isArray(list.boot) ? list.boot[0] : undefined;
  const texts = Array.isArray(list.texts) ? list.texts[0] : undefined;
  const entry = Array.isArray(list.entry) ? list.entry : [];
  return {
    groups: out,
    boot: typeof boot === 'string' && ASSET_FILE.test(boot) && boot.endsWith('.js') ? boot : null,
    entry: entry.filter((f): f is string => typeof f === 'string' && ASSET_FILE.test(f) && f.endsWith('.js')),
    texts: typeof texts === 'string' && ASSET_FILE.test(texts) && texts.endsWith('.js') ? texts : null,
  };
}

/** The document's module script and module preloads (index.html's head, as Vite writes them). */
const MODULE_TAG =
  /[ \t]*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="(\/assets\/[\w.-]+\.js)">(?:<\/script>)?\n?/g;

/**
 * A server-rendered page starts its app after it has painted (apps/web/src/boot.ts): the entry and
 * every module it will need leave the head for one list that the boot script preloads once the
 * page is on screen. On a slow link the page's own bytes and first images come first; on any link
 * the first paint never waits behind the app's code.
 */
function startAfterPaint(
  page: string,
  extra: string[],
  boot: string,
  entry: string[],
  texts: string | null,
): string {
  const modules: string[] = [];
  const rest = page.replace(MODULE_TAG, (_tag, file: string) => {
    // The base texts come in the page's state (entry-server.tsx): not fetched.
    if (file !== texts) modules.push(file);
    return '';
  });
  // In the order the boot script runs them, one per task: the document's other modules (texts),
  // then the entry after the chunks it imports, then the page's chunks (each after its imports).
  // (An entry list of another build than this document's is left out.)
  const ordered = modules.some((f) => entry.includes(f));
  const first = ordered ? [...modules.filter((f) => !entry.includes(f)), ...entry] : modules;
  const list = [...new Set([...first, ...extra])].join(' ');
  return rest.replace(
    /\s*<\/head>/,
    `\n    <meta name="app-modules" content="${list}" />\n    <script type="module" src="${boot}"></script>\n  </head>`,
  );
}

const preloadTags = (files: GroupFiles) =>
  [
    ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
    ...files.css.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
  ]
    .map((t) => `    ${t}\n`)
    .join('');

/** The document's stylesheet links (index.html's head). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g;

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
  const ssr = opts.ssrModule ? await loadSsr(app, opts.ssrModule) : null;

  /** The server's render of the page, or null (not wanted, not a plain page, failed, too slow). */
  const serverRender = async (req: FastifyRequest, pathname: string, theme: string | undefined) => {
    if (!ssr || !ssrWanted(req, pathname)) return null;
    try {
      return await visitorAddress.run(req.ip, () =>
        ssr.render(req.url, `${req.protocol}://${req.host}`, {
          timeoutMs: SSR_TIMEOUT_MS,
          theme: theme === 'dark' ? 'dark' : 'light',
        }),
      );
    } catch (err) {
      req.log.warn({ err, url: req.url }, 'server render failed: the browser renders the page');
      return null;
    }
  };

  // A server-rendered page carries its styles inline: it paints as soon as it has arrived, with
  // the page's own styles (no unstyled first paint, no wait for the stylesheets).
  const cssCache = new Map<string, string>();
  const cssOf = (href: string): string | null => {
    let css = cssCache.get(href);
    if (css === undefined) {
      const file = path.join(opts.root, href);
      if (!file.startsWith(path.join(opts.root, 'assets')) || !existsSync(file)) return null;
      css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
      cssCache.set(href, css);
    }
    return css;
  };
  const inlineStyles = (page: string, extra: string[], nonce: string) => {
    const inlined = page.replace(STYLESHEET_LINK, (link, href: string) => {
      const css = cssOf(href);
      return css === null ? link : `<style nonce="${nonce}">${css}</style>`;
    });
    const more = extra
      .map((href) => cssOf(href))
      .filter((css): css is string => css !== null)
      .map((css) => `    <style nonce="${nonce}">${css}</style>\n`)
      .join('');
    return inlined.replace('</head>', `${more}  </head>`);
  };

  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    const pathname = req.url.split('?', 1)[0] ?? '/';
    let page = indexHtml.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`);
    // The theme the browser will apply, before any script runs (no light flash for a dark theme).
    const theme = cookiesOf(req).get(HINT.theme);
    if (theme === 'dark' || theme === 'light') page = page.replace('<html ', `<html data-theme="${theme}" `);
    const group = [...preloads.groups].find(([route]) => route.test(pathname))?.[1];
    const rendered = await serverRender(req, pathname, theme);
    if (rendered) {
      // `data-ssr`: the page arrives rendered (the client marks `data-hydrated` once it has taken it over).
      page = inlineStyles(page, group?.css ?? [], nonce).replace('<html ', '<html data-ssr ');
      page = preloads.boot
        ? startAfterPaint(
            page,
            group?.js ?? [],
            preloads.boot,
            preloads.entry,
            hasTexts(rendered.state) ? preloads.texts : null,
          )
        : page.replace('</head>', `${group ? preloadTags({ js: group.js, css: [] }) : ''}  </head>`);
      page = page
        .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`)
        .replace('</body>', `${stateBlock(rendered.state)}\n  </body>`);
    } else if (group && !group.ssrOnly) {
      page = page.replace('</head>', `${preloadTags(group)}  </head>`);
    }
    const { body, encoding } = encodeFor(req, page);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .code(200)
      .header('content-security-policy', cspHeader(nonce, opts.cspExtra))
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8')
      .send(body);
  };
  app.get('/', { schema: { hide: true } }, (req, reply) => sendPage(req, reply));

  await app.register(fastifyStatic, {
    root: opts.root,
    index: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      // A pre-compressed file (x.js.br) is named after its original.
      const rel = path
        .relative(opts.root, filePath)
        .split(path.sep)
        .join('/')
        .replace(/\.(?:br|gz)$/, '');
      if (rel.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      // Issue 9 PWA: the service worker and the manifest are checked on every visit (a new release
      // must reach the browser at once); the manifest with its own content type.
      else if (rel === 'sw.js' || rel === 'manifest.webmanifest') {
        reply.header('cache-control', 'no-cache');
        if (rel === 'manifest.webmanifest')
          reply.header('content-type', 'application/manifest+json; charset=utf-8');
      } else if (rel.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    if (isPageNavigation(req)) return sendPage(req, reply);
    return notFoundEnvelope(reply);
  });
}

export default fp(staticWeb, { name: 'static-web' });
