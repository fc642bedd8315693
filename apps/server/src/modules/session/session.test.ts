import { defineEndpoint, MODULE_IDS } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { buildApp } from '../../app.ts';
import { registerEndpoint } from '../../lib/route.ts';
import {
  addMember,
  call,
  freshIp,
  login,
  loginRaw,
  secureCall,
  solvedCaptcha,
  testClock,
} from '../../test/accounts.ts';
import { buildTestApp, openTestDb, TEST_CONFIG } from '../../test/helper.ts';
import { moneyMember } from '../../test/money.ts';
import { requireRealAccount } from './session.plugin.ts';

const clock = testClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, passwordLimits: { perAccountPerHour: 8, perIpPerHour: 12 } });
});
afterAll(async () => app.close());

const MIN = 60_000;
const info = (token: string, ip?: string) =>
  call(app, { method: 'GET', url: '/wps/member/info', token, ...(ip ? { ip } : {}) });

describe('session expiry', () => {
  it('ends a session idle for 30 minutes; use slides the idle window', async () => {
    const m = await addMember(app);
    const s = await login(app, m.account, m.password, {}, { ip: freshIp() });
    clock.advance(29 * MIN);
    expect((await info(s.token)).statusCode).toBe(200);
    clock.advance(29 * MIN); // 58 minutes after login, 29 after the last call
    expect((await info(s.token)).statusCode).toBe(200);
    clock.advance(30 * MIN);
    const res = await info(s.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'errors.not_logged_in' });
  });

  it('ends every session after 12 hours however busy', async () => {
    const m = await addMember(app);
    const s = await login(app, m.account, m.password, {}, { ip: freshIp() });
    expect(new Date(s.expiresAt).getTime() - clock.now().getTime()).toBe(12 * 60 * MIN);
    for (let i = 0; i < 24; i++) {
      clock.advance(29 * MIN);
      expect((await info(s.token)).statusCode, `after ${(i + 1) * 29} min`).toBe(200);
    }
    clock.advance(20 * MIN); // 716 minutes
    expect((await info(s.token)).statusCode).toBe(200);
    clock.advance(5 * MIN); // 721 minutes
    expect((await info(s.token)).statusCode).toBe(401);
  });
});

