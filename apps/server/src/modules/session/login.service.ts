import { randomBytes } from 'node:crypto';
import {
  CAPTCHA_AFTER_FAILURES,
  CODE_MAX_WRONG_TRIES,
  flags,
  isAgentType,
  REMEMBER_DAYS,
  TRIAL_TYPE,
  WEAK_PASSWORD,
  type Flags,
  type LoginAnswer,
  type LoginPayload,
  type LoginResult,
  type VerifyMethod,
} from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import { readCookie, serializeCookie } from '../../lib/cookies.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { verifyTotp } from '../../lib/totp.ts';
import { CAPTCHA_COOKIE, verifyCaptcha } from '../captcha/captcha.service.ts';
import {
  findMemberByAccount,
  findMemberById,
  findMemberByVerifiedMobile,
  phoneTarget,
  type MemberRow,
} from '../members/members.repository.ts';
import type { SystemService } from '../system/system.service.ts';
import { phoneAuthError, type VerificationService } from '../verification/verification.service.ts';
import { exclusionError, exclusionOf } from '../protection/protection.guard.ts';
import {
  assertAccountBudget,
  assertIpBudget,
  finishPasswordCheck,
  recordLoginEvent,
  reservePasswordCheck,
  type PasswordLimits,
} from './password-checks.ts';
import {
  createSession,
  hashToken,
  loginResult,
  newToken,
  revokeSession,
  type SessionScope,
} from './session.service.ts';

export const REMEMBER_COOKIE = 'remember_token';
export const DEFAULT_DIALING_CODE = '+95';
const FAILURE_WINDOW_MS = 15 * 60_000;
const CHALLENGE_MS = 10 * 60_000;
/** Failures that count toward the captcha (issue 3: after 3 per account or per address). */
const FAILURE_REASONS = ['wrong_credentials', 'captcha', 'bad_payload', 'invalid_code'];

export interface LoginDeps {
  db: Db;
  system: SystemService;
  verification: VerificationService;
  now: Clock;
  limits: PasswordLimits;
}

export type LoginService = ReturnType<typeof createLoginService>;

const userAgent = (req: FastifyRequest) => {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 512) : undefined;
};

