import { endpoints, flags, type WhitelabelNode } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.ts';
import { GUARD_ALLOWLIST } from './guards.ts';

let app: FastifyInstance;
/** The same database behind a load balancer at 10.0.0.5 (TRUST_PROXY). */
let proxied: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  proxied = await buildTestApp({ db: app.services.db, config: { trustProxy: ['10.0.0.5'] } });
});
afterAll(async () => {
  await proxied.close();
  await app.close();
});

const guarded = Object.values(endpoints).filter(
  (e) => !(GUARD_ALLOWLIST as readonly string[]).includes(e.id) && /^\/(wps|lgw|lotto)\//.test(e.path),
);
const allowed = Object.values(endpoints).filter((e) => (GUARD_ALLOWLIST as readonly string[]).includes(e.id));

function request(
  e: (typeof guarded)[number],
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  const inQuery = e.method === 'GET' || e.method === 'DELETE';
  return app.inject({
    method: e.method,
    url: e.path,
    remoteAddress,
    headers,
    ...(inQuery ? {} : { payload: e.id === 'updateLanguage' ? { language: 'EN' } : {} }),
  });
}

async function permission(
  target: FastifyInstance,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  const res = await target.inject({ url: endpoints.permission.path, remoteAddress, headers });
  return endpoints.permission.response.parse(res.json().value);
}

afterEach(async () => {
  const ops = app.services.ops;
  await ops.maintenance(false);
  for (const r of ['127.0.0.1', '203.0.113.0/24', 'MM', 'SG'])
    await ops.regionUnblock(r).catch(() => undefined);
  proxied.services.access.invalidate();
});

describe('maintenance', () => {
  it('closes every guarded endpoint with 503 MAINTENANCE and keeps the guard-page calls open', async () => {
    expect(guarded.length).toBeGreaterThan(0);
    await app.services.ops.maintenance(true, 'back at 10:00');
    for (const e of guarded) {
      const res = await request(e);
      expect(res.statusCode, e.id).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'MAINTENANCE',
        message: 'errors.system_maintenance',
      });
    }
    for (const e of allowed) expect((await request(e)).statusCode, e.id).toBe(200);
    expect(await permission(app, '127.0.0.1')).toMatchObject({
      maintenance: true,
      maintenanceMessage: 'back at 10:00',
    });
    // Unknown API paths are closed too; client pages and operator routes are not guarded.
    expect((await app.inject({ url: '/lgw/games/game_menus' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/' })).statusCode).toBe(404);

    // Off again: every call answers as it would (a 200, or its own 4xx for this empty input).
    await app.services.ops.maintenance(false);
    for (const e of guarded) {
      const res = await request(e);
      expect(res.statusCode, e.id).toBeLessThan(500);
      expect(res.json().code, e.id).not.toBe('MAINTENANCE');
    }
  });

  it('reaches other instances through the database within the cache lifetime', async () => {
    await permission(proxied, '10.0.0.5'); // fill the other app's cache
    await app.services.ops.maintenance(true);
    proxied.services.access.invalidate(); // stands in for the ≤ 2 s TTL expiring
    expect((await permission(proxied, '10.0.0.5')).maintenance).toBe(true);
  });
});

describe('region restriction', () => {
  it('by IP address: 403 REGION_RESTRICTED on guarded calls, permission says so', async () => {
    await app.services.ops.regionBlock('198.51.100.7');
    const res = await app.inject({ url: endpoints.countries.path, remoteAddress: '198.51.100.7' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'REGION_RESTRICTED', message: 'errors.region_blocked' });
    expect((await permission(app, '198.51.100.7')).regionRestriction).toBe(true);
    expect(
      (await app.inject({ url: endpoints.countries.path, remoteAddress: '198.51.100.8' })).statusCode,
    ).toBe(200);
    await app.services.ops.regionUnblock('198.51.100.7');
    expect(
      (await app.inject({ url: endpoints.countries.path, remoteAddress: '198.51.100.7' })).statusCode,
    ).toBe(200);
  });

  it('by CIDR, also for IPv4-mapped socket addresses', async () => {
    await app.services.ops.regionBlock('203.0.113.99/24');
    for (const addr of ['203.0.113.1', '::ffff:203.0.113.200']) {
      const res = await app.inject({ url: endpoints.captcha.path, remoteAddress: addr });
      expect(res.statusCode, addr).toBe(403);
    }
    expect((await app.services.ops.regionList()).message).toContain('203.0.113.0/24');
    expect((await app.inject({ url: endpoints.captcha.path, remoteAddress: '203.0.114.1' })).statusCode).toBe(
      200,
    );
  });

  it('by country through the ip table', async () => {
    await app.services.ops.regionBlock('mm');
    expect(await permission(app, '203.0.113.9')).toMatchObject({ country: 'MM', regionRestriction: true });
    expect(await permission(app, '198.51.100.1')).toMatchObject({ country: 'SG', regionRestriction: false });
    const res = await app.inject({ url: endpoints.registerSetting.path, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
  });

  it('uses X-Forwarded-For only from a trusted proxy; a spoofed one changes nothing', async () => {
    await app.services.ops.regionBlock('MM');
    proxied.services.access.invalidate();
    const xff = { 'x-forwarded-for': '203.0.113.9' };
    // Through the trusted proxy: the client is 203.0.113.9 (MM) → restricted.
    expect(await permission(proxied, '10.0.0.5', xff)).toMatchObject({
      country: 'MM',
      regionRestriction: true,
    });
    // From any other peer the header is ignored: the socket address counts.
    expect(await permission(proxied, '198.51.100.1', xff)).toMatchObject({
      country: 'SG',
      regionRestriction: false,
    });
    expect(await permission(app, '198.51.100.1', xff)).toMatchObject({
      country: 'SG',
      regionRestriction: false,
    });
    // And the other way round: a blocked caller cannot escape by claiming another address.
    expect(
      (await permission(app, '203.0.113.9', { 'x-forwarded-for': '198.51.100.1' })).regionRestriction,
    ).toBe(true);
  });

  it('takes X-Country-Code from a trusted proxy only', async () => {
    await app.services.ops.regionBlock('SG');
    proxied.services.access.invalidate();
    const header = { 'x-country-code': 'sg' };
    expect(await permission(proxied, '10.0.0.5', header)).toMatchObject({
      country: 'SG',
      regionRestriction: true,
    });
    expect(await permission(proxied, '192.0.2.1', header)).toMatchObject({
      country: 'US',
      regionRestriction: false,
    });
    expect(await permission(app, '192.0.2.1', header)).toMatchObject({
      country: 'US',
      regionRestriction: false,
    });
  });
});

describe('whitelabel flags', () => {
  it('a flag toggle is reflected in the whitelabel tree and status', async () => {
    const tree = async (path: string) => {
      const body = (await app.inject({ url: path })).json();
      return (path === endpoints.status.path ? body.value.whitelabel : body.value) as WhitelabelNode[];
    };
    expect(flags(await tree(endpoints.whitelabel.path)).loginRequired).toBe(false);
    await app.services.ops.flag('loginRequired', true);
    expect(flags(await tree(endpoints.whitelabel.path)).loginRequired).toBe(true);
    expect(flags(await tree(endpoints.status.path)).loginRequired).toBe(true);
    // Turning a group off turns its children off (a node is on when its ancestors are).
    await app.services.ops.flag('agent', false);
    expect(flags(await tree(endpoints.whitelabel.path))).toMatchObject({ enableCt: false, salary: false });
    await app.services.ops.flag('agent', true);
    await app.services.ops.flag('loginRequired', false);
  });
});
