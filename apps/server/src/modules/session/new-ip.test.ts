import type { LoginAnswer } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, TOTP_PERIOD_SECONDS } from '../../lib/totp.ts';
import {
  addMember,
  call,
  freshIp,
  lastCode,
  login,
  loginRaw,
  setFlag,
  testClock,
} from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';

const clock = testClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await setFlag(app, 'newIpVerification', true);
});
afterAll(async () => app.close());

const SEC = 1000;
let counter = 0;

/** A member with every method bound, known at one address. */
async function member(extra: Record<string, unknown> = {}) {
  const n = (counter += 1) + 1000 * (Date.now() % 1000);
  const m = await addMember(app, {
    set: {
      mobile: `97${String(n).padStart(7, '0')}`,
      country_dialing_code: '+95',
      mobile_verified: true,
      email: `m${n}@example.com`,
      email_verified: true,
      payee_name: 'Aung San Kyaw',
      ...extra,
    },
  });
  const home = freshIp();
  await login(app, m.account, m.password, {}, { ip: home }); // no known address yet: lets it through
  return { ...m, home, mobile: `+95 97${String(n).padStart(7, '0')}`, email: `m${n}@example.com` };
}

async function challenge(m: { account: string; password: string }, ip = freshIp()) {
  const res = await loginRaw(app, m.account, m.password, {}, { ip });
  expect(res.statusCode).toBe(200);
  const v = (res.json() as { value: LoginAnswer }).value;
  if (v.kind !== 'verify') throw new Error('expected a challenge');
  return { ...v, ip };
}

const verify = (body: Record<string, unknown>, ip: string) =>
  call(app, { method: 'POST', url: '/wps/session/verify', payload: body, ip });
const sendCode = (challengeId: string, method: 'sms' | 'email') =>
  call(app, { method: 'POST', url: '/wps/session/verify/send', payload: { challengeId, method } });

