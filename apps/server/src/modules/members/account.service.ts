import {
  checkField,
  flags,
  mobileSchema,
  REGISTER_FIELDS,
  type Flags,
  type LanguageCode,
  type LoginResult,
  type MemberInfo,
  type RegisterPayload,
  type RegisterField,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { safeParse } from 'zod/mini';
import type { Db } from '../../db/db.ts';
import { readCookie } from '../../lib/cookies.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { hashPassword, isWeakPassword, verifyPassword } from '../../lib/password.ts';
import { CAPTCHA_COOKIE, verifyCaptcha } from '../captcha/captcha.service.ts';
import { DEFAULT_DIALING_CODE, maskEmail, maskPhone } from '../session/login.service.ts';
import { checkMemberPassword, recordLoginEvent, type PasswordLimits } from '../session/password-checks.ts';
import {
  createSession,
  loginResult,
  revokeAllSessions,
  type SessionMember,
} from '../session/session.service.ts';
import type { SystemService } from '../system/system.service.ts';
import { phoneAuthError, type VerificationService } from '../verification/verification.service.ts';
import { DOWNLINE_TYPES, freshAffiliateCode } from '../agents/team.ts';
import {
  findInviter,
  findMemberByAccount,
  findMemberById,
  findMemberByVerifiedMobile,
  listLabels,
  phoneTarget,
  setPasswordHash,
} from './members.repository.ts';

export interface AccountDeps {
  db: Db;
  system: SystemService;
  verification: VerificationService;
  now: Clock;
  limits: PasswordLimits;
}

/** Number of default avatars served under /static/avatars/<n>.svg. */
export const AVATAR_COUNT = 8;
export const defaultAvatar = (memberId: string) =>
  `/static/avatars/${(Number(memberId) % AVATAR_COUNT) + 1}.svg`;

const userAgent = (req: FastifyRequest) => {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 512) : undefined;
};

