import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { totpCode } from '../../lib/totp.ts';
import { buildTestApp } from '../../test/helper.ts';
import { bearer, createTestMember, lastCode } from './test-members.ts';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  app = await buildTestApp();
  db = app.services.db;
});
afterAll(async () => app.close());

type Body = {
  success: boolean;
  value?: unknown;
  code?: string;
  message?: string;
  fields?: Record<string, string>;
};

async function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json<Body>() };
}

describe('security centre: profile', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/wps/member/profile', null)).status).toBe(401);
    expect((await call('PUT', '/wps/member/profile', null, { nickname: 'x' })).status).toBe(401);
  });

  it('reads and updates the spec §3 fields; empty clears; unknown fields are refused', async () => {
    const { token } = await createTestMember(db, { account: 'prof01', password: 'Secret123' });
    const empty = await call('GET', '/wps/member/profile', token);
    expect(empty.status).toBe(200);
    expect(empty.body.value).toMatchObject({ nickname: null, payeeName: null, birthday: null });
    const upd = await call('PUT', '/wps/member/profile', token, {
      nickname: '  Ann  ',
      payeeName: 'Ann Lee',
      birthday: '1990-05-01',
      whatsapp: '+95912345678',
      sourceOfIncome: 'salary',
      placeOfBirth: 'Yangon',
      zalo: '',
    });
    expect(upd.status).toBe(200);
    expect(upd.body.value).toMatchObject({
      nickname: 'Ann',
      payeeName: 'Ann Lee',
      birthday: '1990-05-01',
      whatsapp: '+95912345678',
      sourceOfIncome: 'salary',
      placeOfBirth: 'Yangon',
      zalo: null,
    });
    // Fields left out keep their value.
    const again = await call('PUT', '/wps/member/profile', token, { occupation: 'teacher' });
    expect(again.body.value).toMatchObject({
      nickname: 'Ann',
      occupation: 'teacher',
      birthday: '1990-05-01',
    });
    expect((await call('PUT', '/wps/member/profile', token, { isAdmin: true })).status).toBe(400);
  });

  it('sets the payee name once; changing it is refused, sending the same one is not', async () => {
    const { token } = await createTestMember(db, { account: 'prof02', password: 'Secret123' });
    expect((await call('PUT', '/wps/member/profile', token, { payeeName: 'Bo Bo' })).status).toBe(200);
    expect(
      (await call('PUT', '/wps/member/profile', token, { payeeName: 'Bo Bo', nickname: 'b' })).status,
    ).toBe(200);
    for (const payeeName of ['Somebody Else', null, '']) {
      const r = await call('PUT', '/wps/member/profile', token, { payeeName });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({
        message: 'errors.payee_name_locked',
        fields: { payeeName: 'errors.payee_name_locked' },
      });
    }
    expect((await call('GET', '/wps/member/profile', token)).body.value).toMatchObject({
      payeeName: 'Bo Bo',
    });
  });

  it('refuses an impossible, a future or an under-18 birthday (422 fields.birthday)', async () => {
    const { token } = await createTestMember(db, { account: 'prof03', password: 'Secret123' });
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const seventeen = new Date(
      Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate() + 1),
    );
    const eighteen = new Date(
      Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate() - 1),
    );
    const cases: [string, string][] = [
      ['2001-02-29', 'errors.invalid_date'],
      ['1990-13-01', 'errors.invalid_date'],
      [`${today.getUTCFullYear() + 1}-01-01`, 'errors.invalid_date'],
      [iso(seventeen), 'errors.age_too_young'],
    ];
    for (const [birthday, key] of cases) {
      const r = await call('PUT', '/wps/member/profile', token, { birthday });
      expect(r.status, birthday).toBe(422);
      expect(r.body.fields, birthday).toEqual({ birthday: key });
    }
    expect((await call('PUT', '/wps/member/profile', token, { birthday: '1990-1-1' })).status).toBe(400);
    const ok = await call('PUT', '/wps/member/profile', token, { birthday: iso(eighteen) });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toMatchObject({ birthday: iso(eighteen) });
  });

  it('refuses control characters instead of failing in the database', async () => {
    const { token } = await createTestMember(db, { account: 'prof04', password: 'Secret123' });
    const r = await call('PUT', '/wps/member/profile', token, { address: 'a\u0000b' });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ address: 'errors.invalid_format' });
  });
});

