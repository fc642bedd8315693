import { PATTERN_KINDS, type PatternName } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lastCode, login, secureCall, setFlag, solvedCaptcha } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/helper.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

let n = 0;
const uname = () => `user${Date.now() % 100000}${n++}`.slice(0, 16);

async function register(body: Record<string, unknown>, mobile = false, withCaptcha = true) {
  const c = await solvedCaptcha(app);
  const payload = {
    password: 'Kp7wz2Lq9',
    confirmPassword: 'Kp7wz2Lq9',
    registerMethod: 'WEB',
    agree: true,
    login: false,
    ...(withCaptcha ? { captcha: c.answer } : {}),
    ...body,
  };
  return secureCall(app, 'PUT', mobile ? '/wps/member/register/mobile' : '/wps/member/register', payload, {
    cookie: c.cookie,
  });
}

async function setField(field: string, cfg: Record<string, unknown>) {
  const sets = Object.keys(cfg).map((k, i) => `${k} = $${i + 2}`);
  await app.services.db.query(`update register_fields set ${sets.join(', ')} where field = $1`, [
    field,
    ...Object.values(cfg),
  ]);
}

/** A value each pattern kind refuses and one it accepts. */
const SAMPLES: Record<PatternName, [rejected: string, accepted: string]> = {
  any: ['x'.repeat(51), 'anything at all 1!'],
  letterFirstAlnum: ['1abc', 'abc1'],
  lettersChinese: ['abc1', 'abc中文'],
  email: ['a@b', 'a@b.com'],
  alnumNoChinese: ['ab中', 'ab12'],
  lettersAndDigits: ['abcd', 'ab12'],
  digits: ['12a', '123'],
  alnumOneCapital: ['abc1', 'Abc1'],
  lettersSpaces: ['ab1', 'ab cd'],
  noSpaces: ['a b', 'a-b'],
  chineseSymbols: ['abc', '中文!'],
  dateYmd: ['2020-13-01', '2020-12-01'],
  dateMdy: ['2020-12-01', '12-01-2020'],
  twoLettersSpaces: ['a', 'a b'],
  korean: ['abc', '한국어'],
  thai: ['abc', 'ภาษาไทย'],
  thaiEnglishSpaces: ['ab1', 'ไทย abc'],
  upperSpacesOneLetter: ['abc', 'AB C'],
  lettersDigitsSymbols: ['a b', 'a1!'],
  upperLowerDigitSpecial: ['Abc123', 'Abc12!'],
  fullNameTwoParts: ['John', 'John Smith'],
  fullWidthJapanese: ['abc', 'カタカナ'],
  upperNoSpaces: ['AB C', 'ABC'],
};

