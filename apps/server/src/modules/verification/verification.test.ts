import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, outbox, secureCall, setFlag, testClock } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import { CODES_PER_DAY } from './verification.service.ts';

const clock = testClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => app.close());

const DEMO = { mobileNum: '912345678', countryDialingCode: '+95' };
const DEMO_TARGET = '+95 912345678';
const send = (body: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/wps/verification/sms/noLogin', payload: body });
const smsLogin = (code: string) =>
  secureCall(app, 'POST', '/wps/session/login', { type: 'sms', ...DEMO, verificationCode: code });
const SEC = 1000;

describe('SMS codes', () => {
  it('sends 6 digits from the outbox, stored only hashed, valid 10 minutes, single use', async () => {
    const res = await send(DEMO);
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 10 } });
    const [msg] = await outbox(app, DEMO_TARGET);
    expect(msg?.channel).toBe('sms');
    const code = msg?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const rows = await app.services.db.query<{ code_hash: string; created_at: Date; expires_at: Date }>(
      'select code_hash, created_at, expires_at from verification_codes where target = $1',
      [DEMO_TARGET],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect((rows[0]?.expires_at.getTime() ?? 0) - (rows[0]?.created_at.getTime() ?? 0)).toBe(10 * 60 * SEC);

    const ok = await smsLogin(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ value: { kind: 'session', session: { mustChangePassword: false } } });
    const again = await smsLogin(code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: 'phone_auth.code_expired' });
  });

  it('refuses a resend within 60 s (429, Retry-After) and expires codes after 10 minutes', async () => {
    clock.advance(61 * SEC);
    expect((await send(DEMO)).statusCode).toBe(200);
    const soon = await send(DEMO);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'phone_auth.too_many_requests' });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    const [msg] = await outbox(app, DEMO_TARGET);
    clock.advance(10 * 60 * SEC + SEC);
    const late = await smsLogin(msg?.code ?? '');
    expect(late.json()).toMatchObject({ message: 'phone_auth.code_expired' });
  });

  it('kills a code after 5 wrong tries', async () => {
    clock.advance(61 * SEC);
    await send(DEMO);
    const [msg] = await outbox(app, DEMO_TARGET);
    const right = msg?.code ?? '';
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(((await smsLogin(wrong)).json() as { message: string }).message);
    expect(answers).toEqual([
      'phone_auth.invalid_code',
      'phone_auth.invalid_code',
      'phone_auth.invalid_code',
      'phone_auth.invalid_code',
      'phone_auth.code_expired',
    ]);
    expect((await smsLogin(right)).json()).toMatchObject({ message: 'phone_auth.code_expired' });
  });

  it('answers the same for a number nobody has, without sending anything', async () => {
    const res = await send({ mobileNum: '911111111', countryDialingCode: '+95' });
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 10 } });
    expect(await outbox(app, '+95 911111111')).toEqual([]);
    expect((await send({ mobileNum: '911111111', countryDialingCode: '+95' })).statusCode).toBe(429);
  });

  it('counts 1 minute on the firebase path (spec §4)', async () => {
    const res = await send({ mobileNum: '922222222', countryDialingCode: '+95', type: 'firebase' });
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
  });

  it('maps each reachable phone-auth error of spec §8', async () => {
    expect((await send({ countryDialingCode: '+95' })).json()).toMatchObject({
      message: 'phone_auth.missing_phone_number',
    });
    expect((await send({ mobileNum: '12ab', countryDialingCode: '+95' })).json()).toMatchObject({
      message: 'phone_auth.invalid_phone_number',
    });
    await setFlag(app, 'smsLogin', false);
    await setFlag(app, 'verificationCodeLogin', false);
    const off = await send({ mobileNum: '933333333', countryDialingCode: '+95' });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ message: 'phone_auth.operation_not_allowed' });
    expect((await smsLogin('123456')).json()).toMatchObject({ message: 'phone_auth.operation_not_allowed' });
    await setFlag(app, 'smsLogin', true);
    await setFlag(app, 'verificationCodeLogin', true);
    // Daily quota per number.
    const target = { mobileNum: '944444444', countryDialingCode: '+95' };
    for (let i = 0; i < CODES_PER_DAY; i++) {
      expect((await send(target)).statusCode).toBe(200);
      clock.advance(61 * SEC);
    }
    const quota = await send(target);
    expect(quota.statusCode).toBe(429);
    expect(quota.json()).toMatchObject({ message: 'phone_auth.quota_exceeded' });
    const reg = await call(app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '+95' },
    });
    expect(reg.json()).toMatchObject({ message: 'phone_auth.missing_phone_number' });
  });

  it('writes message text in the member language', async () => {
    await app.services.db.query(`update members set language = 'EN' where account = 'demo01'`);
    clock.advance(61 * SEC);
    await send(DEMO);
    const [msg] = await outbox(app, DEMO_TARGET);
    expect(msg?.body).toMatch(/^Your verification code is \d{6}\. It is valid for 10 minutes/);
  });
});

describe('/dev/outbox', () => {
  it('lists the latest messages newest first, as HTML and JSON', async () => {
    const all = await outbox(app);
    expect(all.length).toBeGreaterThan(1);
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
    const html = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(DEMO_TARGET);
  });

  it('is not served in production', async () => {
    const prod = await buildTestApp({ db: app.services.db, config: { nodeEnv: 'production' } });
    try {
      expect((await prod.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