describe('security centre: trial accounts', () => {
  it('answers 403 in_need_true_account to every write', async () => {
    const { token } = await createTestMember(db, { account: 'trial01', type: 4 });
    const writes: [string, string, unknown][] = [
      ['PUT', '/wps/member/profile', { nickname: 'x' }],
      [
        'POST',
        '/wps/member/paymentPassword',
        { loginPassword: 'x', newPaymentPassword: '123456', confirmPaymentPassword: '123456' },
      ],
      ['POST', '/wps/member/bind/mobile/send', { mobileNum: '912300001', countryDialingCode: '+95' }],
      [
        'POST',
        '/wps/member/bind/mobile',
        { mobileNum: '912300001', countryDialingCode: '+95', code: '123456' },
      ],
      ['POST', '/wps/member/bind/email/send', { email: 'trial@example.com' }],
      ['POST', '/wps/member/bind/email', { email: 'trial@example.com', code: '123456' }],
      ['POST', '/wps/member/totp/setup', {}],
      ['POST', '/wps/member/totp/enable', { code: '123456' }],
      ['POST', '/wps/member/totp/disable', { code: '123456' }],
    ];
    for (const [method, url, payload] of writes) {
      const r = await call(method as 'POST', url, token, payload);
      expect(r.status, url).toBe(403);
      expect(r.body.message, url).toBe('errors.in_need_true_account');
    }
    // Reading is fine.
    expect((await call('GET', '/wps/member/profile', token)).status).toBe(200);
  });
});

describe('security centre: payment password', () => {
  const url = '/wps/member/paymentPassword';

  it('is set with the login password, then changed with the old payment password; argon2id', async () => {
    const { id, token } = await createTestMember(db, { account: 'pay01', password: 'Secret123' });
    const first = { newPaymentPassword: '246810', confirmPaymentPassword: '246810' };
    let r = await call('POST', url, token, first);
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ loginPassword: 'errors.input_required' });
    r = await call('POST', url, token, { ...first, loginPassword: 'Wrong1234' });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ loginPassword: 'errors.wrong_password' });
    r = await call('POST', url, token, {
      ...first,
      loginPassword: 'Secret123',
      confirmPaymentPassword: '246811',
    });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ confirmPaymentPassword: 'errors.password_mismatch' });
    for (const bad of ['12345', '1234567', 'abcdef', '12 456']) {
      r = await call('POST', url, token, {
        loginPassword: 'Secret123',
        newPaymentPassword: bad,
        confirmPaymentPassword: bad,
      });
      expect(r.status, bad).toBe(400);
    }
    r = await call('POST', url, token, { ...first, loginPassword: 'Secret123' });
    expect(r.status).toBe(200);
    const [row] = await db.query<{ h: string }>(
      'select payment_password_hash as h from members where id = $1',
      [id],
    );
    expect(row!.h).toMatch(/^\$argon2id\$v=19\$m=19456,/);

    // Changing: the login password is no longer enough, the old payment password is needed.
    const change = { newPaymentPassword: '135790', confirmPaymentPassword: '135790' };
    r = await call('POST', url, token, { ...change, loginPassword: 'Secret123' });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ oldPaymentPassword: 'errors.input_required' });
    r = await call('POST', url, token, { ...change, oldPaymentPassword: '000000' });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ oldPaymentPassword: 'errors.wrong_payment_password' });
    r = await call('POST', url, token, { ...change, oldPaymentPassword: '246810' });
    expect(r.status).toBe(200);
    r = await call('POST', url, token, { ...change, oldPaymentPassword: '246810' });
    expect(r.status).toBe(422);
  });
});

