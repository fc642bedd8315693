import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { login, loginRaw, secureCall } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';
import { createTestMember } from '../security/test-members.ts';
import { hashToken } from '../session/session.service.ts';
import { telegramHash } from './telegram.ts';
import { startTestOidcProvider, type TestOidcProvider } from './test-oidc-provider.ts';

const PUBLIC_URL = 'http://localhost:8080';
const BOT_TOKEN = '123456789:test-bot-token';
let op: TestOidcProvider;
let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  op = await startTestOidcProvider(`${PUBLIC_URL}/social/callback`);
  const social: SocialConfig = {
    publicUrl: PUBLIC_URL,
    google: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret },
    // Flag on but no client id: not offered.
    facebook: { issuer: 'https://www.facebook.com', clientId: undefined, clientSecret: undefined },
    telegram: { botToken: BOT_TOKEN, botName: 'test_bot' },
  };
  app = await buildTestApp({ config: { social } });
  db = app.services.db;
});
afterAll(async () => {
  await app.close();
  await op.close();
});

const setFlag = (id: string, on: boolean) => app.services.ops.flag(id, on);

type Body = { success: boolean; value?: unknown; code?: string; message?: string };

async function start(provider = 'google') {
  const res = await app.inject({ method: 'POST', url: '/wps/session/social/start', payload: { provider } });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  const cookie = /^(social_state=[^;]*)/.exec(setCookie)?.[1];
  return { status: res.statusCode, body: res.json<Body>(), setCookie, cookie };
}

async function complete(payload: Record<string, string>, cookie?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/wps/session/social/complete',
    payload: { provider: 'google', ...payload },
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, body: res.json<Body>() };
}

/** A whole login: start, the provider's redirect, then what /social/callback posts. */
async function socialLogin() {
  const s = await start();
  expect(s.status).toBe(200);
  const { code, state } = await op.authorize((s.body.value as { url: string }).url);
  return complete({ code, state }, s.cookie);
}

async function memberOf(
  token: string,
): Promise<{ id: number; account: string; nickname: string | null; type: number }> {
  const [row] = await db.query<{ id: number; account: string; nickname: string | null; type: number }>(
    `select m.id::int as id, m.account, m.nickname, m.type from sessions s join members m on m.id = s.member_id
      where s.token_hash = $1`,
    [hashToken(token)],
  );
  return row!;
}

describe('social logins behind their flags', () => {
  it('are not offered and refused (403) while the flags are off', async () => {
    const list = await app.inject({ url: '/wps/session/social/providers' });
    expect(list.json<Body>().value).toEqual([]);
    expect((await start()).status).toBe(403);
    expect((await complete({ code: 'x', state: 'y' })).status).toBe(403);
  });

  it('lists the enabled and configured providers; an unconfigured one answers 503', async () => {
    for (const f of ['socialGoogle', 'socialFacebook', 'socialTelegram']) await setFlag(f, true);
    const list = await app.inject({ url: '/wps/session/social/providers' });
    expect(list.json<Body>().value).toEqual([
      { provider: 'google', botName: null },
      { provider: 'telegram', botName: 'test_bot' },
    ]);
    const fb = await start('facebook');
    expect(fb.status).toBe(503);
    expect(fb.body.message).toBe('errors.service_unavailable');
  });
});