describe('registration', () => {
  it('registers with a username, stores what the call adds, and logs in when asked', async () => {
    const username = uname();
    const res = await register({
      username: username.toUpperCase(),
      email: 'New.User@Example.com',
      payeeName: 'New User',
      referralCode: 'REF42',
      domain: 'localhost',
      registerUrl: 'http://localhost/?referralCode=REF42',
      login: true,
    });
    expect(res.statusCode).toBe(200);
    const v = (
      res.json() as { value: { account: string; session: { token: string; firstTimeLogin: boolean } } }
    ).value;
    expect(v.account).toBe(username.toLowerCase());
    expect(v.session.firstTimeLogin).toBe(true);
    const info = await call(app, { method: 'GET', url: '/wps/member/info', token: v.session.token });
    expect(info.json()).toMatchObject({ value: { account: username.toLowerCase(), type: 3 } });
    const [row] = await app.services.db.query<Record<string, unknown>>(
      'select email, referral_code, register_domain, register_url, register_method, password_hash from members where account = $1',
      [username.toLowerCase()],
    );
    expect(row).toMatchObject({
      email: 'new.user@example.com',
      referral_code: 'REF42',
      register_domain: 'localhost',
      register_url: 'http://localhost/?referralCode=REF42',
      register_method: 'WEB',
    });
    expect(String(row?.password_hash)).toMatch(/^\$argon2id\$/);
    await expect(login(app, username, 'Kp7wz2Lq9')).resolves.toBeTruthy();
    const noLogin = await register({ username: uname() });
    expect(noLogin.json()).toMatchObject({ value: { session: null } });
  });

  it('refuses a taken username whatever its case', async () => {
    const res = await register({ username: 'DEMO01' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'errors.account_exists',
      fields: { username: 'errors.account_exists' },
    });
  });

  it('refuses weak passwords (123456 and the common list) and a wrong confirmation', async () => {
    for (const pw of ['123456', 'password1', 'abc123', 'qwerty123']) {
      const res = await register({ username: uname(), password: pw, confirmPassword: pw });
      expect(res.statusCode, pw).toBe(pw === '123456' ? 400 : 422);
      if (pw !== '123456')
        expect(res.json(), pw).toMatchObject({ fields: { password: 'errors.weak_password' } });
    }
    // 123456 fails the contract's password rule (no letter) before the weak list.
    const mismatch = await register({ username: uname(), confirmPassword: 'Kp7wz2Lq8' });
    expect(mismatch.json()).toMatchObject({
      code: 'UNPROCESSABLE',
      fields: { confirmPassword: 'errors.passwords_mismatch' },
    });
  });

  it('checks the captcha when the config enables it', async () => {
    const none = await register({ username: uname() }, false, false);
    expect(none.json()).toMatchObject({ fields: { captcha: 'errors.input_required' } });
    const wrong = await register({ username: uname(), captcha: 'zzzz' }, false, false);
    expect(wrong.json()).toMatchObject({ fields: { captcha: 'errors.captcha_wrong' } });
  });

  it('checks the username against its pattern and bounds', async () => {
    expect((await register({ username: '1abcdef' })).json()).toMatchObject({
      fields: { username: 'patterns.letterFirstAlnum' },
    });
    expect((await register({ username: 'abc' })).json()).toMatchObject({
      fields: { username: 'patterns.letterFirstAlnum' },
    });
    expect((await register({})).json()).toMatchObject({ fields: { username: 'errors.input_required' } });
    await setField('username', { enabled: false });
    try {
      expect((await register({})).json()).toMatchObject({ fields: { username: 'errors.input_required' } });
      expect((await register({ username: 'a b@c' })).json()).toMatchObject({
        fields: { username: 'errors.account_format' },
      });
    } finally {
      await setField('username', { enabled: true });
    }
  });

  it('rejects and accepts each of the 23 pattern kinds through the field config', async () => {
    await setField('captcha', { enabled: false });
    try {
      for (const kind of PATTERN_KINDS) {
        await setField('wechat', {
          enabled: true,
          required: false,
          min_length: 1,
          max_length: 50,
          pattern_id: kind.id,
          accepted_pattern: kind.name === 'any' ? '*' : kind.re.source,
        });
        const [bad, good] = SAMPLES[kind.name];
        const refused = await register({ username: uname(), wechat: bad }, false, false);
        expect(refused.statusCode, `${kind.name} refuses ${bad}`).toBe(422);
        expect(refused.json(), kind.name).toMatchObject({ fields: { wechat: `patterns.${kind.name}` } });
        const accepted = await register({ username: uname(), wechat: good }, false, false);
        expect(accepted.statusCode, `${kind.name} accepts ${good}: ${accepted.body}`).toBe(200);
      }
      await setField('wechat', { required: true });
      expect((await register({ username: uname() }, false, false)).json()).toMatchObject({
        fields: { wechat: 'errors.input_required' },
      });
    } finally {
      await setField('wechat', { enabled: false, required: false });
      await setField('captcha', { enabled: true });
    }
  });

  it('always requires the payment password when the field is shown', async () => {
    await setField('payment_password'.replace('payment_password', 'paymentPassword'), {
      enabled: true,
      required: false,
    });
    try {
      const res = await register({ username: uname() });
      expect(res.json()).toMatchObject({ fields: { paymentPassword: 'errors.input_required' } });
      expect((await register({ username: uname(), paymentPassword: '12ab56' })).json()).toMatchObject({
        fields: { paymentPassword: 'patterns.digits' },
      });
      expect((await register({ username: uname(), paymentPassword: '135790' })).statusCode).toBe(200);
    } finally {
      await setField('paymentPassword', { enabled: false });
    }
  });

  it('puts the new member under the agent of the affiliate code; an unknown code is invitation_code_error', async () => {
    const bad = await register({ username: uname(), affiliateCode: 'NOPE1234' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      message: 'invitation_code_error',
      fields: { affiliateCode: 'invitation_code_error' },
    });
    const username = uname();
    expect((await register({ username, affiliateCode: 'agent01' })).statusCode).toBe(200);
    const [row] = await app.services.db.query<{ upline: string }>(
      'select u.account as upline from members m join members u on u.id = m.upline_id where m.account = $1',
      [username],
    );
    expect(row?.upline).toBe('agent01');
    const s = await login(app, username, 'Kp7wz2Lq9');
    expect(
      (await call(app, { method: 'GET', url: '/wps/member/info', token: s.token })).json(),
    ).toMatchObject({
      value: { toUpline: true },
    });
    const check = (code: string) =>
      call(app, { method: 'GET', url: `/wps/agent/affiliate?code=${code}&domain=localhost` });
    expect((await check('AGENT02')).json()).toEqual({ success: true, value: { valid: true } });
    expect((await check('NOPE')).json()).toEqual({ success: true, value: { valid: false } });
  });

  it('registers by mobile with the SMS code, the number as username', async () => {
    const mobile = { mobileNum: '955555555', countryDialingCode: '+95' };
    const noCode = await register({ ...mobile }, true);
    expect(noCode.json()).toMatchObject({ fields: { verificationCode: 'errors.input_required' } });
    const sent = await call(app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { mobileNo: '955555555', countryDialingCode: '+95' },
    });
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 10 } });
    const code = await lastCode(app, '+95 955555555');
    const wrong = await register(
      { ...mobile, verificationCode: code === '000000' ? '111111' : '000000' },
      true,
    );
    expect(wrong.json()).toMatchObject({
      message: 'phone_auth.invalid_code',
      fields: { verificationCode: 'phone_auth.invalid_code' },
    });
    const ok = await register({ ...mobile, verificationCode: code, login: true }, true);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ value: { account: '955555555' } });
    const [row] = await app.services.db.query<{ mobile_verified: boolean }>(
      'select mobile_verified from members where account = $1',
      ['955555555'],
    );
    expect(row?.mobile_verified).toBe(true);
    await setFlag(app, 'mobileRegister', false);
    expect(
      (
        await register(
          { mobileNum: '966666666', countryDialingCode: '+95', verificationCode: '123456' },
          true,
        )
      ).statusCode,
    ).toBe(403);
    await setFlag(app, 'mobileRegister', true);
  });
});
