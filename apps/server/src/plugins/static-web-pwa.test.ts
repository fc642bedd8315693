import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.ts';

/** Issue 9 PWA: the worker and the manifest as the browser must get them. */

let dist: string;
let app: FastifyInstance;
const SW = 'self.addEventListener("fetch", () => {});'.repeat(60);

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-pwa-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(path.join(dist, 'sw.js'), SW);
  writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(SW));
  writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'x', start_url: '/index' }));
  writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>offline</title>');
  app = await buildTestApp({ config: { webDist: dist, webDistExists: true } });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

it('serves the service worker uncached (also pre-compressed), as JavaScript', async () => {
  for (const encoding of ['identity', 'br']) {
    const res = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

it('serves the manifest with its own content type, uncached', async () => {
  const res = await app.inject({ url: '/manifest.webmanifest' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.json()).toMatchObject({ start_url: '/index' });
});

it('allows the worker and the manifest from this origin in the strict CSP', async () => {
  const res = await app.inject({ url: '/index', headers: { accept: 'text/html' } });
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
  expect(csp).toContain("script-src 'self';");
});