describe('OpenID Connect login against a local provider', () => {
  it('starts with state, nonce and PKCE bound to an HttpOnly SameSite=Lax cookie', async () => {
    const s = await start();
    expect(s.status).toBe(200);
    const url = new URL((s.body.value as { url: string }).url);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/social/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const state = url.searchParams.get('state');
    expect(s.cookie).toBe(`social_state=${state}`);
    expect(s.setCookie).toMatch(/HttpOnly/);
    expect(s.setCookie).toMatch(/SameSite=Lax/);
    expect(s.setCookie).toMatch(/Max-Age=600/);
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from oauth_states where state = $1 and expires_at > now() + interval '9 minutes'`,
      [state],
    );
    expect(row!.n).toBe(1);
  });

  it('creates a member on the first login and finds the same one on the second', async () => {
    op.signInAs({
      sub: 'google-sub-1',
      email: 'new.person@example.com',
      email_verified: true,
      name: 'New Person',
    });
    const first = await socialLogin();
    expect(first.status).toBe(200);
    const v = first.body.value as { token: string; firstTimeLogin: boolean; mustChangePassword: boolean };
    expect(v.mustChangePassword).toBe(false);
    expect(v.firstTimeLogin).toBe(true);
    const m = await memberOf(v.token);
    expect(m.account).toMatch(/^google_[0-9a-f]{10}$/);
    expect(m).toMatchObject({ nickname: 'New Person', type: 3 });
    // The session works on a member call.
    const profile = await app.inject({
      url: '/wps/member/profile',
      headers: { authorization: `Bearer ${v.token}` },
    });
    expect(profile.statusCode).toBe(200);
    const [ev] = await db.query<{ method: string; success: boolean }>(
      'select method, success from login_events where member_id = $1',
      [m.id],
    );
    expect(ev).toEqual({ method: 'social:google', success: true });
    // The address is now known to the new-IP step.
    const [ip] = await db.query<{ n: number }>(
      'select count(*)::int as n from known_ips where member_id = $1',
      [m.id],
    );
    expect(ip!.n).toBe(1);

    const second = await socialLogin();
    expect(second.status).toBe(200);
    expect((await memberOf((second.body.value as { token: string }).token)).id).toBe(m.id);
    const [n] = await db.query<{ n: number }>(
      `select count(*)::int as n from social_identities where provider = 'google' and subject = 'google-sub-1'`,
    );
    expect(n!.n).toBe(1);

    // No login password yet (nobody can sign in with one); the member may set one without an
    // old password (spec §5), and then sign in with it.
    expect((await loginRaw(app, m.account, '')).statusCode).toBe(401);
    expect((await loginRaw(app, m.account, 'Anything1')).statusCode).toBe(401);
    const set = await secureCall(
      app,
      'POST',
      '/wps/member/password',
      { newPassword: 'Chosen2026', confirmNewPassword: 'Chosen2026' },
      { token: (second.body.value as { token: string }).token },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(app, m.account, 'Chosen2026')).token).toMatch(/^[\w-]{43}$/);
  });

  it('links to the member whose verified e-mail is the token’s verified e-mail, never to an unverified one', async () => {
    const bob = await createTestMember(db, {
      account: 'bob01',
      password: 'Secret123',
      email: 'bob@example.com',
      emailVerified: true,
    });
    op.signInAs({ sub: 'google-bob', email: 'Bob@Example.com', email_verified: true, name: 'Bob' });
    const linked = await socialLogin();
    expect(linked.status).toBe(200);
    expect((await memberOf((linked.body.value as { token: string }).token)).id).toBe(bob.id);

    // The provider does not vouch for the address: a new member, not bob's account.
    op.signInAs({ sub: 'google-mallory', email: 'bob@example.com', email_verified: false });
    const notLinked = await socialLogin();
    expect(notLinked.status).toBe(200);
    expect((await memberOf((notLinked.body.value as { token: string }).token)).id).not.toBe(bob.id);

    // Nor an address that is on file but not verified.
    const carol = await createTestMember(db, {
      account: 'carol01',
      password: 'Secret123',
      email: 'carol@example.com',
    });
    op.signInAs({ sub: 'google-carol', email: 'carol@example.com', email_verified: true });
    const other = await socialLogin();
    expect((await memberOf((other.body.value as { token: string }).token)).id).not.toBe(carol.id);
  });

  it('refuses a frozen member', async () => {
    op.signInAs({ sub: 'google-frozen', name: 'Frozen' });
    const ok = await socialLogin();
    const m = await memberOf((ok.body.value as { token: string }).token);
    await db.query(`update members set status = 'frozen' where id = $1`, [m.id]);
    const again = await socialLogin();
    expect(again).toMatchObject({ status: 403, body: { message: 'errors.account_frozen' } });
  });

  it('refuses a member under time-out or self-exclusion (issue 10) like the password login', async () => {
    op.signInAs({ sub: 'google-timeout', name: 'Resting' });
    const ok = await socialLogin();
    const m = await memberOf((ok.body.value as { token: string }).token);
    const until = new Date(Date.now() + 86_400_000);
    await db.query(
      `insert into member_protection (member_id, exclusion_kind, excluded_until, excluded_at, updated_at)
       values ($1, 'time_out', $2, now(), now())`,
      [m.id, until],
    );
    const again = await socialLogin();
    expect(again).toMatchObject({
      status: 403,
      body: { message: 'errors.timed_out', value: { until: until.toISOString() } },
    });
    await db.query(
      `update member_protection set exclusion_kind = 'self_exclusion', excluded_until = null where member_id = $1`,
      [m.id],
    );
    expect(await socialLogin()).toMatchObject({
      status: 403,
      body: { message: 'errors.self_excluded', value: { until: null } },
    });
  });

  it('refuses a state without its cookie, a wrong state, a used state and an expired state', async () => {
    op.signInAs({ sub: 'google-sub-2' });
    const failed = { success: false, code: 'UNAUTHORIZED', message: 'errors.social_login_failed' };

    let s = await start();
    let r = await op.authorize((s.body.value as { url: string }).url);
    expect(await complete({ code: r.code, state: r.state })).toMatchObject({ status: 401, body: failed });
    // Without the cookie the state was not spent: the right browser can still finish.
    expect((await complete({ code: r.code, state: r.state }, s.cookie)).status).toBe(200);
    // Used.
    expect(await complete({ code: r.code, state: r.state }, s.cookie)).toMatchObject({
      status: 401,
      body: failed,
    });

    // Another browser's state (its own cookie names a different one).
    s = await start();
    const other = await start();
    r = await op.authorize((s.body.value as { url: string }).url);
    expect(await complete({ code: r.code, state: r.state }, other.cookie)).toMatchObject({ status: 401 });
    // A state that was never issued, with a matching cookie.
    expect(await complete({ code: r.code, state: 'forged' }, 'social_state=forged')).toMatchObject({
      status: 401,
    });

    // Expired (10 minutes).
    s = await start();
    r = await op.authorize((s.body.value as { url: string }).url);
    await db.query(`update oauth_states set expires_at = now() - interval '1 second' where state = $1`, [
      r.state,
    ]);
    expect(await complete({ code: r.code, state: r.state }, s.cookie)).toMatchObject({ status: 401 });

    // The state of one provider is not accepted for another.
    s = await start();
    r = await op.authorize((s.body.value as { url: string }).url);
    const fb = await app.inject({
      method: 'POST',
      url: '/wps/session/social/complete',
      payload: { provider: 'facebook', code: r.code, state: r.state },
      headers: { cookie: s.cookie! },
    });
    expect(fb.statusCode).toBe(503);

    // A made-up code with a good state.
    s = await start();
    const state = new URL((s.body.value as { url: string }).url).searchParams.get('state')!;
    expect(await complete({ code: 'not-a-code', state }, s.cookie)).toMatchObject({
      status: 401,
      body: failed,
    });
  });
});

describe('Telegram login', () => {
  const url = '/wps/session/social/telegram';
  const sign = (d: Record<string, string | number>) => ({ ...d, hash: telegramHash(d, BOT_TOKEN) });
  const now = () => Math.floor(Date.now() / 1000);

  it('logs a valid signed payload in, creating then finding the member', async () => {
    const data = sign({
      id: 777001,
      first_name: 'Tele',
      last_name: 'Gram',
      username: 'telegram_user',
      auth_date: now() - 10,
    });
    const first = await app.inject({ method: 'POST', url, payload: data });
    expect(first.statusCode).toBe(200);
    const m = await memberOf(first.json<{ value: { token: string } }>().value.token);
    expect(m.account).toMatch(/^telegram_[0-9a-f]{10}$/);
    expect(m.nickname).toBe('Tele Gram');
    const [row] = await db.query<{ telegram: string }>('select telegram from members where id = $1', [m.id]);
    expect(row!.telegram).toBe('@telegram_user');
    const again = await app.inject({ method: 'POST', url, payload: sign({ id: 777001, auth_date: now() }) });
    expect(again.statusCode).toBe(200);
    expect((await memberOf(again.json<{ value: { token: string } }>().value.token)).id).toBe(m.id);
  });

  it('refuses a member under time-out (issue 10)', async () => {
    const first = await app.inject({ method: 'POST', url, payload: sign({ id: 777010, auth_date: now() }) });
    const m = await memberOf(first.json<{ value: { token: string } }>().value.token);
    await db.query(
      `insert into member_protection (member_id, exclusion_kind, excluded_until, excluded_at, updated_at)
       values ($1, 'time_out', now() + interval '1 day', now(), now())`,
      [m.id],
    );
    const again = await app.inject({ method: 'POST', url, payload: sign({ id: 777010, auth_date: now() }) });
    expect(again.statusCode).toBe(403);
    expect(again.json<{ message: string }>().message).toBe('errors.timed_out');
  });

  it('refuses a tampered field, a foreign bot and an old auth_date', async () => {
    const data = sign({ id: 777002, username: 'someone', auth_date: now() });
    const tampered = await app.inject({ method: 'POST', url, payload: { ...data, id: 777003 } });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ message: 'errors.social_login_failed' });
    const foreign = {
      id: 777002,
      auth_date: now(),
      hash: telegramHash({ id: 777002, auth_date: now() }, '1:other'),
    };
    expect((await app.inject({ method: 'POST', url, payload: foreign })).statusCode).toBe(401);
    const old = sign({ id: 777002, auth_date: now() - 86_400 - 60 });
    const res = await app.inject({ method: 'POST', url, payload: old });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'errors.social_login_expired' });
    expect((await app.inject({ method: 'POST', url, payload: { ...data, extra: 1 } })).statusCode).toBe(400);
  });

  it('is refused while its flag is off', async () => {
    await setFlag('socialTelegram', false);
    const res = await app.inject({ method: 'POST', url, payload: sign({ id: 1, auth_date: now() }) });
    expect(res.statusCode).toBe(403);
    await setFlag('socialTelegram', true);
  });
});
