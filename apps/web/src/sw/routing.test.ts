import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheNames, OFFLINE_URL, PRECACHE_URLS, routeOf, type SwRoute } from './routing';

const ORIGIN = 'https://site.example';
const get = (path: string, mode = 'no-cors') => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });

describe('routeOf: what the service worker answers (issue 9 PWA)', () => {
  it.each<[string, { url: string; method: string; mode: string }, SwRoute]>([
    // Hashed build files: cache-first.
    ['the entry', get('/assets/main-AbC123.js', 'cors'), 'static'],
    ['a page group', get('/assets/lottery-x1y2z3.js', 'cors'), 'static'],
    ['a stylesheet', get('/assets/index-9f8e7d.css'), 'static'],
    // The shell.
    ['the offline page', get('/offline.html'), 'shell'],
    ['an icon', get('/icons/icon-192.png'), 'shell'],
    ['the manifest', get('/manifest.webmanifest', 'cors'), 'shell'],
    // Page documents: the network, the offline page only on failure; never stored.
    ['a page', get('/index', 'navigate'), 'navigate'],
    ['a server-rendered lobby', get('/rng', 'navigate'), 'navigate'],
    ['a page with a query', get('/down?platform=ios', 'navigate'), 'navigate'],
    // Never touched: every API (money, sessions, records), the games, the server's own pages.
    ['the balance', get('/wps/wallet/balance', 'cors'), 'network'],
    ['feedback', { url: `${ORIGIN}/wps/feedback`, method: 'POST', mode: 'cors' }, 'network'],
    ['the live stream', get('/wps/events', 'cors'), 'network'],
    ['a lottery call', get('/lotto/api/x', 'cors'), 'network'],
    ['a login gateway call', get('/lgw/x', 'cors'), 'network'],
    ['the vendor protocol', get('/vendor/v1/balance', 'cors'), 'network'],
    ['an ops call', get('/ops/x', 'cors'), 'network'],
    ['the dev outbox page', get('/dev/outbox', 'navigate'), 'network'],
    ['a game frame page', get('/studio/?ticket=abc', 'navigate'), 'network'],
    ['a studio api call', get('/studio/api/session?ticket=abc', 'cors'), 'network'],
    ['a generated thumbnail', get('/img/games/12.svg'), 'network'],
    ['the API docs', get('/docs', 'navigate'), 'network'],
    ['the social callback', get('/social/callback?code=x', 'navigate'), 'network'],
    ['the worker itself', get('/sw.js'), 'network'],
    [
      'another origin',
      { url: 'https://cdn.example/assets/main-1.js', method: 'GET', mode: 'cors' },
      'network',
    ],
    ['an asset with a query', get('/assets/main-1.js?v=2'), 'network'],
    ['a non-GET asset', { url: `${ORIGIN}/assets/main-1.js`, method: 'POST', mode: 'cors' }, 'network'],
    ['a path that only starts like an API', get('/wpsx/file.js'), 'network'],
  ])('%s → %s', (_name, req, route) => {
    expect(routeOf(req, ORIGIN)).toBe(route);
  });

  it('precaches the offline page and names each release’s caches by its version', () => {
    expect(PRECACHE_URLS).toContain(OFFLINE_URL);
    expect(cacheNames('v1')).toEqual({ shell: 'shell-v1', static: 'static-v1' });
  });
});

// ───────────── the worker itself, on fake caches and network ─────────────