describe('security centre: bind mobile and e-mail', () => {
  it('binds a mobile number with the code sent to it; a number verified elsewhere is refused', async () => {
    const a = await createTestMember(db, { account: 'bind01', password: 'Secret123' });
    const b = await createTestMember(db, { account: 'bind02', password: 'Secret123' });
    const number = { mobileNum: '912340001', countryDialingCode: '+95' };
    const sent = await call('POST', '/wps/member/bind/mobile/send', a.token, number);
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 10 });
    const code = await lastCode(db, '+95 912340001');
    const wrong = code === '000000' ? '000001' : '000000';
    let r = await call('POST', '/wps/member/bind/mobile', a.token, { ...number, code: wrong });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('phone_auth.invalid_code');
    // The send is throttled (60 s).
    expect((await call('POST', '/wps/member/bind/mobile/send', a.token, number)).status).toBe(429);
    r = await call('POST', '/wps/member/bind/mobile', a.token, { ...number, code });
    expect(r.status).toBe(200);
    const [row] = await db.query<{ mobile: string; v: boolean }>(
      'select mobile, mobile_verified as v from members where id = $1',
      [a.id],
    );
    expect(row).toEqual({ mobile: '912340001', v: true });
    // Single use.
    expect((await call('POST', '/wps/member/bind/mobile', a.token, { ...number, code })).status).toBe(422);
    // Member b cannot take it.
    r = await call('POST', '/wps/member/bind/mobile/send', b.token, number);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('errors.already_bound');
    r = await call('POST', '/wps/member/bind/mobile', b.token, { ...number, code: '123456' });
    expect(r.status).toBe(409);
  });

  it('binds an e-mail address (case-insensitive); one verified elsewhere is refused', async () => {
    const a = await createTestMember(db, { account: 'bind03', password: 'Secret123' });
    const b = await createTestMember(db, { account: 'bind04', password: 'Secret123' });
    expect(
      (await call('POST', '/wps/member/bind/email/send', a.token, { email: 'Ann@Example.com' })).status,
    ).toBe(200);
    const code = await lastCode(db, 'ann@example.com');
    expect(
      (await call('POST', '/wps/member/bind/email', a.token, { email: 'ann@example.com', code })).status,
    ).toBe(200);
    const [row] = await db.query<{ email: string; v: boolean }>(
      'select email, email_verified as v from members where id = $1',
      [a.id],
    );
    expect(row).toEqual({ email: 'ann@example.com', v: true });
    const r = await call('POST', '/wps/member/bind/email/send', b.token, { email: 'ANN@example.com' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      message: 'errors.already_bound',
      fields: { email: 'errors.already_bound' },
    });
    expect(
      (await call('POST', '/wps/member/bind/email/send', b.token, { email: 'not-an-email' })).status,
    ).toBe(400);
  });
});

