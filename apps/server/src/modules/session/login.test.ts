import { createHash } from 'node:crypto';
import { encryptPayload, toBase64, fromBase64 } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../../lib/password.ts';
import {
  addMember,
  call,
  freshIp,
  login,
  loginRaw,
  payloadKey,
  secureCall,
  setFlag,
  solvedCaptcha,
} from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const WRONG = {
  success: false,
  code: 'UNAUTHORIZED',
  message: 'errors.wrong_credentials',
  value: { captcha: false },
};

describe('passwords', () => {
  it('hashes with argon2id, m = 19 MiB, t = 2, p = 1', async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const h = await hashPassword('Secret2026!');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'Secret2026!')).toBe(true);
    expect(await verifyPassword(h, 'secret2026!')).toBe(false);
    const [row] = await app.services.db.query<{ password_hash: string }>(
      `select password_hash from members where account = 'demo01'`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('login', () => {
  it('logs demo01 in with a 256-bit token that the database only holds hashed', async () => {
    const s = await login(app, 'demo01', 'Demo2026!', {}, { ip: freshIp() });
    expect(s.mustChangePassword).toBe(false);
    expect(fromBase64(s.token.replace(/-/g, '+').replace(/_/g, '/') + '=').length).toBe(32);
    // The token appears nowhere in the database; its SHA-256 does.
    const dump = await app.services.db.query<{ t: string }>(
      `select string_agg(token_hash || ' ' || member_id || ' ' || coalesce(user_agent, ''), ' ') as t from sessions`,
    );
    expect(dump[0]?.t).not.toContain(s.token);
    const hash = createHash('sha256').update(s.token).digest('hex');
    expect(dump[0]?.t).toContain(hash);
    for (const table of ['sessions', 'login_events', 'remember_tokens', 'members']) {
      const [r] = await app.services.db.query<{ t: string | null }>(
        `select string_agg(x::text, ' ') as t from ${table} x`,
      );
      expect(r?.t ?? '').not.toContain(s.token);
    }
    const info = await call(app, { method: 'GET', url: '/wps/member/info', token: s.token });
    expect(info.json()).toMatchObject({ success: true, value: { account: 'demo01', type: 3 } });
  });

  it('accepts the username in any case', async () => {
    await expect(login(app, 'DEMO01', 'Demo2026!', {}, { ip: freshIp() })).resolves.toBeTruthy();
  });

  it('answers an unknown user and a wrong password identically', async () => {
    const unknown = await loginRaw(app, 'nobody99', 'Whatever1', {}, { ip: freshIp() });
    const wrong = await loginRaw(app, 'player01', 'Whatever1', {}, { ip: freshIp() });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(WRONG);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses a replayed payload and answers a tampered one exactly like wrong credentials', async () => {
    const wrong = await loginRaw(app, 'agent02', 'Wrong-2026', {}, { ip: freshIp() });
    const body = await encryptPayload(await payloadKey(app), {
      type: 'username',
      username: 'agent02',
      password: 'Agent2026!',
    });
    const first = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(first.statusCode).toBe(200);
    const replay = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(replay.statusCode).toBe(wrong.statusCode);
    expect(replay.json()).toEqual(wrong.json());

    const fresh = await encryptPayload(await payloadKey(app), {
      type: 'username',
      username: 'agent02',
      password: 'Agent2026!',
    });
    const bytes = fromBase64(fresh.data);
    bytes[5] = (bytes[5] ?? 0) ^ 0x01;
    const tampered = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { ...fresh, data: toBase64(bytes) },
      remoteAddress: freshIp(),
    });
    expect(tampered.statusCode).toBe(wrong.statusCode);
    expect(tampered.json()).toEqual(wrong.json());

    const otherKey = await encryptPayload(await payloadKey(app), {
      type: 'username',
      username: 'agent02',
      password: 'Agent2026!',
    });
    const wrongKeyId = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { ...otherKey, keyId: 'nope' },
      remoteAddress: freshIp(),
    });
    expect(wrongKeyId.json()).toEqual(wrong.json());

    // An expired nonce (5 minutes).
    const k = await payloadKey(app);
    await app.services.db.query(
      `update payload_nonces set expires_at = now() - interval '1 second' where nonce = $1`,
      [k.nonce],
    );
    const late = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: await encryptPayload(k, { type: 'username', username: 'agent02', password: 'Agent2026!' }),
      remoteAddress: freshIp(),
    });
    expect(late.json()).toEqual(wrong.json());
  });

  it('answers a bad payload on the other encrypted calls with 400', async () => {
    const body = await encryptPayload(await payloadKey(app), {
      os: 'linux',
      platform: 'W',
      random: 'r'.repeat(20),
    });
    const ok = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: body });
    expect(ok.statusCode).toBe(200);
    const replay = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: body });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'errors.bad_request' });
  });

  it('asks for the captcha after 3 failures of an account, then needs it', async () => {
    const { account, password } = await addMember(app);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await loginRaw(app, account, `Bad-${i}x`, {}, { ip: freshIp() })).json());
    expect(answers.map((a: { value: { captcha: boolean } }) => a.value.captcha)).toEqual([
      false,
      false,
      true,
    ]);
    // The right password without a captcha: the same failure.
    const noCaptcha = await loginRaw(app, account, password, {}, { ip: freshIp() });
    expect(noCaptcha.statusCode).toBe(401);
    expect(noCaptcha.json()).toMatchObject({ message: 'errors.wrong_credentials', value: { captcha: true } });
    const wrongCaptcha = await solvedCaptcha(app, 'abcd');
    const bad = await loginRaw(
      app,
      account,
      password,
      { captcha: 'zzzz' },
      { ip: freshIp(), cookie: wrongCaptcha.cookie },
    );
    expect(bad.statusCode).toBe(401);
    const c = await solvedCaptcha(app);
    const good = await loginRaw(
      app,
      account,
      password,
      { captcha: c.answer },
      { ip: freshIp(), cookie: c.cookie },
    );
    expect(good.statusCode).toBe(200);
  });

  it('asks for the captcha after 3 failures from one address, whatever the accounts', async () => {
    const ip = freshIp();
    const flags = [];
    for (const u of ['ghost1', 'ghost2', 'ghost3']) {
      flags.push(
        ((await loginRaw(app, u, 'Bad-pass1', {}, { ip })).json() as { value: { captcha: boolean } }).value
          .captcha,
      );
    }
    expect(flags).toEqual([false, false, true]);
    const m = await addMember(app);
    const res = await loginRaw(app, m.account, m.password, {}, { ip });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ value: { captcha: true } });
    // A spoofed X-Forwarded-For does not change the address (no TRUST_PROXY).
    const spoofed = await loginRaw(
      app,
      m.account,
      m.password,
      {},
      { ip, headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(spoofed.statusCode).toBe(401);
  });

  it('gives 123456 a session that can only change the password', async () => {
    const s = await login(app, 'weak01', '123456', {}, { ip: freshIp() });
    expect(s.mustChangePassword).toBe(true);
    const info = await call(app, { method: 'GET', url: '/wps/member/info', token: s.token });
    expect(info.statusCode).toBe(200);
    const other = await call(app, { method: 'GET', url: '/wps/member/info/icon', token: s.token });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN', message: 'errors.password_change_required' });
    // The forced flow: no old password; 123456 itself and common passwords refused.
    const weak = await secureCall(
      app,
      'POST',
      '/wps/member/password',
      { newPassword: 'password1', confirmNewPassword: 'password1' },
      { token: s.token },
    );
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({
      message: 'errors.weak_password',
      fields: { newPassword: 'errors.weak_password' },
    });
    const changed = await secureCall(
      app,
      'POST',
      '/wps/member/password',
      { newPassword: 'Strong2026x', confirmNewPassword: 'Strong2026x' },
      { token: s.token },
    );
    expect(changed.statusCode).toBe(200);
    const fresh = (changed.json() as { value: { token: string; mustChangePassword: boolean } }).value;
    expect(fresh.mustChangePassword).toBe(false);
    expect(
      (await call(app, { method: 'GET', url: '/wps/member/info/icon', token: fresh.token })).statusCode,
    ).toBe(200);
    // The old session is gone; the new password logs in with a full session.
    expect((await call(app, { method: 'GET', url: '/wps/member/info', token: s.token })).statusCode).toBe(
      401,
    );
    expect((await login(app, 'weak01', 'Strong2026x', {}, { ip: freshIp() })).mustChangePassword).toBe(false);
  });

  it('forces the change of an expired password while the policy flag is on', async () => {
    const s = await login(app, 'expired01', 'Expired2026!', {}, { ip: freshIp() });
    expect(s).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    await setFlag(app, 'forcePasswordExpiry', false);
    const off = await login(app, 'expired01', 'Expired2026!', {}, { ip: freshIp() });
    expect(off).toMatchObject({ passwordExpired: false, mustChangePassword: false });
    await setFlag(app, 'forcePasswordExpiry', true);
  });

  it('keeps non-agents out of the agent entry and trial accounts out of the member entry', async () => {
    const player = await addMember(app);
    const res = await loginRaw(app, player.account, player.password, { entry: 'agent' }, { ip: freshIp() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'errors.non_agent_login' });
    expect(
      (await loginRaw(app, player.account, player.password, { entry: 'member' }, { ip: freshIp() }))
        .statusCode,
    ).toBe(200);
    const agent = await addMember(app, { type: 41 });
    expect(
      (await loginRaw(app, agent.account, agent.password, { entry: 'agent' }, { ip: freshIp() })).statusCode,
    ).toBe(200);
    // Agents also play: the member entry lets them in.
    expect(
      (await loginRaw(app, agent.account, agent.password, { entry: 'member' }, { ip: freshIp() })).statusCode,
    ).toBe(200);
    // A trial account that somehow has a password still cannot use the member entry.
    const trial = await addMember(app, { type: 4 });
    const t = await loginRaw(app, trial.account, trial.password, { entry: 'member' }, { ip: freshIp() });
    expect(t.statusCode).toBe(403);
    expect(t.json()).toMatchObject({ message: 'errors.non_member_login' });
  });

  it('reports the first login until the first-login call', async () => {
    const [row] = await app.services.db.query<{ id: string }>(
      `insert into members (merchant_id, account, password_hash, type) select merchant_id, 'fresh01', password_hash, 3 from members where account = 'agent02' returning id`,
    );
    expect(row).toBeDefined();
    const s = await login(app, 'fresh01', 'Agent2026!', {}, { ip: freshIp() });
    expect(s.firstTimeLogin).toBe(true);
    expect(
      (await call(app, { method: 'POST', url: '/wps/member/firstLogin', token: s.token, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await login(app, 'fresh01', 'Agent2026!', {}, { ip: freshIp() })).firstTimeLogin).toBe(false);
  });

  it('remembers the username (never the password) for a day in an HttpOnly cookie; logout clears it', async () => {
    const res = await loginRaw(app, 'agent02', 'Agent2026!', { rememberMe: true }, { ip: freshIp() });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^remember_token=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Strict/,
    );
    expect(cookie).not.toContain('Agent2026');
    const token = cookie.split(';')[0] ?? '';
    const remembered = await call(app, { method: 'GET', url: '/wps/session/remembered', cookie: token });
    expect(remembered.json()).toEqual({ success: true, value: { username: 'agent02' } });
    const session = (res.json() as { value: { session: { token: string } } }).value.session;
    const out = await call(app, {
      method: 'DELETE',
      url: '/wps/session/logout',
      token: session.token,
      cookie: token,
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect(
      (await call(app, { method: 'GET', url: '/wps/session/remembered', cookie: token })).json(),
    ).toEqual({
      success: true,
      value: { username: null },
    });
    expect(
      (await call(app, { method: 'GET', url: '/wps/member/info', token: session.token })).statusCode,
    ).toBe(401);
  });

  it('writes every attempt to login_events', async () => {
    const ip = freshIp();
    const m = await addMember(app);
    await loginRaw(app, m.account, 'Nope-2026', {}, { ip });
    await login(app, m.account, m.password, {}, { ip });
    const rows = await app.services.db.query<{
      success: boolean;
      reason: string | null;
      account_tried: string;
    }>('select success, reason, account_tried from login_events where ip = $1 order by id', [ip]);
    expect(rows).toEqual([
      { success: false, reason: 'wrong_credentials', account_tried: m.account },
      { success: true, reason: null, account_tried: m.account },
    ]);
  });
});

describe('free play', () => {
  it('creates a trial account (type 4) with a session; refused when the flag is off', async () => {
    const res = await secureCall(app, 'POST', '/wps/session/login/freeplay', {
      os: 'linux',
      platform: 'W',
      random: 'x'.repeat(24),
    });
    expect(res.statusCode).toBe(200);
    const s = (res.json() as { value: { token: string } }).value;
    const info = await call(app, { method: 'GET', url: '/wps/member/info', token: s.token });
    expect(info.json()).toMatchObject({ value: { type: 4 } });
    expect((info.json() as { value: { account: string } }).value.account).toMatch(/^guest_[0-9a-f]{12}$/);
    await setFlag(app, 'freePlay', false);
    const off = await secureCall(app, 'POST', '/wps/session/login/freeplay', {
      os: 'linux',
      platform: 'W',
      random: 'x'.repeat(24),
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ message: 'errors.forbidden' });
    await setFlag(app, 'freePlay', true);
  });

  it('keeps trial accounts out of the password login', async () => {
    const [g] = await app.services.db.query<{ account: string }>(
      `select account from members where type = 4 limit 1`,
    );
    const res = await loginRaw(app, g?.account ?? 'x', 'anything1', {}, { ip: freshIp() });
    expect(res.json()).toEqual(WRONG);
  });
});

describe('auth rules', () => {
  it('answers member calls without a session with 401 errors.not_logged_in', async () => {
    const res = await app.inject({ method: 'GET', url: '/wps/member/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'errors.not_logged_in' });
    const junk = await call(app, { method: 'GET', url: '/wps/member/info', token: 'x'.repeat(43) });
    expect(junk.statusCode).toBe(401);
  });

  it('stores the language of a signed-in member, echoes it for guests', async () => {
    const guest = await app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      payload: { language: 'EN' },
    });
    expect(guest.json()).toEqual({ success: true, value: { language: 'EN', stored: false } });
    const m = await addMember(app);
    const s = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const res = await call(app, {
      method: 'PUT',
      url: '/wps/member/language',
      payload: { language: 'TH' },
      token: s.token,
    });
    expect(res.json()).toEqual({ success: true, value: { language: 'TH', stored: true } });
    const info = await call(app, { method: 'GET', url: '/wps/member/info', token: s.token });
    expect(info.json()).toMatchObject({ value: { language: 'TH' } });
  });

  it('lists the session calls in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of ['/wps/session/login', '/wps/member/register', '/wps/member/info', '/wps/session/key']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });
});
