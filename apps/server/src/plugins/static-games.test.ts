import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, REPO_ROOT } from '../config.ts';
import { buildTestApp } from '../test/helper.ts';

let dist: string;
let app: FastifyInstance;
let unbuilt: FastifyInstance;
const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/studio/assets/index-abc123.js"></script></head><body><main id="app"></main></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'games-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log("studio")');
  writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync('console.log("studio")'));
  writeFileSync(path.join(dist, 'assets/index-def456.css'), '.app{color:red}');
  app = await buildTestApp({ config: { gamesDist: dist } });
  unbuilt = await buildTestApp({ db: app.services.db, config: { gamesDist: '/nonexistent/games/dist' } });
});
afterAll(async () => {
  await unbuilt.close();
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the game studio under /studio/', () => {
  it('serves index.html at /studio/ with the strict CSP (framed by the site only), never cached', async () => {
    const res = await app.inject({
      url: '/studio/?ticket=abcdefghijklmnopqrstuvwxyz&lang=en',
      headers: html,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('nonce-');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('redirects /studio to /studio/ keeping the query', async () => {
    const res = await app.inject({ url: '/studio?ticket=abc&lang=my' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/studio/?ticket=abc&lang=my');
  });

  it('caches hashed assets for a year, with the same CSP, and serves the pre-compressed variant', async () => {
    const res = await app.inject({
      url: '/studio/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const css = await app.inject({ url: '/studio/assets/index-def456.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toBe('.app{color:red}');
  });

  it('answers an unknown file, an unknown studio call and a page-like path with the 404 envelope, not a page', async () => {
    for (const url of [
      '/studio/assets/missing-1.js',
      '/studio/nothing.png',
      '/studio/api/unknown',
      '/studio/lobby',
    ]) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('says clearly that the studio is not built when its folder is missing (the rest still runs)', async () => {
    for (const url of ['/studio/', '/studio/?ticket=x', '/studio/assets/index-abc123.js']) {
      const res = await unbuilt.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toContain('The game studio is not built: no index.html in /nonexistent/games/dist');
    }
    expect((await unbuilt.inject({ url: '/health' })).statusCode).toBe(200);
  });

  it('reads GAMES_DIST like WEB_DIST: the repository default, or a path of its own', () => {
    expect(parseConfig({}).gamesDist).toBe(path.join(REPO_ROOT, 'apps/games/dist'));
    expect(parseConfig({ GAMES_DIST: '/srv/games' }).gamesDist).toBe('/srv/games');
  });
});