describe('security centre: authenticator (TOTP)', () => {
  it('sets up with a QR code, enables with a real code, refuses reuse, disables with a fresh code', async () => {
    const { id, token } = await createTestMember(db, { account: 'totp01', password: 'Secret123' });
    expect((await call('POST', '/wps/member/totp/enable', token, { code: '123456' })).status).toBe(409);
    const setup = await call('POST', '/wps/member/totp/setup', token, {});
    expect(setup.status).toBe(200);
    const v = setup.body.value as { secret: string; otpauthUrl: string; qrDataUrl: string };
    expect(v.secret).toMatch(/^[A-Z2-7]{32}$/);
    const [merchant] = await db.query<{ brand: string }>('select brand from merchants order by id limit 1');
    const uri = new URL(v.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe(merchant!.brand);
    expect(uri.searchParams.get('secret')).toBe(v.secret);
    expect(decodeURIComponent(uri.pathname)).toContain('totp01');
    expect(v.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(v.qrDataUrl.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // Not active until confirmed.
    let [row] = await db.query<{ on: boolean }>('select totp_enabled as on from members where id = $1', [id]);
    expect(row!.on).toBe(false);

    const now = Date.now();
    const good = totpCode(v.secret, now);
    const bad = good === '000000' ? '000001' : '000000';
    let r = await call('POST', '/wps/member/totp/enable', token, { code: bad });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ code: 'errors.code_invalid' });
    r = await call('POST', '/wps/member/totp/enable', token, { code: good });
    expect(r.status).toBe(200);
    [row] = await db.query<{ on: boolean }>('select totp_enabled as on from members where id = $1', [id]);
    expect(row!.on).toBe(true);
    // A second setup would replace a working authenticator without its code.
    expect((await call('POST', '/wps/member/totp/setup', token, {})).status).toBe(409);
    // The code used to enable it cannot be used again.
    r = await call('POST', '/wps/member/totp/disable', token, { code: good });
    expect(r.status).toBe(422);
    // The next step's code (within ±1 step) works once.
    const next = totpCode(v.secret, now + 30_000);
    r = await call('POST', '/wps/member/totp/disable', token, { code: next });
    expect(r.status).toBe(200);
    expect((await call('POST', '/wps/member/totp/disable', token, { code: next })).status).toBe(409);
  });
});

describe('security centre: guessing limits', () => {
  it('counts authenticator and payment-password tries against the per-account budget (429 past it)', async () => {
    const limited = await buildTestApp({ db, passwordLimits: { perAccountPerHour: 3 } });
    try {
      const { token } = await createTestMember(db, { account: 'limit01', password: 'Secret123' });
      const setup = await limited.inject({
        method: 'POST',
        url: '/wps/member/totp/setup',
        headers: bearer(token),
        payload: {},
      });
      const { secret } = setup.json<{ value: { secret: string } }>().value;
      const good = totpCode(secret);
      const bad = good === '000000' ? '000001' : '000000';
      for (let i = 0; i < 3; i++) {
        const r = await limited.inject({
          method: 'POST',
          url: '/wps/member/totp/enable',
          headers: bearer(token),
          payload: { code: bad },
        });
        expect(r.statusCode).toBe(422);
      }
      const blocked = await limited.inject({
        method: 'POST',
        url: '/wps/member/totp/enable',
        headers: bearer(token),
        payload: { code: good },
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const pay = await limited.inject({
        method: 'POST',
        url: '/wps/member/paymentPassword',
        headers: bearer(token),
        payload: {
          loginPassword: 'Secret123',
          newPaymentPassword: '246810',
          confirmPaymentPassword: '246810',
        },
      });
      expect(pay.statusCode).toBe(429);
      // These checks are not sign-ins: the login history does not list them.
      const hist = await limited.inject({ url: '/wps/member/loginHistory', headers: bearer(token) });
      expect(hist.json<{ value: { total: number } }>().value.total).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('security centre: login history', () => {
  it('lists the member’s successful and failed logins, newest first, paged', async () => {
    const { id, token } = await createTestMember(db, { account: 'hist01', password: 'Secret123' });
    const other = await createTestMember(db, { account: 'hist02', password: 'Secret123' });
    const base = Date.parse('2026-01-01T00:00:00Z');
    const events: [number, string, boolean][] = [
      [0, 'username', true],
      [60_000, 'username', false],
      [120_000, 'sms', true],
      [180_000, 'social:google', true],
    ];
    for (const [dt, method, success] of events) {
      await db.query(
        `insert into login_events (member_id, account_tried, ip, method, success, user_agent, created_at)
         values ($1, 'hist01', '203.0.113.7', $2, $3, 'UA', $4)`,
        [id, method, success, new Date(base + dt)],
      );
    }
    await db.query(
      `insert into login_events (member_id, ip, method, success, created_at) values ($1, '198.51.100.1', 'username', true, now())`,
      [other.id],
    );
    const r = await call('GET', '/wps/member/loginHistory?page=1&size=3', token);
    expect(r.status).toBe(200);
    const v = r.body.value as {
      items: { time: string; method: string; success: boolean; ip: string }[];
      total: number;
    };
    expect(v.total).toBe(4);
    expect(v.items.map((i) => [i.method, i.success])).toEqual([
      ['social:google', true],
      ['sms', true],
      ['username', false],
    ]);
    expect(v.items[0]).toMatchObject({
      ip: '203.0.113.7',
      time: '2026-01-01T00:03:00.000Z',
      userAgent: 'UA',
    });
    const page2 = await call('GET', '/wps/member/loginHistory?page=2&size=3', token);
    expect((page2.body.value as { items: unknown[] }).items).toHaveLength(1);
    expect((await call('GET', '/wps/member/loginHistory?size=51', token)).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('lists every call of the security table', async () => {
    const { securityEndpoints } = await import('@app/contracts');
    const doc = (await app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const e of Object.values(securityEndpoints)) {
      expect(doc.paths[e.path]?.[e.method.toLowerCase()], e.id).toBeDefined();
    }
  });
});
