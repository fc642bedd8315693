/**
 * What the service worker does with one request (issue 9 PWA). Kept apart from the worker so a
 * unit test can check it: the worker answers only the site's shell and its hashed files, and
 * never touches an API answer, money, a game session or a page's per-request document.
 */

/** Paths the worker never answers (the network alone): every API, the games, the server's pages. */
export const NEVER_PREFIXES = [
  '/wps',
  '/lgw',
  '/lotto',
  '/vendor',
  '/ops',
  '/dev',
  '/studio',
  '/img',
  '/docs',
  '/openapi.json',
  '/health',
  '/social',
] as const;

/** The app shell, fetched when the worker installs: the offline page, its styles, the icons. */
export const OFFLINE_URL = '/offline.html';
export const PRECACHE_URLS = [
  OFFLINE_URL,
  '/offline.css',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
] as const;

/**
 * - `shell`: a precached file, from the cache (else the network).
 * - `static`: a hashed build file (/assets/<name>-<hash>.js|css …), cache-first: it never changes.
 * - `navigate`: a page document: always the network, never stored (it may carry per-request state:
 *   a server render, a CSP nonce); the offline page only when the network fails.
 * - `network`: not answered by the worker at all.
 */
export type SwRoute = 'shell' | 'static' | 'navigate' | 'network';

export interface RequestLike {
  url: string;
  method: string;
  mode: string;
}

export function routeOf(req: RequestLike, origin: string): SwRoute {
  if (req.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (NEVER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`)))
    return 'network';
  if (req.mode === 'navigate') return 'navigate';
  if (url.search) return 'network';
  if (/^\/assets\/[\w.-]+\.(?:js|css|woff2?|png|svg|webp|jpg)$/.test(path)) return 'static';
  if ((PRECACHE_URLS as readonly string[]).includes(path)) return 'shell';
  return 'network';
}

/** Cache names of one release: a new release's worker deletes every other. */
export function cacheNames(version: string) {
  return { shell: `shell-${version}`, static: `static-${version}` };
}
