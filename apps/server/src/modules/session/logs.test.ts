import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, lastCode, login, loginRaw, secureCall } from '../../test/accounts.ts';
import { buildLoggingApp } from '../../test/helper.ts';

let app: FastifyInstance;
let lines: string[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, lines, close } = await buildLoggingApp('debug'));
});
afterAll(() => close());

it('keeps passwords, tokens, codes and remember cookies out of the logs of every session path', async () => {
  const s = await login(app, 'agent02', 'Agent2026!', { rememberMe: true });
  await loginRaw(app, 'agent02', 'Wrong-Secret-77');
  await call(app, { method: 'GET', url: '/wps/member/info', token: s.token });
  await call(app, {
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    payload: { mobileNum: '912345678', countryDialingCode: '+95' },
  });
  const code = await lastCode(app, '+95 912345678');
  await secureCall(app, 'POST', '/wps/session/login', {
    type: 'sms',
    mobileNum: '912345678',
    countryDialingCode: '+95',
    verificationCode: code,
  });
  const changed = await secureCall(
    app,
    'POST',
    '/wps/member/password',
    { oldPassword: 'Agent2026!', newPassword: 'Agent2027x', confirmNewPassword: 'Agent2027x' },
    { token: s.token },
  );
  const fresh = (changed.json() as { value: { token: string } }).value.token;
  const text = lines.join('');
  expect(text.length).toBeGreaterThan(0);
  // The code quoted: its six digits alone could occur by chance inside response times.
  for (const secret of ['Agent2026!', 'Wrong-Secret-77', 'Agent2027x', s.token, fresh, `"${code}"`]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/remember_token=[A-Za-z0-9_-]{20,}/);
});

it('keeps a game launch ticket out of the logged urls', async () => {
  const ticket = 'T'.repeat(43);
  await call(app, { method: 'GET', url: `/studio/api/session?ticket=${ticket}` });
  await call(app, { method: 'GET', url: `/studio/?ticket=${ticket}&lang=en` });
  const text = lines.join('');
  expect(text).toContain('ticket=[redacted]');
  expect(text).not.toContain(ticket);
});
