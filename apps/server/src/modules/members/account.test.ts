import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, freshIp, lastCode, login, loginRaw, outbox, setFlag } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const form = (url: string, body: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });

describe('recovery by e-mail', () => {
  it('answers the same for a match, a wrong e-mail and an unknown user; only a match gets a code', async () => {
    const m = await addMember(app, { set: { email: 'reset.me@example.com' } });
    const match = await form('/wps/member/password/email', {
      username: m.account,
      email: 'Reset.Me@example.com',
    });
    const wrongEmail = await form('/wps/member/password/email', {
      username: m.account,
      email: 'other@example.com',
    });
    const unknown = await form('/wps/member/password/email', {
      username: 'nobody77',
      email: 'reset.me@example.com',
    });
    // A second request within 60 s is throttled inside, yet answers the same.
    const again = await form('/wps/member/password/email', {
      username: m.account,
      email: 'reset.me@example.com',
    });
    for (const r of [match, wrongEmail, unknown, again]) {
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ success: true, value: null });
    }
    const mails = await outbox(app, 'reset.me@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.channel).toBe('email');
    expect(mails[0]?.subject).toBeTruthy();
    expect(await outbox(app, 'other@example.com')).toEqual([]);

    const s = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const reset = (code: string, newPassword = 'Fresh2026x') =>
      call(app, {
        method: 'POST',
        url: '/wps/member/password/email/reset',
        payload: { username: m.account, email: 'reset.me@example.com', code, newPassword },
      });
    const wrong = mails[0]?.code === '000000' ? '111111' : '000000';
    expect((await reset(wrong)).json()).toMatchObject({ message: 'phone_auth.invalid_code' });
    expect((await reset(mails[0]?.code ?? '', 'password1')).json()).toMatchObject({
      message: 'errors.weak_password',
    });
    const ok = await reset(mails[0]?.code ?? '');
    expect(ok.json()).toEqual({ success: true, value: { username: m.account } });
    expect((await call(app, { method: 'GET', url: '/wps/member/info', token: s.token })).statusCode).toBe(
      401,
    );
    await expect(login(app, m.account, 'Fresh2026x', {}, { ip: freshIp() })).resolves.toBeTruthy();
  });

  it('refuses a JSON body and junk on the form call without a 5xx', async () => {
    const res = await form('/wps/member/password/email', { username: 'x', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
  });
});

describe('recovery by phone', () => {
  it('changes the password with the SMS code, ends the sessions and answers the username for the auto-login', async () => {
    const m = await addMember(app, {
      set: { mobile: '977777777', country_dialing_code: '+95', mobile_verified: true },
    });
    const s = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const send = await call(app, {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: '977777777', countryDialingCode: '+95', purpose: 'recovery' },
    });
    expect(send.statusCode).toBe(200);
    const code = await lastCode(app, '+95 977777777');
    const res = await call(app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: {
        newPassword: 'Phone2026x',
        mobileNum: '977777777',
        verificationCode: code,
        countryDialingCode: '+95',
      },
    });
    expect(res.json()).toEqual({ success: true, value: { username: m.account } });
    expect((await call(app, { method: 'GET', url: '/wps/member/info', token: s.token })).statusCode).toBe(
      401,
    );
    await expect(login(app, m.account, 'Phone2026x', {}, { ip: freshIp() })).resolves.toBeTruthy();
    // The code was used up.
    const again = await call(app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: { newPassword: 'Phone2026y', mobileNum: '977777777', verificationCode: code },
    });
    expect(again.json()).toMatchObject({ message: 'phone_auth.code_expired' });
    await setFlag(app, 'phonePasswordRecovery', false);
    const off = await call(app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: { newPassword: 'Phone2026y', mobileNum: '977777777', verificationCode: code },
    });
    expect(off.json()).toMatchObject({ message: 'phone_auth.operation_not_allowed' });
    await setFlag(app, 'phonePasswordRecovery', true);
  });
});

describe('member info', () => {
  it('masks the mobile and e-mail and shows the previous login', async () => {
    const first = await login(app, 'demo01', 'Demo2026!', {}, { ip: '192.0.2.10' });
    const info1 = await call(app, { method: 'GET', url: '/wps/member/info', token: first.token });
    const second = await login(app, 'demo01', 'Demo2026!', {}, { ip: '192.0.2.11' });
    const info = (
      await call(app, { method: 'GET', url: '/wps/member/info', token: second.token })
    ).json() as {
      value: Record<string, unknown>;
    };
    expect(info.value).toMatchObject({
      account: 'demo01',
      mobile: '+95 ••••5678',
      email: 'd•••@example.com',
      // The demo money seed gives demo01 the payment password 135790 (README).
      hasPaymentPassword: true,
      totpEnabled: false,
      toUpline: false,
      clubLabel: null,
      memberLabel: [],
      previousLogin: { ip: '192.0.2.10' },
    });
    expect(JSON.stringify(info.value)).not.toContain('912345678');
    expect(JSON.stringify(info.value)).not.toContain('demo01@');
    expect(info1.statusCode).toBe(200);
  });

  it('answers the STATIC default avatar, served as an SVG', async () => {
    const s = await login(app, 'agent01', 'Agent2026!', {}, { ip: freshIp() });
    const icon = await call(app, { method: 'GET', url: '/wps/member/info/icon', token: s.token });
    const relay = await call(app, { method: 'GET', url: '/wps/relay/MCSFE_getPlayerAvatar', token: s.token });
    const v = (icon.json() as { value: { avatar: string; avatarType: string } }).value;
    expect(v).toMatchObject({ avatarType: 'STATIC' });
    expect(v.avatar).toMatch(/^\/static\/avatars\/\d\.svg$/);
    expect(relay.json()).toEqual(icon.json());
    const svg = await app.inject({ method: 'GET', url: v.avatar });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    expect((await app.inject({ method: 'GET', url: '/static/avatars/99.svg' })).statusCode).toBe(404);
  });

  it('refuses a frozen account at login', async () => {
    const m = await addMember(app, { set: { status: 'frozen' } });
    const res = await loginRaw(app, m.account, m.password, {}, { ip: freshIp() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'errors.account_frozen' });
  });
});