type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const stores = new Map<string, Map<string, Response>>();
const fakeCaches = {
  open: async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (r: Request | string) => (typeof r === 'string' ? new URL(r, ORIGIN).href : r.url);
    return {
      match: async (r: Request | string) => store.get(key(r))?.clone(),
      put: async (r: Request | string, res: Response) => void store.set(key(r), res),
      addAll: async (list: (Request | string)[]) => {
        for (const r of list) store.set(key(r), new Response(`precached ${key(r)}`, { status: 200 }));
      },
    };
  },
  match: async (url: string, o?: { cacheName?: string }) =>
    stores
      .get(o?.cacheName ?? '')
      ?.get(new URL(url, ORIGIN).href)
      ?.clone(),
  keys: async () => [...stores.keys()],
  delete: async (name: string) => stores.delete(name),
};
let online = true;
const fetched: string[] = [];
const fakeFetch = vi.fn(async (r: Request) => {
  fetched.push(r.url);
  if (!online) throw new TypeError('Failed to fetch');
  // A same-origin answer ('basic'), as the browser gives the worker.
  const res = new Response(`network ${r.url}`, { status: 200 });
  Object.defineProperty(res, 'type', { value: 'basic' });
  return res;
});

async function dispatch(type: string, request?: Request) {
  let answer: Promise<Response> | undefined;
  const waits: Promise<unknown>[] = [];
  listeners.get(type)?.({
    request,
    respondWith: (p: Promise<Response>) => (answer = p),
    waitUntil: (p: Promise<unknown>) => waits.push(p),
  });
  await Promise.all(waits);
  return answer;
}
const req = (path: string, init: RequestInit = {}, mode?: string) => {
  const r = new Request(`${ORIGIN}${path}`, init);
  if (mode) Object.defineProperty(r, 'mode', { value: mode });
  return r;
};
const cached = () => [...stores.values()].flatMap((s) => [...s.keys()]);

describe('the worker (sw.ts)', () => {
  // The worker's globals (the test setup unstubs globals after each test).
  const stubWorkerGlobals = () => {
    vi.stubGlobal('self', {
      addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
      skipWaiting: async () => undefined,
      clients: { claim: async () => undefined },
      location: new URL(`${ORIGIN}/sw.js`),
    });
    vi.stubGlobal('caches', fakeCaches);
    vi.stubGlobal('fetch', fakeFetch);
  };
  beforeEach(stubWorkerGlobals);
  beforeAll(async () => {
    stores.set('static-old-release', new Map([[`${ORIGIN}/assets/old-1.js`, new Response('old')]]));
    stubWorkerGlobals();
    await import('./sw');
    await dispatch('install');
    await dispatch('activate');
  });
  afterAll(() => vi.unstubAllGlobals());

  it('precaches the shell on install and drops an older release’s caches on activate', () => {
    expect(stores.has('static-old-release')).toBe(false);
    expect(cached()).toEqual(expect.arrayContaining(PRECACHE_URLS.map((u) => `${ORIGIN}${u}`)));
  });

  it('serves a hashed file from the network once, then from its cache', async () => {
    const first = await dispatch('fetch', req('/assets/main-abc.js'));
    expect(await first?.text()).toBe(`network ${ORIGIN}/assets/main-abc.js`);
    fetched.length = 0;
    const again = await dispatch('fetch', req('/assets/main-abc.js'));
    expect(await again?.text()).toBe(`network ${ORIGIN}/assets/main-abc.js`);
    expect(fetched).toEqual([]);
  });

  it('leaves API calls to the network, untouched and never stored, online or offline', async () => {
    for (const path of ['/wps/wallet/balance', '/wps/system/status', '/lotto/x', '/vendor/v1/debit']) {
      expect(await dispatch('fetch', req(path))).toBeUndefined();
      expect(await dispatch('fetch', req(path, { method: 'POST', body: '{}' }))).toBeUndefined();
    }
    expect(cached().filter((u) => /\/(wps|lotto|vendor)\//.test(u))).toEqual([]);
  });

  it('sends a page to the network without storing it, and the offline page when the network fails', async () => {
    const page = await dispatch('fetch', req('/rng', {}, 'navigate'));
    expect(await page?.text()).toBe(`network ${ORIGIN}/rng`);
    expect(cached()).not.toContain(`${ORIGIN}/rng`);
    online = false;
    try {
      const offline = await dispatch('fetch', req('/blog', {}, 'navigate'));
      expect(await offline?.text()).toBe(`precached ${ORIGIN}${OFFLINE_URL}`);
    } finally {
      online = true;
    }
  });
});
