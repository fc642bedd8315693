import { cacheNames, OFFLINE_URL, PRECACHE_URLS, routeOf } from './routing';

/**
 * The site's service worker (issue 9 PWA), built to /sw.js (vite.config.ts). The build writes the
 * release's version in place of the placeholder, so each release is a new worker with its own
 * caches; it deletes the old ones when it takes over.
 */
// The worker's own globals, typed here (the webworker lib cannot join this project's DOM lib).
interface SwEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends SwEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface SwScope {
  addEventListener(type: 'install' | 'activate', listener: (event: SwEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}
declare const self: SwScope;
const VERSION = '__SW_VERSION__';
const CACHES = cacheNames(VERSION);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHES.shell)
      .then((cache) =>
        cache.addAll(
          PRECACHE_URLS.map((u) => new Request(new URL(u, self.location.href), { cache: 'reload' })),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const keep = new Set(Object.values(CACHES));
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => !keep.has(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request: Request, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  // Only whole same-origin answers are kept (never an error, a redirect or a partial).
  if (response.status === 200 && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (err) {
    const offline = await caches.match(new URL(OFFLINE_URL, self.location.href).href, {
      cacheName: CACHES.shell,
    });
    if (offline) return offline;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin);
  if (route === 'network') return;
  if (route === 'navigate') event.respondWith(pageOrOffline(event.request));
  else if (route === 'static') event.respondWith(cacheFirst(event.request, CACHES.static));
  else event.respondWith(cacheFirst(event.request, CACHES.shell));
});
