import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.ts';

let dist: string;
let app: FastifyInstance;
let unbuilt: FastifyInstance;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(dist, 'preload.json'),
    JSON.stringify({ egame: ['/assets/egame-x1.js', '/assets/games-x2.css', '../secret.js'] }),
  );
  app = await buildTestApp({ config: { webDist: dist, webDistExists: true } });
  unbuilt = await buildTestApp({ db: app.services.db });
});
afterAll(async () => {
  await unbuilt.close();
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

/**
 * The page document: index.html with a fresh style nonce in <meta name="csp-nonce"> that the
 * response's CSP allows for style-src only (scripts stay 'self').
 */
function expectPage(res: { body: string; headers: Record<string, unknown> }) {
  const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})" \/>/.exec(res.body)?.[1];
  expect(nonce).toBeDefined();
  // A games lobby's document also names its first chunks (preload.json; their own test below).
  const body = res.body
    .replace(/\n\s*<meta name="csp-nonce"[^>]*>/, '')
    .replace(/\s*<link rel="[^"]*"[^>]*>/g, '');
  expect(body.replace(/\s+<\/head>/, '</head>')).toBe(INDEX);
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('unsafe-inline');
  return nonce!;
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the built client on the API origin', () => {
  it('serves index.html at / without caching, under the strict CSP', async () => {
    const res = await app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expectPage(res);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it("names a games lobby's first chunks in its document (preload.json), and only there", async () => {
    const res = await app.inject({ url: '/rng?vassalage=JILI', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/egame-x1.js">');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/games-x2.css">');
    expect(res.body).not.toContain('secret');
    expect(res.body.indexOf('egame-x1')).toBeLessThan(res.body.indexOf('</head>'));
    expectPage(await app.inject({ url: '/index', headers: html }));
    expect((await app.inject({ url: '/rngx', headers: html })).body).not.toContain('egame-x1');
  });

  it('caches hashed assets for a year and serves a pre-compressed variant', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.body).toBe('console.log("app")');
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/index', '/lottery?gameCode=X', '/register.html', '/rng?page=2', '/helpmc'])(
    'answers the page navigation %s with index.html (history mode)',
    async (url) => {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode).toBe(200);
      expectPage(res);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers API paths, missing assets and non-HTML requests with the 404 envelope', async () => {
    for (const [url, headers] of [
      ['/wps/unknown', html],
      ['/assets/missing-1.js', html],
      ['/lottery', { accept: 'application/json' }],
      ['/missing.png', {}],
    ] as const) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('never rate-limits the client’s files, only the API (a page load fetches dozens of chunks)', async () => {
    const limited = await buildTestApp({
      db: app.services.db,
      config: { webDist: dist, webDistExists: true },
      rateLimit: { globalPerMinute: 3 },
    });
    try {
      for (let i = 0; i < 10; i++) {
        expect((await limited.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
        expect((await limited.inject({ url: '/index', headers: html })).statusCode).toBe(200);
      }
      const api = [];
      for (let i = 0; i < 5; i++)
        api.push((await limited.inject({ url: '/wps/system/countries' })).statusCode);
      expect(api).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('gives every page load its own style nonce', async () => {
    const a = expectPage(await app.inject({ url: '/index', headers: html }));
    const b = expectPage(await app.inject({ url: '/index', headers: html }));
    expect(a).not.toBe(b);
  });

  it('treats a request without an Accept header (curl, a link checker) as a page navigation', async () => {
    const res = await app.inject({ url: '/promotions' });
    expect(res.statusCode).toBe(200);
    expectPage(res);
  });

  it('says clearly that the client is not built, while the API runs', async () => {
    const res = await unbuilt.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('The web client is not built');
    expect((await unbuilt.inject({ url: '/index', headers: html })).body).toContain('not built');
    expect((await unbuilt.inject({ url: '/health' })).statusCode).toBe(200);
  });
});

describe('the CSP with a Telegram bot configured', () => {
  it('allows telegram.org scripts and oauth.telegram.org frames only then', async () => {
    const telegram = await buildTestApp({
      db: app.services.db,
      config: {
        webDist: dist,
        webDistExists: true,
        social: {
          publicUrl: 'http://localhost:8080',
          google: { issuer: 'https://accounts.google.com', clientId: undefined, clientSecret: undefined },
          facebook: { issuer: 'https://www.facebook.com', clientId: undefined, clientSecret: undefined },
          telegram: { botToken: '1:abc', botName: 'demo_bot' },
        },
      },
    });
    try {
      for (const res of [
        await telegram.inject({ url: '/index', headers: html }),
        await telegram.inject({ url: '/wps/system/countries' }),
      ]) {
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self' https://telegram.org;");
        expect(csp).toContain("frame-src 'self' https://oauth.telegram.org;");
      }
      const plain = String(
        (await app.inject({ url: '/index', headers: html })).headers['content-security-policy'],
      );
      expect(plain).not.toContain('telegram');
    } finally {
      await telegram.close();
    }
  });
});

describe('pages the server renders first (the client build’s dist-ssr/entry-server.mjs)', () => {
  let ssrDist: string;
  let ssrApp: FastifyInstance;
  const CSS = '.page{color:red}';
  const GROUP_CSS = '.grid{display:grid}';
  const SSR_INDEX = [
    '<!doctype html>',
    '<html lang="my">',
    '  <head>',
    '    <script type="module" crossorigin src="/assets/main-a1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/my-a6.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index-a2.css">',
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
  ].join('\n');
  // A stand-in for the client's server render: it reports what it was asked and asks the API once
  // (in-process), like the real one does for permission, status and the page's data.
  const MODULE = `
    let apiFetch;
    export const calls = [];
    export function configure(f) { apiFetch = f; }
    export async function render(url, origin, options) {
      calls.push({ url, theme: options.theme });
      if (url.startsWith('/fish')) throw new Error('render failed');
      if (url.startsWith('/live')) return null;
      const res = await apiFetch('/wps/system/countries', { headers: { 'X-Module-Id': 'SYS' } });
      return {
        html: '<main data-url="' + url + '" data-theme="' + options.theme + '">api ' + res.status + '</main>'
          + (url.startsWith('/lottery') ? '<p>' + 'long text '.repeat(200) + '</p>' : ''),
        state: url.startsWith('/promotions')
          ? { texts: { home: { title: 'x' } } }
          : { note: '</script><script>alert(1)</script>' },
      };
    }
  `;

  beforeAll(async () => {
    ssrDist = mkdtempSync(path.join(tmpdir(), 'web-ssr-'));
    mkdirSync(path.join(ssrDist, 'dist/assets'), { recursive: true });
    mkdirSync(path.join(ssrDist, 'dist-ssr'));
    writeFileSync(path.join(ssrDist, 'dist/index.html'), SSR_INDEX);
    writeFileSync(path.join(ssrDist, 'dist/assets/index-a2.css'), CSS);
    writeFileSync(path.join(ssrDist, 'dist/assets/grid-a3.css'), GROUP_CSS);
    writeFileSync(
      path.join(ssrDist, 'dist/preload.json'),
      JSON.stringify({
        egame: ['/assets/egame-a4.js', '/assets/grid-a3.css'],
        index: ['/assets/hydrate-a10.js', '/assets/index-a8.js'],
        promo: ['/assets/hydrate-a10.js', '/assets/promo-a9.js'],
        boot: ['/assets/boot-a5.js'],
        texts: ['/assets/my-a6.js'],
        entry: ['/assets/react-a7.js', '/assets/main-a1.js'],
      }),
    );
    writeFileSync(path.join(ssrDist, 'dist-ssr/entry-server.mjs'), MODULE);
    ssrApp = await buildTestApp({
      db: app.services.db,
      config: {
        webDist: path.join(ssrDist, 'dist'),
        webDistExists: true,
        webSsr: path.join(ssrDist, 'dist-ssr/entry-server.mjs'),
      },
    });
  });
  afterAll(async () => {
    await ssrApp.close();
    rmSync(ssrDist, { recursive: true, force: true });
  });

  const rootOf = (body: string) => /<div id="root">([\s\S]*?)<\/div>\n/.exec(body)?.[1] ?? '';

  it('sends a lobby rendered, its state as inert JSON, its styles inline under the page nonce', async () => {
    const res = await ssrApp.inject({ url: '/rng?page=hot', headers: html });
    expect(res.statusCode).toBe(200);
    // The render's own API call went through the real routes, in-process.
    expect(rootOf(res.body)).toBe('<main data-url="/rng?page=hot" data-theme="light">api 200</main>');
    const state = /<script type="application\/json" id="ssr-state">(.*)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(state!)).toEqual({ note: '</script><script>alert(1)</script>' });
    expect(res.body).not.toContain('<script>alert(1)');
    const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(res.body)?.[1];
    expect(res.body).toContain(`<style nonce="${nonce}">${CSS}</style>`);
    expect(res.body).toContain(`<style nonce="${nonce}">${GROUP_CSS}</style>`);
    expect(res.body).not.toContain('rel="stylesheet"');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.vary).toContain('Cookie');
  });

  it("starts the app after the page has painted: one boot script, the entry and the group's modules listed for it", async () => {
    const res = await ssrApp.inject({ url: '/rng', headers: html });
    const head = /<head>([\s\S]*)<\/head>/.exec(res.body)?.[1] ?? '';
    // No module is fetched before the boot script has seen the page painted (apps/web/src/boot.ts).
    expect(head.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" src="/assets/boot-a5.js">']);
    expect(head).not.toContain('modulepreload');
    // In the order the boot script runs them, one per task: the document's texts, the entry after
    // the chunks it imports (preload.json `entry`), then what the lobby will need.
    expect(head).toContain(
      '<meta name="app-modules" content="/assets/my-a6.js /assets/react-a7.js /assets/main-a1.js /assets/egame-a4.js" />',
    );
    // A page the browser renders keeps the plain document: its entry, no boot script.
    const plain = await ssrApp.inject({ url: '/help', headers: html });
    expect(plain.body).toContain('<script type="module" crossorigin src="/assets/main-a1.js"></script>');
    expect(plain.body).not.toContain('boot-a5');
  });

  it('renders in the theme the browser named, and compresses the document', async () => {
    const res = await ssrApp.inject({
      url: '/lottery?gameCode=LUCKY5D_1M',
      headers: { ...html, cookie: 'ui_theme=dark; ui_lang=MY', 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(body).toContain('<html data-ssr data-theme="dark" lang="my">');
    expect(rootOf(body)).toContain('data-theme="dark"');
  });

  it('leaves to the browser: a session, another language, other pages, a failed or empty render', async () => {
    for (const [url, cookie] of [
      ['/rng', 'ui_session=1'],
      ['/rng', 'ui_lang=EN'],
      ['/help', ''],
      ['/fish', ''],
      ['/live', ''],
    ] as const) {
      const res = await ssrApp.inject({ url, headers: { ...html, cookie } });
      expect(res.statusCode, `${url} ${cookie}`).toBe(200);
      expect(rootOf(res.body), `${url} ${cookie}`).toBe('');
      expect(res.body).not.toContain('ssr-state');
      // Not rendered: the stylesheets stay links.
      expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a2.css">');
    }
    const head = await ssrApp.inject({ method: 'HEAD', url: '/rng', headers: html });
    expect(head.statusCode).toBe(200);
  });

  it('renders /index and /promotions for a guest in MY; a member gets the browser’s render without their list', async () => {
    for (const [url, module] of [
      ['/index', '/assets/index-a8.js'],
      ['/promotions', '/assets/promo-a9.js'],
    ] as const) {
      for (const cookie of ['', 'ui_lang=MY']) {
        const res = await ssrApp.inject({ url, headers: { ...html, cookie } });
        expect(res.statusCode).toBe(200);
        expect(rootOf(res.body), `${url} ${cookie}`).toBe(
          `<main data-url="${url}" data-theme="light">api 200</main>`,
        );
        expect(res.body).toContain('id="ssr-state"');
        expect(res.body).toContain(`/assets/main-a1.js /assets/hydrate-a10.js ${module}" />`);
        // A state that carries the base texts: their module is not fetched (kept otherwise).
        if (url === '/promotions') expect(res.body).not.toContain('/assets/my-a6.js');
        else expect(res.body).toContain('content="/assets/my-a6.js ');
      }
      // Signed in (the session hint) or another language: the plain document, and none of the
      // hydration's modules preloaded for a page that will not hydrate.
      for (const cookie of ['ui_session=1', 'ui_session=1; ui_lang=MY', 'ui_lang=EN']) {
        const res = await ssrApp.inject({ url, headers: { ...html, cookie } });
        expect(rootOf(res.body), `${url} ${cookie}`).toBe('');
        expect(res.body).not.toContain('ssr-state');
        expect(res.body).not.toContain('hydrate-a10');
        expect(res.body).not.toContain(module);
        expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-a1.js"></script>');
      }
    }
  });
});
