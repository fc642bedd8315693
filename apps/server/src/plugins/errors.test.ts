import { endpointList, errorEnvelopeSchema, type Endpoint } from '@app/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { AppError } from '../lib/errors.ts';
import { freshIp, login } from '../test/accounts.ts';
import { buildTestApp, TEST_CONFIG } from '../test/helper.ts';
import { fieldErrors } from './errors.ts';

let app: FastifyInstance;
beforeAll(async () => {
  // One login per member endpoint below (the endpoints grow with every issue): the per-account
  // password budget of an hour is not what this file tests.
  app = await buildTestApp({ passwordLimits: { perAccountPerHour: 100_000 } });
});
afterAll(async () => app.close());

const MB = 'x'.repeat(1024 * 1024);
const deep = '['.repeat(5000) + ']'.repeat(5000);

/** Query strings that are wrong in every way we could think of. */
const JUNK_QUERIES = [
  'language=XX',
  'language=',
  `language=${MB}`,
  'language=EN%00',
  '%00=%00',
  'language[]=EN&language[]=TH',
  'language[__proto__][x]=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'extra=field',
  'language=EN&language=TH',
  '%E0%A4%A=broken-utf8',
  `${'a'.repeat(5000)}=1`,
];

/** Bodies: raw text with a content type. */
const JUNK_BODIES: [string, string][] = [
  ['application/json', '{"__proto__":{"polluted":1},"language":"EN"}'],
  ['application/json', '{"constructor":{"prototype":{"polluted":1}}}'],
  ['application/json', 'not json'],
  ['application/json', '{"language":'],
  ['application/json', ''],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '123'],
  ['application/json', '"EN"'],
  ['application/json', '{"language":5}'],
  ['application/json', '{"language":null}'],
  ['application/json', '{"language":["EN"]}'],
  ['application/json', '{"language":{"EN":1}}'],
  ['application/json', '{"language":"EN","extra":true}'],
  ['application/json', '{"language":"EN\\u0000"}'],
  ['application/json', `{"language":"${MB}"}`],
  ['application/json', deep],
  ['application/json', '\u0000\u0001\u0002'],
  ['text/plain', 'language=EN'],
  ['application/xml', '<language>EN</language>'],
  ['application/x-www-form-urlencoded', 'language=EN'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="language"\r\n\r\nEN\r\n--x--',
  ],
];

const JUNK_HEADERS: Record<string, string>[] = [
  { 'x-module-id': MB.slice(0, 8000) },
  { 'x-country-code': '\u0000\u0000' },
  { cookie: 'captcha_id=%E0%A4%A; captcha_id=' },
  { accept: 'text/html'.repeat(500) },
  { 'x-forwarded-for': 'not-an-ip, 999.999.999.999' },
  { authorization: 'Bearer ' + MB.slice(0, 8000) },
];

function expectClientSafe(res: Awaited<ReturnType<FastifyInstance['inject']>>, label: string) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.success, label).toBe(false);
    expect(body.code, label).toBeDefined();
    expect(body.message, label).toBeTruthy();
  }
}

describe('bad input never causes a 5xx (issue 2 "Bad input")', () => {
  it.each(endpointList.map((e) => [e.id, e] as [string, Endpoint]))('%s', async (_id, e) => {
    const attempts: InjectOptions[] = [];
    for (const q of JUNK_QUERIES) attempts.push({ method: e.method, url: `${e.path}?${q}` });
    for (const [type, payload] of JUNK_BODIES) {
      attempts.push({ method: e.method, url: e.path, headers: { 'content-type': type }, payload });
      // Also the "other" method with a body: a GET endpoint receiving POST, a PUT receiving GET.
      attempts.push({
        method: e.method === 'GET' ? 'POST' : 'GET',
        url: e.path,
        headers: { 'content-type': type },
        payload,
      });
    }
    for (const headers of JUNK_HEADERS) attempts.push({ method: e.method, url: e.path, headers });
    for (const a of attempts) {
      const res = await app.inject(a);
      expectClientSafe(
        res,
        `${String(a.method)} ${String(a.url).slice(0, 80)} ${JSON.stringify(a.headers ?? {}).slice(0, 60)}`,
      );
    }
    // No prototype pollution survived any of it.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // Issue 3: the member calls run their handlers only with a session; junk goes to them signed in
  // too, and encrypted calls get well-shaped bodies that do not decrypt.
  const JUNK_SECURE = [
    { keyId: 'nope', key: 'AAAA', iv: 'AAAA', data: 'AAAA' },
    { keyId: 'x', key: '!!!!', iv: '%%%', data: '\u0000' },
    { keyId: 'x'.repeat(64), key: 'A'.repeat(1024), iv: 'A'.repeat(64), data: 'A'.repeat(4000) },
  ];
  it.each(
    endpointList.filter((e) => e.auth !== 'guest' || e.encrypted).map((e) => [e.id, e] as [string, Endpoint]),
  )('%s signed in, and with undecryptable bodies', async (_id, e) => {
    const s = await login(app, 'player01', 'Player2026!', {}, { ip: freshIp() });
    const headers = { authorization: `Bearer ${s.token}` };
    const attempts: InjectOptions[] = [];
    for (const q of JUNK_QUERIES) attempts.push({ method: e.method, url: `${e.path}?${q}`, headers });
    for (const [type, payload] of JUNK_BODIES) {
      attempts.push({
        method: e.method,
        url: e.path,
        headers: { ...headers, 'content-type': type },
        payload,
      });
    }
    for (const payload of JUNK_SECURE) {
      attempts.push({ method: e.method, url: e.path, headers, payload });
      attempts.push({ method: e.method, url: e.path, payload });
    }
    for (const a of attempts) {
      const res = await app.inject(a);
      expectClientSafe(res, `${String(a.method)} ${String(a.url).slice(0, 80)} signed in`);
    }
  });

  it('answers malformed JSON with 400 and too large a body with 413, both enveloped', async () => {
    const malformed = await app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      headers: { 'content-type': 'application/json' },
      payload: '{"language":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const large = await app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      payload: { language: 'EN', pad: MB },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('names the rejected fields', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      payload: { language: 'XX', foo: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      message: 'errors.bad_request',
      fields: { language: 'errors.invalid_value', foo: 'errors.unknown_field' },
    });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    for (const url of ['/wps/nope', '/lgw/games/none', '/lotto/x', '/ops', '/dev/nothing', '/wps']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('server errors', () => {
  it('never leak a message or stack, and carry the request id', async () => {
    const target = await buildApp({ db: app.services.db, config: TEST_CONFIG });
    target.get('/wps/test/boom', async () => {
      throw new Error('secret detail: password=hunter2');
    });
    target.get('/wps/test/unavailable', async () => {
      throw new AppError('SERVICE_UNAVAILABLE');
    });
    await target.ready();
    const res = await target.inject({ url: '/wps/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: 'errors.system_error' });
    expect(res.body).not.toContain('hunter2');
    expect(res.headers['x-request-id']).toBeTruthy();
    const unavailable = await target.inject({ url: '/wps/test/unavailable' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await target.close();
  });
});

describe('fieldErrors', () => {
  it('maps nested paths and falls back to a generic key', () => {
    expect(
      fieldErrors([
        { keyword: 'too_big', instancePath: '/a/b', params: {} },
        { keyword: 'custom', instancePath: '', params: {} },
      ]),
    ).toEqual({ 'a.b': 'errors.too_long', _: 'errors.invalid_value' });
  });
});