describe('revocation', () => {
  it('revokes this session on logout, leaving the others', async () => {
    const m = await addMember(app);
    const a = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const b = await login(app, m.account, m.password, {}, { ip: freshIp() });
    expect(
      (await call(app, { method: 'DELETE', url: '/wps/session/logout', token: a.token })).statusCode,
    ).toBe(200);
    expect((await info(a.token)).statusCode).toBe(401);
    expect((await info(b.token)).statusCode).toBe(200);
  });

  it('revokes every session on a password change and answers a fresh one', async () => {
    const m = await addMember(app);
    const a = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const b = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const res = await secureCall(
      app,
      'POST',
      '/wps/member/password',
      { oldPassword: m.password, newPassword: 'Changed2026', confirmNewPassword: 'Changed2026' },
      { token: a.token },
    );
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { value: { token: string } }).value.token;
    expect((await info(a.token)).statusCode).toBe(401);
    expect((await info(b.token)).statusCode).toBe(401);
    expect((await info(fresh)).statusCode).toBe(200);
    expect((await loginRaw(app, m.account, m.password, {}, { ip: freshIp() })).statusCode).toBe(401);
    await expect(login(app, m.account, 'Changed2026', {}, { ip: freshIp() })).resolves.toBeTruthy();
  });

  it('checks the old password, the confirmation, weak and unchanged passwords', async () => {
    const m = await addMember(app);
    const s = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const change = (body: Record<string, string>) =>
      secureCall(app, 'POST', '/wps/member/password', body, { token: s.token });
    expect(
      (await change({ newPassword: 'Other2026x', confirmNewPassword: 'Other2026x' })).json(),
    ).toMatchObject({
      fields: { oldPassword: 'errors.input_required' },
    });
    expect(
      (
        await change({
          oldPassword: 'Wrong2026x',
          newPassword: 'Other2026x',
          confirmNewPassword: 'Other2026x',
        })
      ).json(),
    ).toMatchObject({
      code: 'UNPROCESSABLE',
      fields: { oldPassword: 'errors.wrong_password' },
    });
    expect(
      (
        await change({ oldPassword: m.password, newPassword: 'Other2026x', confirmNewPassword: 'Other2026y' })
      ).json(),
    ).toMatchObject({
      fields: { confirmNewPassword: 'errors.passwords_mismatch' },
    });
    expect(
      (await change({ oldPassword: m.password, newPassword: 'abc123', confirmNewPassword: 'abc123' })).json(),
    ).toMatchObject({
      message: 'errors.weak_password',
    });
    expect(
      (
        await change({ oldPassword: m.password, newPassword: m.password, confirmNewPassword: m.password })
      ).json(),
    ).toMatchObject({
      fields: { newPassword: 'errors.password_same_as_old' },
    });
    // The contract's password rule (letters and digits, 6–20) is checked before anything else.
    expect(
      (
        await change({
          oldPassword: m.password,
          newPassword: 'onlyletters',
          confirmNewPassword: 'onlyletters',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('password-check limits', () => {
  it('allows N checks per account per hour across login and change password, whatever the address says', async () => {
    const m = await addMember(app);
    const s = await login(app, m.account, m.password, {}, { ip: freshIp() }); // 1 check
    for (let i = 0; i < 3; i++) {
      // Captcha is not the point here: each attempt from its own address.
      await loginRaw(
        app,
        m.account,
        `Wrong-${i}x`,
        {},
        { ip: freshIp(), headers: { 'x-forwarded-for': `10.0.0.${i}` } },
      );
    } // 4 checks
    for (let i = 0; i < 4; i++) {
      await secureCall(
        app,
        'POST',
        '/wps/member/password',
        { oldPassword: `Wrong-${i}y`, newPassword: 'Other2026x', confirmNewPassword: 'Other2026x' },
        { token: s.token, headers: { 'x-forwarded-for': `10.0.1.${i}` } },
      );
    } // 8 checks: the limit of this app
    const res = await loginRaw(
      app,
      m.account,
      m.password,
      {},
      { ip: freshIp(), headers: { 'x-forwarded-for': '10.9.9.9' } },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const change = await secureCall(
      app,
      'POST',
      '/wps/member/password',
      { oldPassword: m.password, newPassword: 'Other2026x', confirmNewPassword: 'Other2026x' },
      { token: s.token },
    );
    expect(change.statusCode).toBe(429);
    // An hour later the account may try again.
    clock.advance(61 * MIN);
    await expect(login(app, m.account, m.password, {}, { ip: freshIp() })).resolves.toBeTruthy();
  });

  it('limits password checks per address; a spoofed X-Forwarded-For does not reset it', async () => {
    const ip = freshIp();
    // Distinct unknown accounts, so the per-account limit is not what stops them; the captcha
    // (needed after 3 failures from the address) is solved each time.
    for (let i = 0; i < 12; i++) {
      const c = await solvedCaptcha(app);
      const r = await loginRaw(
        app,
        `nobody${i}x`,
        'Wrong-2026',
        { captcha: c.answer },
        { ip, cookie: c.cookie, headers: { 'x-forwarded-for': `203.0.113.${i}` } },
      );
      expect(r.statusCode).toBe(401);
    }
    const res = await loginRaw(
      app,
      'nobodyelse',
      'Wrong-2026',
      {},
      { ip, headers: { 'x-forwarded-for': '192.0.2.1' } },
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('cannot be overshot by concurrent attempts', async () => {
    const m = await addMember(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => loginRaw(app, m.account, m.password, {}, { ip: freshIp() })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(8);
    expect(codes.filter((c) => c === 429)).toHaveLength(12);
    const [row] = await app.services.db.query<{ n: number }>(
      'select count(*)::int as n from login_events where member_id = $1 and password_checked',
      [m.id],
    );
    expect(row?.n).toBe(8);
  });

  it('uses the default of 100 checks per account per hour', async () => {
    const { DEFAULT_PASSWORD_LIMITS } = await import('./password-checks.ts');
    expect(DEFAULT_PASSWORD_LIMITS.perAccountPerHour).toBe(100);
  });
});

describe('auth levels', () => {
  it('refuses non-agents on agent calls and trial accounts on real-account actions', async () => {
    const db = await openTestDb();
    const a = await buildApp({ db, config: TEST_CONFIG });
    const probe = defineEndpoint({
      id: 'probeAgent',
      method: 'GET',
      path: '/wps/test/agent',
      moduleId: MODULE_IDS.agent,
      auth: 'agent',
      summary: 'test',
      tags: ['test'],
      request: z.strictObject({}),
      response: z.string(),
    });
    registerEndpoint(a, probe, async () => 'ok');
    const real = defineEndpoint({ ...probe, id: 'probeReal', path: '/wps/test/real', auth: 'member' });
    registerEndpoint(a, real, async ({ req }) => {
      requireRealAccount(req);
      return 'ok';
    });
    await a.ready();
    try {
      const player = await login(a, 'player01', 'Player2026!');
      const agent = await login(a, 'agent01', 'Agent2026!');
      expect((await call(a, { method: 'GET', url: '/wps/test/agent' })).statusCode).toBe(401);
      const refused = await call(a, { method: 'GET', url: '/wps/test/agent', token: player.token });
      expect(refused.statusCode).toBe(403);
      expect((await call(a, { method: 'GET', url: '/wps/test/agent', token: agent.token })).statusCode).toBe(
        200,
      );
      const trial = await secureCall(a, 'POST', '/wps/session/login/freeplay', {
        os: 'x',
        platform: 'W',
        random: 'y'.repeat(20),
      });
      const trialToken = (trial.json() as { value: { token: string } }).value.token;
      const t = await call(a, { method: 'GET', url: '/wps/test/real', token: trialToken });
      expect(t.statusCode).toBe(403);
      expect(t.json()).toMatchObject({ message: 'errors.in_need_true_account' });
      expect((await call(a, { method: 'GET', url: '/wps/test/real', token: player.token })).statusCode).toBe(
        200,
      );
    } finally {
      await a.close();
      await db.close();
    }
  });
});

let statements: string[] = [];

const SEC = 1000;
const lastSeen = async (token: string) => {
  const [row] = await app.services.db.query<{ last_seen_at: Date }>(
    `select s.last_seen_at from sessions s where s.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
    [token],
  );
  return row!.last_seen_at.getTime();
};
/** The statements one call sends (not counting the helper's own). */
async function counted(fn: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await fn();
  return statements;
}
const balance = (token: string) => call(app, { method: 'GET', url: '/wps/v2/wallets/balance', token });

/**
 * Issue 11 (bench:api): what an authenticated call costs the database. The session is looked up
 * on every call (no cache: a logout elsewhere takes effect at once), its last-seen time written at
 * most once a minute, and the balance read in the session's own statement.
 */
describe('session hot path', () => {
  beforeAll(() => {
    // Every statement of the app goes through this one object (services, session plugin).
    const db = app.services.db;
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return query(sql, params);
    }) as typeof db.query;
  });
  it('writes last-seen at most once a minute, and the idle window slides from it', async () => {
    const m = await moneyMember(app, { paymentPassword: false });
    const t0 = await lastSeen(m.token);
    clock.advance(30 * SEC);
    expect((await balance(m.token)).statusCode).toBe(200);
    expect(await lastSeen(m.token)).toBe(t0);
    clock.advance(31 * SEC);
    const writes = await counted(() => balance(m.token));
    expect(writes.filter((s) => s.includes('last_seen_at = '))).toHaveLength(1);
    expect(await lastSeen(m.token)).toBe(clock.now().getTime());
    // Idle 29:59 after that write: still valid (the unwritten calls in between do not count).
    clock.advance(29 * 60 * SEC + 59 * SEC);
    expect((await balance(m.token)).statusCode).toBe(200);
  });

  it('answers the balance with one statement, read with the session from the database', async () => {
    const m = await moneyMember(app, { balance: 12_345, paymentPassword: false });
    await balance(m.token); // the merchant's wallet settings are cached for 5 s
    const sent = await counted(async () => {
      const res = await balance(m.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ value: { sumBalance: 12_345 } });
      expect(res.json().value.wallets).toContainEqual(
        expect.objectContaining({ code: 'MAIN', balance: 12_345 }),
      );
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('token_hash');
    expect(sent[0]).toContain('ledger_accounts');
    // Never a cached balance: a change is seen by the next call.
    await app.services.db.query(
      `update ledger_accounts set balance = balance + 1 where kind = 'member' and member_id = $1 and wallet = 'MAIN'`,
      [m.id],
    );
    expect((await balance(m.token)).json()).toMatchObject({ value: { sumBalance: 12_346 } });
  });

  it('refuses a logged-out session on the next call, and reads nothing for it', async () => {
    const m = await moneyMember(app, { balance: 500, paymentPassword: false });
    expect((await balance(m.token)).statusCode).toBe(200);
    expect(
      (await call(app, { method: 'DELETE', url: '/wps/session/logout', token: m.token })).statusCode,
    ).toBe(200);
    const res = await balance(m.token);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('500');
  });

  it('costs an ordinary member call one session statement plus its own', async () => {
    const m = await moneyMember(app, { paymentPassword: false });
    await call(app, { method: 'GET', url: '/wps/member/info', token: m.token });
    const sent = await counted(() => call(app, { method: 'GET', url: '/wps/member/info', token: m.token }));
    expect(sent.filter((s) => s.includes('token_hash'))).toHaveLength(1);
  });
});