const unprocessable = (fields: Record<string, string>) => {
  const first = Object.values(fields)[0] ?? 'errors.enter_correct_information';
  return new AppError('UNPROCESSABLE', first, fields);
};

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService({ db, system, verification, now, limits }: AccountDeps) {
  async function siteFlags(merchantId: number): Promise<Flags> {
    return flags(await system.whitelabel(merchantId));
  }

  async function member(id: string) {
    const m = await findMemberById(db, id);
    if (!m) throw new AppError('UNAUTHORIZED');
    return m;
  }

  function weakCheck(password: string, field: string) {
    if (isWeakPassword(password))
      throw new AppError('UNPROCESSABLE', 'errors.weak_password', { [field]: 'errors.weak_password' });
  }

  return {
    /**
     * PUT /wps/member/register (mode username) and /register/mobile (mode mobile): every field
     * checked against the merchant's register config (spec §5), then the captcha, the SMS code,
     * uniqueness and the affiliate code; `login` true answers a session too.
     */
    async register(
      req: FastifyRequest,
      mode: 'username' | 'mobile',
      p: RegisterPayload,
    ): Promise<{ account: string; session: LoginResult | null }> {
      const t = now();
      const merchant = await system.merchant();
      const f = await siteFlags(merchant.id);
      if (mode === 'username' ? !f.usernameRegister : !f.mobileRegister) throw new AppError('FORBIDDEN');
      const config = await system.registerSetting(merchant.id);
      const values: Record<RegisterField, string | undefined> = {
        username: mode === 'mobile' ? p.mobileNum : p.username,
        password: p.password,
        payeeName: p.payeeName,
        paymentPassword: p.paymentPassword,
        qqNum: p.qqNum,
        line: p.line,
        whatsapp: p.whatsapp,
        facebook: p.facebook,
        wechat: p.wechat,
        idNumber: p.idNumber,
        email: p.email,
        mobileNum: p.mobileNum,
        affiliateCode: p.affiliateCode,
        captcha: p.captcha,
        verificationCode: p.verificationCode,
      };
      const dial = p.countryDialingCode ?? DEFAULT_DIALING_CODE;
      const codeNeeded = mode === 'mobile' || (f.registerMobileVerification && !!p.mobileNum);
      const fields: Record<string, string> = {};
      for (const name of REGISTER_FIELDS) {
        // Mobile registration: the mobile number is the username (spec §5), checked as a mobile.
        if (mode === 'mobile' && name === 'username') continue;
        const cfg = config[name];
        // Spec §5: the payment password is always required when shown; the SMS code whenever
        // one is needed, and the number in mobile registration, whatever the config says.
        const needed =
          (codeNeeded && name === 'verificationCode') || (mode === 'mobile' && name === 'mobileNum');
        const r = cfg.enabled
          ? checkField(cfg, values[name], needed || name === 'paymentPassword')
          : needed && !values[name]
            ? ({ ok: false, key: 'errors.input_required' } as const)
            : ({ ok: true } as const);
        if (!r.ok) fields[name] = r.key;
      }
      if (mode === 'mobile' || p.mobileNum) {
        if (!p.mobileNum) fields.mobileNum ??= 'errors.input_required';
        else if (!safeParse(mobileSchema, p.mobileNum).success) fields.mobileNum ??= 'errors.mobile_format';
      }
      // Whatever the config says, an account needs a name (letters and digits, 64 at most).
      if (mode === 'username' && !fields.username && !/^[A-Za-z0-9]{1,64}$/.test(p.username?.trim() ?? '')) {
        fields.username = p.username?.trim() ? 'errors.account_format' : 'errors.input_required';
      }
      if (p.confirmPassword !== p.password) fields.confirmPassword = 'errors.passwords_mismatch';
      if (isWeakPassword(p.password)) fields.password ??= 'errors.weak_password';
      if (Object.keys(fields).length > 0) throw unprocessable(fields);

      if (config.captcha.enabled) {
        const ok = await verifyCaptcha(db, readCookie(req.headers.cookie, CAPTCHA_COOKIE), p.captcha, t);
        if (!ok)
          throw new AppError('UNPROCESSABLE', 'errors.captcha_wrong', { captcha: 'errors.captcha_wrong' });
      }
      const account = (mode === 'mobile' ? (p.mobileNum ?? '') : (p.username ?? '')).trim().toLowerCase();
      let uplineId: string | null = null;
      // Issue 8: an invitation link registers under its agent, as a player or an agent (its kind).
      let linkId: string | null = null;
      let type: number = DOWNLINE_TYPES.member;
      if (p.affiliateCode) {
        const inviter = await findInviter(db, merchant.id, p.affiliateCode);
        if (!inviter)
          throw new AppError('UNPROCESSABLE', 'invitation_code_error', {
            affiliateCode: 'invitation_code_error',
          });
        uplineId = inviter.agent.id;
        linkId = inviter.linkId;
        type = DOWNLINE_TYPES[inviter.kind];
      }
      // A new agent gets its own invitation code (like one made in the register centre).
      const ownCode = type === DOWNLINE_TYPES.agent ? await freshAffiliateCode(db, merchant.id) : null;
      if (await findMemberByAccount(db, merchant.id, account)) {
        throw new AppError('CONFLICT', 'errors.account_exists', { username: 'errors.account_exists' });
      }
      const [passwordHash, paymentHash] = await Promise.all([
        hashPassword(p.password),
        p.paymentPassword ? hashPassword(p.paymentPassword) : Promise.resolve(null),
      ]);

      const outcome = await db
        .withTx(
          async (tx): Promise<{ error: AppError } | { account: string; session: LoginResult | null }> => {
            if (codeNeeded) {
              const check = await verification.checkCode(
                tx,
                {
                  purpose: 'register',
                  target: phoneTarget(dial, p.mobileNum ?? ''),
                  code: p.verificationCode ?? '',
                },
                t,
              );
              if (!check.ok)
                return {
                  error: new AppError(check.error.code, check.error.message, {
                    verificationCode: check.error.message,
                  }),
                };
              if (await findMemberByVerifiedMobile(tx, merchant.id, dial, p.mobileNum ?? '')) {
                return {
                  error: new AppError('CONFLICT', 'errors.mobile_exists', {
                    mobileNum: 'errors.mobile_exists',
                  }),
                };
              }
            }
            const [row] = await tx.query<{ id: string }>(
              `insert into members (merchant_id, account, password_hash, password_changed_at, type, upline_id, payee_name,
             email, mobile, country_dialing_code, mobile_verified, payment_password_hash, affiliate_code, referral_code,
             qq_num, line, whatsapp, facebook, wechat, id_number, register_ip, register_domain, register_url,
             register_method, created_at, register_link_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $24, $13, $14, $15, $16, $17, $18, $19, $20, $21,
             $22, $23, $4, $25) returning id::text as id`,
              [
                merchant.id,
                account,
                passwordHash,
                t,
                type,
                uplineId,
                p.payeeName || null,
                p.email ? p.email.toLowerCase() : null,
                p.mobileNum || null,
                p.mobileNum ? dial : null,
                codeNeeded,
                paymentHash,
                p.referralCode || null,
                p.qqNum || null,
                p.line || null,
                p.whatsapp || null,
                p.facebook || null,
                p.wechat || null,
                p.idNumber || null,
                req.ip,
                p.domain || null,
                p.registerUrl || null,
                p.registerMethod,
                ownCode,
                linkId,
              ],
            );
            const id = (row as { id: string }).id;
            if (!p.login) return { account, session: null };
            const s = await createSession(
              tx,
              { memberId: id, scope: 'full', method: 'register', ip: req.ip, userAgent: userAgent(req) },
              t,
            );
            await tx.query(
              'insert into known_ips (member_id, ip, first_seen, last_seen) values ($1, $2, $3, $3)',
              [id, req.ip, t],
            );
            await recordLoginEvent(
              tx,
              {
                memberId: id,
                accountTried: account,
                ip: req.ip,
                method: 'register',
                success: true,
                userAgent: userAgent(req),
              },
              t,
            );
            return {
              account,
              session: loginResult(s, { firstTimeLogin: true, passwordExpired: false, scope: 'full' }),
            };
          },
        )
        .catch((e: unknown) => {
          if (isUniqueViolation(e))
            return {
              error: new AppError('CONFLICT', 'errors.account_exists', { username: 'errors.account_exists' }),
            };
          throw e;
        });
      if ('error' in outcome) throw outcome.error;
      return outcome;
    },

    /** POST /wps/verification/sms/register. */
    async smsRegister(input: { mobileNo: string; countryDialingCode: string }) {
      const merchant = await system.merchant();
      const f = await siteFlags(merchant.id);
      if (!f.mobileRegister && !f.smsVerification && !f.registerMobileVerification) {
        throw phoneAuthError('operation_not_allowed', 'FORBIDDEN');
      }
      const target = phoneTarget(input.countryDialingCode, input.mobileNo);
      const sent = await db.withTx((tx) =>
        verification.sendCode(tx, { purpose: 'register', channel: 'sms', target }, now()),
      );
      return { expiredMinutes: sent.expiredMinutes };
    },

    /**
     * POST /wps/member/password: the old password is checked unless the session exists only to
     * change a weak or expired one (spec §5); every session ends and a new full one is answered.
     */
    async changePassword(
      req: FastifyRequest,
      who: SessionMember,
      p: { oldPassword?: string | undefined; newPassword: string; confirmNewPassword: string },
    ): Promise<LoginResult> {
      const t = now();
      const m = await member(who.id);
      if (p.confirmNewPassword !== p.newPassword) {
        throw new AppError('UNPROCESSABLE', 'errors.passwords_mismatch', {
          confirmNewPassword: 'errors.passwords_mismatch',
        });
      }
      weakCheck(p.newPassword, 'newPassword');
      const forced = who.scope === 'change_password';
      if (!forced || (m.password_hash && p.oldPassword)) {
        if (!p.oldPassword && m.password_hash) {
          throw new AppError('UNPROCESSABLE', 'errors.input_required', {
            oldPassword: 'errors.input_required',
          });
        }
        if (m.password_hash) {
          const ok = await checkMemberPassword(
            db,
            {
              member: m,
              password: p.oldPassword ?? '',
              ip: req.ip,
              path: 'change_password',
              userAgent: userAgent(req) ?? '',
            },
            limits,
            t,
          );
          if (!ok)
            throw new AppError('UNPROCESSABLE', 'errors.wrong_password', {
              oldPassword: 'errors.wrong_password',
            });
        }
      }
      if (m.password_hash && (await verifyPassword(m.password_hash, p.newPassword))) {
        throw new AppError('UNPROCESSABLE', 'errors.password_same_as_old', {
          newPassword: 'errors.password_same_as_old',
        });
      }
      const hash = await hashPassword(p.newPassword);
      return db.withTx(async (tx) => {
        await setPasswordHash(tx, m.id, hash, t);
        await revokeAllSessions(tx, m.id, t);
        const s = await createSession(
          tx,
          { memberId: m.id, scope: 'full', method: 'password_change', ip: req.ip, userAgent: userAgent(req) },
          t,
        );
        return loginResult(s, { firstTimeLogin: m.first_login, passwordExpired: false, scope: 'full' });
      });
    },

    /** Form POST /wps/member/password/email: always the same answer (no account enumeration). */
    async forgotPasswordEmail(input: { username: string; email: string }): Promise<null> {
      const merchant = await system.merchant();
      const m = await findMemberByAccount(db, merchant.id, input.username);
      const email = input.email.trim().toLowerCase();
      if (m && m.email === email && m.status === 'active') {
        try {
          await db.withTx((tx) =>
            verification.sendCode(
              tx,
              {
                purpose: 'reset_email',
                channel: 'email',
                target: email,
                memberId: m.id,
                language: m.language,
              },
              now(),
            ),
          );
        } catch (e) {
          // A resend within 60 s or past the daily quota answers like any other request.
          if (!(e instanceof AppError) || e.code !== 'RATE_LIMITED') throw e;
        }
      }
      return null;
    },

    async resetPasswordEmail(input: { username: string; email: string; code: string; newPassword: string }) {
      const t = now();
      const merchant = await system.merchant();
      weakCheck(input.newPassword, 'newPassword');
      const m = await findMemberByAccount(db, merchant.id, input.username);
      const email = input.email.trim().toLowerCase();
      const hash = await hashPassword(input.newPassword);
      const outcome = await db.withTx(async (tx) => {
        const check = await verification.checkCode(
          tx,
          { purpose: 'reset_email', target: email, code: input.code },
          t,
        );
        if (!check.ok) return { error: check.error };
        if (!m || m.email !== email) return { error: phoneAuthError('invalid_code') };
        await setPasswordHash(tx, m.id, hash, t);
        await revokeAllSessions(tx, m.id, t);
        return { username: m.account };
      });
      if ('error' in outcome) throw outcome.error;
      return { username: outcome.username };
    },

    /** POST /wps/member/password/verification: recovery by phone; answers the username for the auto-login. */
    async forgotPasswordPhone(input: {
      newPassword: string;
      mobileNum: string;
      verificationCode: string;
      countryDialingCode?: string | undefined;
    }) {
      const t = now();
      const merchant = await system.merchant();
      const f = await siteFlags(merchant.id);
      if (!f.phonePasswordRecovery) throw phoneAuthError('operation_not_allowed', 'FORBIDDEN');
      weakCheck(input.newPassword, 'newPassword');
      const dial = input.countryDialingCode ?? DEFAULT_DIALING_CODE;
      const m = await findMemberByVerifiedMobile(db, merchant.id, dial, input.mobileNum);
      const hash = await hashPassword(input.newPassword);
      const outcome = await db.withTx(async (tx) => {
        const check = await verification.checkCode(
          tx,
          { purpose: 'recovery', target: phoneTarget(dial, input.mobileNum), code: input.verificationCode },
          t,
        );
        if (!check.ok) return { error: check.error };
        if (!m) return { error: phoneAuthError('invalid_code') };
        await setPasswordHash(tx, m.id, hash, t);
        await revokeAllSessions(tx, m.id, t);
        return { username: m.account };
      });
      if ('error' in outcome) throw outcome.error;
      return { username: outcome.username };
    },

    async memberInfo(who: SessionMember): Promise<MemberInfo> {
      const m = await member(who.id);
      const labels = await listLabels(db, m.id);
      const [prev] = await db.query<{ created_at: Date; ip: string }>(
        `select created_at, ip from sessions
          where member_id = $1 and id < $2 and login_method <> 'password_change'
          order by id desc limit 1`,
        [m.id, who.sessionId],
      );
      return {
        id: Number(m.id),
        account: m.account,
        nickname: m.nickname,
        type: m.type,
        toUpline: m.upline_id !== null,
        clubLabel: m.club_label ? { labelName: m.club_label } : null,
        memberLabel: labels.map((labelName) => ({ labelName })),
        language: m.language as LanguageCode,
        mobile: m.mobile ? maskPhone(m.country_dialing_code, m.mobile) : null,
        email: m.email ? maskEmail(m.email) : null,
        hasPaymentPassword: m.payment_password_hash !== null,
        totpEnabled: m.totp_enabled,
        previousLogin: prev ? { time: prev.created_at.toISOString(), ip: prev.ip } : null,
      };
    },

    async avatar(who: SessionMember) {
      const m = await member(who.id);
      return m.avatar && m.avatar_type === 'CUSTOM'
        ? { avatar: m.avatar, avatarType: 'CUSTOM' as const }
        : { avatar: m.avatar ?? defaultAvatar(m.id), avatarType: 'STATIC' as const };
    },

    async firstLogin(who: SessionMember): Promise<null> {
      await db.query('update members set first_login = false where id = $1', [who.id]);
      return null;
    },

    async updateLanguage(who: SessionMember | null, language: LanguageCode) {
      if (!who) return { language, stored: false };
      await db.query('update members set language = $2 where id = $1', [who.id, language]);
      return { language, stored: true };
    },

    async affiliate(code: string) {
      const merchant = await system.merchant();
      return { valid: !!(await findInviter(db, merchant.id, code)) };
    },
  };
}