function maskMobile(dial: string | null, mobile: string): string {
  return `${dial ?? ''} ••••${mobile.slice(-4)}`.trim();
}
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 1)}•••@${domain}`;
}
export const maskPhone = maskMobile;

/** Case- and space-insensitive payee-name comparison (new-IP step). */
const normalizeName = (s: string) => s.replace(/\s+/g, '').toLowerCase();

export function createLoginService({ db, system, verification, now, limits }: LoginDeps) {
  async function siteFlags(merchantId: number): Promise<Flags> {
    return flags(await system.whitelabel(merchantId));
  }

  async function captchaNeeded(account: string | null, ip: string, t: Date): Promise<boolean> {
    const [row] = await db.query<{ by_account: number; by_ip: number }>(
      `select count(*) filter (where account_tried = $1)::int as by_account,
              count(*) filter (where ip = $2)::int as by_ip
         from login_events
        where created_at > $3 and not success and reason = any($4::text[])
          and (account_tried = $1 or ip = $2)`,
      [account, ip, new Date(t.getTime() - FAILURE_WINDOW_MS), FAILURE_REASONS],
    );
    return (row?.by_account ?? 0) >= CAPTCHA_AFTER_FAILURES || (row?.by_ip ?? 0) >= CAPTCHA_AFTER_FAILURES;
  }

  /**
   * The one failure answer of the login call: wrong user, wrong password, a wrong captcha and an
   * undecryptable, replayed or invalid body all look exactly alike (401 errors.wrong_credentials,
   * value.captcha). The attempt is recorded first.
   */
  async function reject(
    req: FastifyRequest,
    e: {
      account: string | null;
      memberId?: string | undefined;
      reason: string;
      passwordChecked?: boolean;
      method?: string;
    },
  ): Promise<never> {
    const t = now();
    await recordLoginEvent(
      db,
      {
        memberId: e.memberId,
        accountTried: e.account,
        ip: req.ip,
        method: e.method ?? 'username',
        success: false,
        passwordChecked: e.passwordChecked ?? false,
        reason: e.reason,
        userAgent: userAgent(req),
      },
      t,
    );
    throw await failure(e.account, req.ip, t);
  }

  /** The wrong-credentials answer, once the attempt is recorded. */
  async function failure(account: string | null, ip: string, t: Date): Promise<AppError> {
    const captcha = await captchaNeeded(account, ip, t);
    return new AppError('UNAUTHORIZED', 'errors.wrong_credentials', undefined, { value: { captcha } });
  }

  function isExpired(m: MemberRow, t: Date) {
    return !!m.password_expires_at && m.password_expires_at.getTime() <= t.getTime();
  }

  function scopeOf(
    m: MemberRow,
    method: string,
    f: Flags,
    t: Date,
  ): { scope: SessionScope; passwordExpired: boolean } {
    const passwordExpired = isExpired(m, t) && f.forcePasswordExpiry;
    // Spec §4: the forced change applies to password logins, not to sms or firebase ones.
    const forced = method === 'username' && (m.must_change_password || passwordExpired);
    return { scope: forced ? 'change_password' : 'full', passwordExpired };
  }

  function setRememberCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAge: number) {
    reply.header(
      'set-cookie',
      serializeCookie(REMEMBER_COOKIE, token, { maxAgeSeconds: maxAge, secure: req.protocol === 'https' }),
    );
  }

  /** Creates the session, records the address as known and the login as a success. */
  async function complete(
    req: FastifyRequest,
    reply: FastifyReply,
    m: MemberRow,
    o: {
      method: string;
      scope: SessionScope;
      passwordExpired: boolean;
      rememberMe: boolean;
      /** The login_events row reserved for this password check; it becomes the success row. */
      checkEventId?: string | undefined;
    },
    tx?: Queryable,
  ): Promise<LoginResult> {
    const t = now();
    const run = async (q: Queryable) => {
      const s = await createSession(
        q,
        { memberId: m.id, scope: o.scope, method: o.method, ip: req.ip, userAgent: userAgent(req) },
        t,
      );
      await q.query(
        `insert into known_ips (member_id, ip, first_seen, last_seen) values ($1, $2, $3, $3)
         on conflict (member_id, ip) do update set last_seen = excluded.last_seen`,
        [m.id, req.ip, t],
      );
      if (o.checkEventId) await finishPasswordCheck(q, o.checkEventId, { success: true, reason: null });
      else {
        await recordLoginEvent(
          q,
          {
            memberId: m.id,
            accountTried: m.account,
            ip: req.ip,
            method: o.method,
            success: true,
            userAgent: userAgent(req),
          },
          t,
        );
      }
      let remember: string | undefined;
      if (o.rememberMe) {
        remember = newToken();
        await q.query(
          'insert into remember_tokens (token_hash, member_id, created_at, expires_at) values ($1, $2, $3, $4)',
          [hashToken(remember), m.id, t, new Date(t.getTime() + REMEMBER_DAYS * 86_400_000)],
        );
      }
      return { s, remember };
    };
    const { s, remember } = tx ? await run(tx) : await db.withTx(run);
    if (remember) setRememberCookie(req, reply, remember, REMEMBER_DAYS * 86_400);
    return loginResult(s, {
      firstTimeLogin: m.first_login,
      passwordExpired: o.passwordExpired,
      scope: o.scope,
    });
  }

  /** The new-IP methods this member can use (spec §1). */
  function verifyMethods(m: MemberRow): VerifyMethod[] {
    const out: VerifyMethod[] = [];
    if (m.mobile && m.mobile_verified) out.push('sms');
    if (m.email && m.email_verified) out.push('email');
    if (m.payee_name) out.push('payee');
    if (m.totp_enabled && m.totp_secret) out.push('totp');
    return out;
  }

  async function loadChallenge(id: string) {
    const [c] = await db.query<{
      id: string;
      member_id: string;
      ip: string;
      methods: string[];
      remember_me: boolean;
      login_method: string;
      expires_at: Date;
      completed_at: Date | null;
      wrong_tries: number;
    }>(
      `select id, member_id::text as member_id, ip, methods, remember_me, login_method, expires_at, completed_at, wrong_tries
         from login_challenges where id = $1`,
      [id],
    );
    const t = now();
    if (
      !c ||
      c.completed_at ||
      c.expires_at.getTime() <= t.getTime() ||
      c.wrong_tries >= CODE_MAX_WRONG_TRIES
    ) {
      throw new AppError('UNAUTHORIZED', 'errors.challenge_expired');
    }
    return c;
  }

  return {
    reject,

    async login(req: FastifyRequest, reply: FastifyReply, p: LoginPayload): Promise<LoginAnswer> {
      const t = now();
      const merchant = await system.merchant();
      const f = await siteFlags(merchant.id);
      let member: MemberRow | undefined;
      let method: string = p.type;
      let checkEventId: string | undefined;

      if (p.type === 'username') {
        await assertIpBudget(db, req.ip, limits, t);
        const account = (p.username ?? '').trim().toLowerCase();
        if (!account || !p.password)
          return reject(req, { account: account || null, reason: 'wrong_credentials' });
        member = await findMemberByAccount(db, merchant.id, account);
        await assertAccountBudget(db, { memberId: member?.id, account }, limits, t);
        if (await captchaNeeded(account, req.ip, t)) {
          const ok = await verifyCaptcha(db, readCookie(req.headers.cookie, CAPTCHA_COOKIE), p.captcha, t);
          if (!ok) return reject(req, { account, memberId: member?.id, reason: 'captcha' });
        }
        // The check is counted before the hash runs, so concurrent guesses cannot overshoot.
        const eventId = await reservePasswordCheck(
          db,
          { memberId: member?.id, account, ip: req.ip, method: 'username', userAgent: userAgent(req) },
          limits,
          t,
        );
        const ok = await verifyPassword(member?.password_hash, p.password);
        if (!ok || !member) {
          await finishPasswordCheck(db, eventId, { success: false, reason: 'wrong_credentials' });
          throw await failure(account, req.ip, t);
        }
        checkEventId = eventId;
        // Spec §4/§9: 123456 forces a change; remembered so the new-IP step keeps the rule.
        if (p.password === WEAK_PASSWORD && !member.must_change_password) {
          await db.query('update members set must_change_password = true where id = $1', [member.id]);
          member.must_change_password = true;
        }
      } else {
        if (!f.smsLogin && !f.verificationCodeLogin)
          throw phoneAuthError('operation_not_allowed', 'FORBIDDEN');
        if (!p.mobileNum) throw phoneAuthError('missing_phone_number');
        if (!p.verificationCode) throw phoneAuthError('invalid_code');
        const target = phoneTarget(p.countryDialingCode ?? DEFAULT_DIALING_CODE, p.mobileNum);
        const check = await db.withTx((tx) =>
          verification.checkCode(tx, { purpose: 'login', target, code: p.verificationCode ?? '' }, t),
        );
        member = await findMemberByVerifiedMobile(
          db,
          merchant.id,
          p.countryDialingCode ?? DEFAULT_DIALING_CODE,
          p.mobileNum,
        );
        if (!check.ok || !member) {
          await recordLoginEvent(
            db,
            {
              memberId: member?.id,
              accountTried: target,
              ip: req.ip,
              method,
              success: false,
              reason: 'invalid_code',
              userAgent: userAgent(req),
            },
            t,
          );
          throw check.ok ? phoneAuthError('invalid_code') : check.error;
        }
      }

      /** Writes a non-success outcome: on the reserved password-check row, or a new row. */
      const outcome = async (reason: string) => {
        if (checkEventId) return finishPasswordCheck(db, checkEventId, { success: false, reason });
        return recordLoginEvent(
          db,
          {
            memberId: member?.id,
            accountTried: member?.account,
            ip: req.ip,
            method,
            success: false,
            reason,
            userAgent: userAgent(req),
          },
          t,
        );
      };
      const fail = async (reason: string, error: AppError): Promise<never> => {
        await outcome(reason);
        throw error;
      };
      if (member.status !== 'active')
        return fail('frozen', new AppError('FORBIDDEN', 'errors.account_frozen'));
      // Issue 10: time-out and self-exclusion refuse the login before any verification step.
      const excluded = await exclusionOf(db, member.id, t);
      if (excluded) return fail('excluded', exclusionError(excluded));
      // Spec §6: non-agents cannot log in to the agent entry; trial accounts (free play only) not
      // through the member entry.
      if (p.entry === 'agent' && !isAgentType(member.type)) {
        return fail('entry', new AppError('FORBIDDEN', 'errors.non_agent_login'));
      }
      if ((p.entry ?? 'member') === 'member' && member.type === TRIAL_TYPE) {
        return fail('entry', new AppError('FORBIDDEN', 'errors.non_member_login'));
      }

      const { scope, passwordExpired } = scopeOf(member, method, f, t);

      if (f.newIpVerification) {
        const known = await db.query<{ ip: string }>('select ip from known_ips where member_id = $1', [
          member.id,
        ]);
        const methods = verifyMethods(member);
        if (known.length > 0 && !known.some((k) => k.ip === req.ip) && methods.length > 0) {
          const challengeId = randomBytes(24).toString('base64url');
          await db.query(
            `insert into login_challenges (id, member_id, ip, methods, remember_me, login_method, user_agent, created_at, expires_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              challengeId,
              member.id,
              req.ip,
              methods,
              p.rememberMe ?? false,
              method,
              userAgent(req) ?? null,
              t,
              new Date(t.getTime() + CHALLENGE_MS),
            ],
          );
          await outcome('new_ip_challenge');
          return {
            kind: 'verify',
            challengeId,
            methods,
            targets: {
              ...(member.mobile && member.mobile_verified
                ? { sms: maskMobile(member.country_dialing_code, member.mobile) }
                : {}),
              ...(member.email && member.email_verified ? { email: maskEmail(member.email) } : {}),
            },
          };
        }
      }
      method = p.type;
      const session = await complete(req, reply, member, {
        method,
        scope,
        passwordExpired,
        rememberMe: p.rememberMe ?? false,
        checkEventId,
      });
      return { kind: 'session', session };
    },

    async verifySend(challengeId: string, method: 'sms' | 'email'): Promise<{ expiredMinutes: number }> {
      const c = await loadChallenge(challengeId);
      if (!c.methods.includes(method)) throw new AppError('BAD_REQUEST', 'errors.verify_method_unavailable');
      const m = await findMemberById(db, c.member_id);
      if (!m) throw new AppError('UNAUTHORIZED', 'errors.challenge_expired');
      const target =
        method === 'sms'
          ? phoneTarget(m.country_dialing_code ?? DEFAULT_DIALING_CODE, m.mobile ?? '')
          : (m.email ?? '');
      const sent = await db.withTx((tx) =>
        verification.sendCode(
          tx,
          { purpose: 'new_ip', channel: method, target, memberId: m.id, language: m.language },
          now(),
        ),
      );
      return { expiredMinutes: sent.expiredMinutes };
    },

    async verify(
      req: FastifyRequest,
      reply: FastifyReply,
      input: {
        challengeId: string;
        method: VerifyMethod;
        code?: string | undefined;
        payeeName?: string | undefined;
      },
    ): Promise<LoginResult> {
      const c = await loadChallenge(input.challengeId);
      if (!c.methods.includes(input.method))
        throw new AppError('BAD_REQUEST', 'errors.verify_method_unavailable');
      const t = now();
      // Read outside the transaction: on PGlite a query on `db` inside withTx would wait forever.
      const f = await siteFlags((await system.merchant()).id);
      const outcome = await db.withTx(async (tx): Promise<{ error: AppError } | { result: LoginResult }> => {
        const m = await findMemberById(tx, c.member_id, true);
        if (!m) return { error: new AppError('UNAUTHORIZED', 'errors.challenge_expired') };
        let error: AppError | undefined;
        if (input.method === 'sms' || input.method === 'email') {
          const target =
            input.method === 'sms'
              ? phoneTarget(m.country_dialing_code ?? DEFAULT_DIALING_CODE, m.mobile ?? '')
              : (m.email ?? '');
          const check = await verification.checkCode(
            tx,
            { purpose: 'new_ip', target, code: input.code ?? '' },
            t,
          );
          if (!check.ok) error = check.error;
        } else if (input.method === 'payee') {
          const ok =
            !!m.payee_name &&
            !!input.payeeName &&
            normalizeName(m.payee_name) === normalizeName(input.payeeName);
          if (!ok) error = new AppError('UNPROCESSABLE', 'errors.enter_correct_information');
        } else {
          const check = m.totp_secret
            ? verifyTotp(
                m.totp_secret,
                input.code ?? '',
                m.totp_last_step === null ? null : Number(m.totp_last_step),
                t.getTime(),
              )
            : ({ ok: false } as const);
          if (check.ok)
            await tx.query('update members set totp_last_step = $2 where id = $1', [m.id, check.step]);
          else error = new AppError('UNPROCESSABLE', 'errors.invalid_totp');
        }
        if (error) {
          const [row] = await tx.query<{ wrong_tries: number }>(
            'update login_challenges set wrong_tries = wrong_tries + 1 where id = $1 returning wrong_tries',
            [c.id],
          );
          await recordLoginEvent(
            tx,
            {
              memberId: m.id,
              accountTried: m.account,
              ip: req.ip,
              method: `new_ip.${input.method}`,
              success: false,
              reason: 'new_ip_failed',
              userAgent: userAgent(req),
            },
            t,
          );
          if ((row?.wrong_tries ?? 0) >= CODE_MAX_WRONG_TRIES)
            error = new AppError('UNAUTHORIZED', 'errors.challenge_expired');
          return { error };
        }
        const done = await tx.query(
          'update login_challenges set completed_at = $2 where id = $1 and completed_at is null returning id',
          [c.id, t],
        );
        if (done.length !== 1) return { error: new AppError('UNAUTHORIZED', 'errors.challenge_expired') };
        const { scope, passwordExpired } = scopeOf(m, c.login_method, f, t);
        const result = await complete(
          req,
          reply,
          m,
          {
            method: c.login_method,
            scope,
            passwordExpired,
            rememberMe: c.remember_me,
          },
          tx,
        );
        return { result };
      });
      if ('error' in outcome) throw outcome.error;
      return outcome.result;
    },

    async freePlay(req: FastifyRequest, reply: FastifyReply): Promise<LoginResult> {
      const merchant = await system.merchant();
      const f = await siteFlags(merchant.id);
      if (!f.freePlay) throw new AppError('FORBIDDEN');
      const t = now();
      return db.withTx(async (tx) => {
        const account = `guest_${randomBytes(6).toString('hex')}`;
        const [row] = await tx.query<{ id: string }>(
          `insert into members (merchant_id, account, password_hash, type, first_login, register_ip, register_method, created_at)
           values ($1, $2, null, $3, false, $4, 'FREEPLAY', $5) returning id::text as id`,
          [merchant.id, account, TRIAL_TYPE, req.ip, t],
        );
        const m = await findMemberById(tx, (row as { id: string }).id);
        if (!m) throw new AppError('INTERNAL');
        return complete(
          req,
          reply,
          m,
          {
            method: 'freeplay',
            scope: 'full',
            passwordExpired: false,
            rememberMe: false,
          },
          tx,
        );
      });
    },

    async logout(req: FastifyRequest, reply: FastifyReply, sessionId: string): Promise<null> {
      const t = now();
      await revokeSession(db, sessionId, t);
      const remember = readCookie(req.headers.cookie, REMEMBER_COOKIE);
      if (remember)
        await db.query('delete from remember_tokens where token_hash = $1', [hashToken(remember)]);
      setRememberCookie(req, reply, '', 0);
      return null;
    },

    /** DESIGN §7: the username the remember cookie belongs to; never a password. */
    async remembered(req: FastifyRequest): Promise<{ username: string | null }> {
      const token = readCookie(req.headers.cookie, REMEMBER_COOKIE);
      if (!token || token.length > 100) return { username: null };
      const [row] = await db.query<{ account: string }>(
        `select m.account from remember_tokens r join members m on m.id = r.member_id
          where r.token_hash = $1 and r.expires_at > $2`,
        [hashToken(token), now()],
      );
      return { username: row?.account ?? null };
    },

    /** POST /wps/verification/sms/noLogin: a login or recovery code, delivered only to a bound number. */
    async smsNoLogin(input: {
      mobileNum: string;
      countryDialingCode: string;
      purpose?: 'login' | 'recovery' | undefined;
      type?: string | undefined;
    }) {
      const merchant = await system.merchant();
      const f = await siteFlags(merchant.id);
      const purpose = input.purpose ?? 'login';
      const allowed = purpose === 'login' ? f.smsLogin || f.verificationCodeLogin : f.phonePasswordRecovery;
      if (!allowed) throw phoneAuthError('operation_not_allowed', 'FORBIDDEN');
      const member = await findMemberByVerifiedMobile(
        db,
        merchant.id,
        input.countryDialingCode,
        input.mobileNum,
      );
      const target = phoneTarget(input.countryDialingCode, input.mobileNum);
      await db.withTx((tx) =>
        verification.sendCode(
          tx,
          {
            purpose,
            channel: 'sms',
            target,
            memberId: member?.id,
            language: member?.language,
            deliver: !!member,
          },
          now(),
        ),
      );
      // Spec §4: the client counts down 60 s × expiredMinutes; 1 minute on the firebase path.
      return { expiredMinutes: input.type === 'firebase' ? 1 : 10 };
    },
  };
}
