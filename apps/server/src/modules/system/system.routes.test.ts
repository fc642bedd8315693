import {
  COMPLETE_LANGUAGES,
  endpointList,
  endpoints,
  envelope,
  FLAG_IDS,
  GAME_TYPES,
  gameNodeId,
  REGISTER_FIELDS,
  enabledIds,
  flags,
  type Endpoint,
  type HelpCategory,
  type ResponseOf,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_CENTER } from '../../seed/help-content.ts';
import { buildTestApp } from '../../test/helper.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

/** GETs an endpoint (or sends it `body`) and parses the answer with the contract's schema. */
async function call<E extends Endpoint>(e: E, input?: Record<string, unknown>) {
  const inQuery = e.method === 'GET' || e.method === 'DELETE';
  const res = await app.inject({
    method: e.method,
    url: e.path,
    ...(inQuery ? { query: input as Record<string, string> } : { payload: input ?? {} }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = envelope(e.response).parse(res.json());
  expect(body.success).toBe(true);
  return { res, value: e.response.parse(body.value) as ResponseOf<E> };
}

describe('system endpoints (happy paths against the contract)', () => {
  it('whitelabel: every flag and every game type is a node; demo defaults', async () => {
    const { value } = await call(endpoints.whitelabel);
    const ids = new Set<string>();
    const visit = (nodes: typeof value) =>
      nodes.forEach((n) => {
        ids.add(n.modId);
        visit(n.childrenNodes);
      });
    visit(value);
    for (const id of FLAG_IDS) expect(ids).toContain(id);
    for (const t of GAME_TYPES) expect(ids).toContain(gameNodeId(t));
    const f = flags(value);
    expect(f).toMatchObject({
      usernameRegister: true,
      mobileRegister: true,
      smsVerification: true,
      freePlay: true,
      enableCt: true,
      salary: true,
      hourSalary: true,
      forcePasswordExpiry: true,
      loginRequired: false,
      socialGoogle: false,
    });
    expect(enabledIds(value)).toContain('game.LOTT');
  });

  it('registerSetting: a config for every registration field', async () => {
    const { value } = await call(endpoints.registerSetting);
    expect(Object.keys(value).sort()).toEqual([...REGISTER_FIELDS].sort());
    expect(value.username).toMatchObject({ enabled: true, required: true, minLength: 6, maxLength: 16 });
  });

  it('status: merchant, tree, register config, keyed resources, CDNs', async () => {
    const { value } = await call(endpoints.status);
    expect(value.merchant).toMatchObject({ merchantCode: 'DEMO', currency: 'MMK', currencyScale: 100 });
    expect(Object.keys(value.resources)).toEqual(expect.arrayContaining(['appIos', 'appAndroid', 'appLite']));
    expect(value.customerService.length).toBeGreaterThanOrEqual(2);
    expect(value.imageCDNs.length).toBeGreaterThan(0);
  });

  it('domainRoute: customer service entries with titles, domains, resources', async () => {
    const { value } = await call(endpoints.domainRoute);
    expect(value.customerService[0]).toMatchObject({ kind: 'livechat', title: 'Live chat' });
    expect(value.customerService[1]?.title).toBeTruthy();
    expect(value.domainList).toContain('localhost');
    expect(value.resources).toHaveLength(3);
  });

  it('the live-chat entry opens a page the server serves, under the site CSP', async () => {
    const { value } = await call(endpoints.domainRoute);
    const res = await app.inject({ url: value.customerService[0]?.url ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toMatch(/<script|style=/);
  });

  it('countries: about 30 with dialing codes', async () => {
    const { value } = await call(endpoints.countries);
    expect(value.length).toBeGreaterThanOrEqual(30);
    expect(value[0]).toEqual({ countryCode: 'MM', countryDialingCode: '+95', name: 'Myanmar' });
    expect(value.find((c) => c.countryCode === 'KH')?.countryDialingCode).toBe('+855');
  });

  it('permission: open by default', async () => {
    const { value } = await call(endpoints.permission);
    expect(value).toMatchObject({ maintenance: false, regionRestriction: false, ipBlocked: false });
  });

  it('captcha: a base64 SVG data URI', async () => {
    const { value } = await call(endpoints.captcha);
    expect(value).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
  });

  it('updateLanguage: validated and echoed (no sessions yet)', async () => {
    const { value } = await call(endpoints.updateLanguage, { language: 'TH' });
    expect(value).toEqual({ language: 'TH', stored: false });
  });

  it('health: database up', async () => {
    const { value } = await call(endpoints.health);
    expect(value).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('help centre', () => {
  const titles = (v: HelpCategory[]) => v.map((c) => c.title);

  it.each(COMPLETE_LANGUAGES)('answers in %s', async (lang) => {
    const { value } = await call(endpoints.helpCenter, { language: lang });
    expect(titles(value)).toEqual(HELP_CENTER.map((c) => c.title[lang]));
    expect(value.flatMap((c) => c.articles)).toHaveLength(HELP_CENTER.flatMap((c) => c.articles).length);
    expect(value[0]?.articles[0]?.content).toBe(HELP_CENTER[0]?.articles[0]?.content[lang]);
  });

  it('falls back to EN for a language without content (JA)', async () => {
    const { value } = await call(endpoints.helpCenter, { language: 'JA' });
    expect(titles(value)).toEqual(HELP_CENTER.map((c) => c.title.EN));
  });

  it('defaults to MY (spec §9) without a language', async () => {
    const { value } = await call(endpoints.helpCenter);
    expect(titles(value)).toEqual(HELP_CENTER.map((c) => c.title.MY));
  });

  it('refuses an unknown language code with 400', async () => {
    const res = await app.inject({ url: '/wps/system/helpCenter?language=XX' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      fields: { language: expect.any(String) },
    });
  });
});

describe('headers and documents', () => {
  it('sends a strict CSP without inline script, and a request id', async () => {
    const res = await app.inject({ url: '/wps/system/status' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never takes a request id from the caller', async () => {
    const res = await app.inject({ url: '/health', headers: { 'x-request-id': 'evil' } });
    expect(res.headers['x-request-id']).not.toBe('evil');
  });

  it('OpenAPI 3.1 lists every endpoint of the contract and nothing internal', async () => {
    const res = await app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const e of endpointList) expect(doc.paths[e.path], e.path).toHaveProperty(e.method.toLowerCase());
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/ops') || p.startsWith('/dev'))).toBe(false);
  });

  it('serves /docs with its own CSP, still without unsafe-inline script', async () => {
    const res = await app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('has no docs when they are off (production default)', async () => {
    const prod = await buildTestApp({ db: app.services.db, config: { docs: false } });
    expect((await prod.inject({ url: '/openapi.json' })).statusCode).toBe(404);
    expect((await prod.inject({ url: '/docs/' })).statusCode).toBe(404);
    await prod.close();
  });
});