describe('new-IP verification', () => {
  it('lets a known address through and asks a new one, with masked targets', async () => {
    const m = await member();
    const again = await loginRaw(app, m.account, m.password, {}, { ip: m.home });
    expect(again.json()).toMatchObject({ value: { kind: 'session' } });
    const c = await challenge(m);
    expect(c.methods).toEqual(['sms', 'email', 'payee']);
    expect(c.targets.sms).toMatch(/^\+95 ••••\d{4}$/);
    expect(c.targets.email).toMatch(/^m•••@example\.com$/);
  });

  it('completes with an SMS code and then knows the address', async () => {
    const m = await member();
    const c = await challenge(m);
    expect((await sendCode(c.challengeId, 'sms')).json()).toEqual({
      success: true,
      value: { expiredMinutes: 10 },
    });
    const code = await lastCode(app, m.mobile);
    const res = await verify({ challengeId: c.challengeId, method: 'sms', code }, c.ip);
    expect(res.statusCode).toBe(200);
    const token = (res.json() as { value: { token: string } }).value.token;
    expect((await call(app, { method: 'GET', url: '/wps/member/info', token })).statusCode).toBe(200);
    // Completed once only.
    expect((await verify({ challengeId: c.challengeId, method: 'sms', code }, c.ip)).statusCode).toBe(401);
    expect((await loginRaw(app, m.account, m.password, {}, { ip: c.ip })).json()).toMatchObject({
      value: { kind: 'session' },
    });
  });

  it('refuses a member under time-out (issue 10) at the password step and at the verify step', async () => {
    const m = await member();
    // A challenge asked before the time-out started: its code no longer logs in.
    const c = await challenge(m);
    await sendCode(c.challengeId, 'sms');
    const until = new Date(clock.now().getTime() + 86_400_000);
    await app.services.db.query(
      `insert into member_protection (member_id, exclusion_kind, excluded_until, excluded_at, updated_at)
       values ($1, 'time_out', $2, $3, $3)`,
      [m.id, until, clock.now()],
    );
    const refusal = { message: 'errors.timed_out', value: { until: until.toISOString() } };
    const res = await verify(
      { challengeId: c.challengeId, method: 'sms', code: await lastCode(app, m.mobile) },
      c.ip,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(refusal);
    // A new address gets no challenge, the known one no session: the same refusal.
    for (const ip of [freshIp(), m.home]) {
      const again = await loginRaw(app, m.account, m.password, {}, { ip });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject(refusal);
    }
  });

  it('completes with an e-mail code', async () => {
    const m = await member();
    const c = await challenge(m);
    await sendCode(c.challengeId, 'email');
    const res = await verify(
      { challengeId: c.challengeId, method: 'email', code: await lastCode(app, m.email) },
      c.ip,
    );
    expect(res.statusCode).toBe(200);
  });

  it('completes with the payee name, case- and space-insensitive', async () => {
    const m = await member();
    const c = await challenge(m);
    const wrong = await verify(
      { challengeId: c.challengeId, method: 'payee', payeeName: 'Someone Else' },
      c.ip,
    );
    expect(wrong.statusCode).toBe(422);
    const res = await verify(
      { challengeId: c.challengeId, method: 'payee', payeeName: ' aung sankyaw ' },
      c.ip,
    );
    expect(res.statusCode).toBe(200);
  });

  it('completes with a TOTP code within ±1 step and refuses its reuse', async () => {
    const secret = newTotpSecret();
    const m = await member({ totp_secret: secret, totp_enabled: true });
    const c = await challenge(m);
    expect(c.methods).toContain('totp');
    const t = clock.now().getTime();
    const tooOld = totpCode(secret, t - 2 * TOTP_PERIOD_SECONDS * SEC);
    expect(
      (await verify({ challengeId: c.challengeId, method: 'totp', code: tooOld }, c.ip)).statusCode,
    ).toBe(422);
    const previous = totpCode(secret, t - TOTP_PERIOD_SECONDS * SEC);
    expect(
      (await verify({ challengeId: c.challengeId, method: 'totp', code: previous }, c.ip)).statusCode,
    ).toBe(200);
    // The same step again, on a new challenge: refused.
    const c2 = await challenge(m);
    expect(
      (await verify({ challengeId: c2.challengeId, method: 'totp', code: previous }, c2.ip)).statusCode,
    ).toBe(422);
    const next = totpCode(secret, t + TOTP_PERIOD_SECONDS * SEC);
    expect(
      (await verify({ challengeId: c2.challengeId, method: 'totp', code: next }, c2.ip)).statusCode,
    ).toBe(200);
  });

  it('allows 5 wrong tries per challenge and 10 minutes', async () => {
    const m = await member();
    const c = await challenge(m);
    for (let i = 0; i < 4; i++) {
      expect(
        (await verify({ challengeId: c.challengeId, method: 'payee', payeeName: 'x' }, c.ip)).statusCode,
      ).toBe(422);
    }
    const fifth = await verify({ challengeId: c.challengeId, method: 'payee', payeeName: 'x' }, c.ip);
    expect(fifth.json()).toMatchObject({ message: 'errors.challenge_expired' });
    const right = await verify(
      { challengeId: c.challengeId, method: 'payee', payeeName: 'Aung San Kyaw' },
      c.ip,
    );
    expect(right.statusCode).toBe(401);
    const c2 = await challenge(m);
    clock.advance(10 * 60 * SEC + SEC);
    expect(
      (await verify({ challengeId: c2.challengeId, method: 'payee', payeeName: 'Aung San Kyaw' }, c2.ip))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a method the member does not have, and lets the login through when none exists', async () => {
    const m = await member({ payee_name: null, email_verified: false });
    const c = await challenge(m);
    expect(c.methods).toEqual(['sms']);
    expect(
      (await verify({ challengeId: c.challengeId, method: 'payee', payeeName: 'x' }, c.ip)).statusCode,
    ).toBe(400);
    const bare = await addMember(app);
    await login(app, bare.account, bare.password, {}, { ip: freshIp() });
    expect((await loginRaw(app, bare.account, bare.password, {}, { ip: freshIp() })).json()).toMatchObject({
      value: { kind: 'session' },
    });
  });

  it('keeps the forced change after the step for a 123456 password', async () => {
    const m = await member();
    await app.services.db.query('update members set must_change_password = true where account = $1', [
      m.account,
    ]);
    const c = await challenge(m);
    const res = await verify(
      { challengeId: c.challengeId, method: 'payee', payeeName: 'Aung San Kyaw' },
      c.ip,
    );
    expect(res.json()).toMatchObject({ value: { mustChangePassword: true } });
  });
});
