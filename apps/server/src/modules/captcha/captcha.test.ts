import { endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCookie } from '../../lib/cookies.ts';
import { buildTestApp } from '../../test/helper.ts';
import {
  CAPTCHA_COOKIE,
  CAPTCHA_TTL_SECONDS,
  hashAnswer,
  issueCaptcha,
  randomAnswer,
  verifyCaptcha,
} from './captcha.service.ts';
import * as repo from './captcha.repository.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

/** Issues a captcha whose answer the test knows (the real answer never leaves the server). */
async function knownCaptcha(answer: string, now = new Date()) {
  const { db } = app.services;
  const issued = await issueCaptcha(db, now);
  await db.query('update captchas set answer_hash = $2 where id = $1', [
    issued.id,
    hashAnswer(issued.id, answer).toString('hex'),
  ]);
  return issued;
}

describe('GET /wps/captcha', () => {
  it('sets an HttpOnly SameSite=Strict captcha_id cookie and stores only a hash', async () => {
    const res = await app.inject({ url: endpoints.captcha.path });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(`^${CAPTCHA_COOKIE}=[A-Za-z0-9_-]{32}; Path=/; Max-Age=${CAPTCHA_TTL_SECONDS}`),
    );
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(res.headers['cache-control']).toBe('no-store');
    const id = readCookie(cookie, CAPTCHA_COOKIE);
    const rows = await app.services.db.query<{ answer_hash: string }>(
      'select answer_hash from captchas where id = $1',
      [id],
    );
    expect(rows[0]?.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    const svg = Buffer.from(res.json().value.split(',')[1], 'base64').toString();
    expect(svg.startsWith('<svg')).toBe(true);
  });

  it('answers 429 with Retry-After past its own limit', async () => {
    const limited = await buildTestApp({ db: app.services.db, rateLimit: { captchaPerMinute: 3 } });
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await limited.inject({ url: endpoints.captcha.path, remoteAddress: '198.51.100.50' });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(last?.headers['retry-after']).toBeDefined();
    expect(last?.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'errors.too_many_requests',
    });
    // Another address has its own budget; other endpoints are not affected.
    expect(
      (await limited.inject({ url: endpoints.captcha.path, remoteAddress: '198.51.100.51' })).statusCode,
    ).toBe(200);
    expect(
      (await limited.inject({ url: endpoints.status.path, remoteAddress: '198.51.100.50' })).statusCode,
    ).toBe(200);
    await limited.close();
  });
});

describe('verifyCaptcha', () => {
  it('accepts the right answer once, case-insensitively', async () => {
    const c = await knownCaptcha('ab3k');
    expect(await verifyCaptcha(app.services.db, c.id, 'AB3K')).toBe(true);
    expect(await verifyCaptcha(app.services.db, c.id, 'ab3k')).toBe(false);
  });

  it('a wrong guess uses the captcha up', async () => {
    const c = await knownCaptcha('ab3k');
    expect(await verifyCaptcha(app.services.db, c.id, 'zzzz')).toBe(false);
    expect(await verifyCaptcha(app.services.db, c.id, 'ab3k')).toBe(false);
  });

  it('expires after 5 minutes', async () => {
    const issuedAt = new Date(Date.now() - (CAPTCHA_TTL_SECONDS + 1) * 1000);
    const c = await knownCaptcha('ab3k', issuedAt);
    expect(await verifyCaptcha(app.services.db, c.id, 'ab3k')).toBe(false);
    const fresh = await knownCaptcha('ab3k');
    const justBeforeExpiry = new Date(fresh.expiresAt.getTime() - 1000);
    expect(await verifyCaptcha(app.services.db, fresh.id, 'ab3k', justBeforeExpiry)).toBe(true);
  });

  it('refuses missing or absurd input without touching the table', async () => {
    expect(await verifyCaptcha(app.services.db, undefined, 'ab3k')).toBe(false);
    expect(await verifyCaptcha(app.services.db, 'x', undefined)).toBe(false);
    expect(await verifyCaptcha(app.services.db, 'x'.repeat(1000), 'ab3k')).toBe(false);
    expect(await verifyCaptcha(app.services.db, 'unknown-id', 'ab3k')).toBe(false);
  });

  it('sweeps expired rows when new ones are issued', async () => {
    const old = await knownCaptcha('ab3k', new Date(Date.now() - 3600_000));
    await repo.deleteExpired(app.services.db, new Date());
    expect(await repo.takeCaptcha(app.services.db, old.id)).toBeNull();
  });

  it('answers come from an alphabet without look-alikes', () => {
    for (let i = 0; i < 50; i++) expect(randomAnswer()).toMatch(/^[a-hjkmnp-z2-9]{4}$/);
  });
});

/**
 * Issue 11: the rate limits hold when a client that is not a trusted proxy rotates
 * X-Forwarded-For on every call (bench:limits is the long form under autocannon; here beside the captcha's own limit, on this file's database). The limits are
 * small here so the count is exact; a trusted proxy's header is honoured (proof the test can fail).
 * The HTTP layer does not depend on the engine: PGlite pass only.
 */
describe.skipIf(process.env.TEST_DB === 'postgres')('rate limits with a rotating X-Forwarded-For', () => {
  let n = 0;
  const xff = () => ({ 'x-forwarded-for': `203.0.113.${++n % 250}` });

  async function statuses(
    target: FastifyInstance,
    calls: number,
    payload?: () => object,
    url = '/wps/system/countries',
  ) {
    const out: number[] = [];
    for (let i = 0; i < calls; i++) {
      const res = await target.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: xff(),
        ...(payload ? { payload: payload() } : {}),
      });
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      out.push(res.statusCode);
    }
    return out;
  }

  it('every API call: the limit per address holds from an untrusted peer, the header is honoured from a trusted one', async () => {
    const { db } = app.services;
    const untrusted = await buildTestApp({ db, rateLimit: { globalPerMinute: 5 } });
    const trusted = await buildTestApp({
      db,
      rateLimit: { globalPerMinute: 5 },
      config: { trustProxy: ['127.0.0.1'] },
    });
    try {
      expect(await statuses(untrusted, 8)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect((await statuses(trusted, 8)).every((s) => s === 200)).toBe(true);
    } finally {
      await untrusted.close();
      await trusted.close();
    }
  });

  it('code-sending routes: a new number on every call does not get past the per-address limit', async () => {
    const codes = await buildTestApp({ db: app.services.db, rateLimit: { codesPerMinute: 3 } });
    let num = 0;
    try {
      const register = () => ({ mobileNo: `97${String(++num).padStart(7, '0')}`, countryDialingCode: '+95' });
      expect(await statuses(codes, 5, register, '/wps/verification/sms/register')).toEqual([
        200, 200, 200, 429, 429,
      ]);
      const login = () => ({ mobileNum: `96${String(++num).padStart(7, '0')}`, countryDialingCode: '+95' });
      expect(await statuses(codes, 5, login, '/wps/verification/sms/noLogin')).toEqual([
        200, 200, 200, 429, 429,
      ]);
    } finally {
      await codes.close();
    }
  });
});
