import { TRIAL_TYPE, type Profile, type ResponseOf, type securityEndpoints } from '@app/contracts';
import QRCode from 'qrcode';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../../lib/totp.ts';
import { phoneTarget } from '../members/members.repository.ts';
import {
  assertAccountBudget,
  checkMemberPassword,
  recordLoginEvent,
  type PasswordLimits,
} from '../session/password-checks.ts';
import type { SystemService } from '../system/system.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { normalizeProfileUpdate, type ProfileUpdate } from './profile.ts';
import * as repo from './security.repository.ts';

/** Where a call comes from: password checks count per account and per address (issue 3). */
export interface RequestInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface SecurityServiceDeps {
  db: Db;
  system: Pick<SystemService, 'merchant'>;
  /** Engineer A's codes: 6 digits, 10 minutes, single use, 5 wrong tries, resend after 60 s. */
  verification: Pick<VerificationService, 'sendCode' | 'checkCode'>;
  limits: PasswordLimits;
  now?: () => Date;
}

export type SecurityService = ReturnType<typeof createSecurityService>;

type Res<K extends keyof typeof securityEndpoints> = ResponseOf<(typeof securityEndpoints)[K]>;

/** Postgres unique violation (a verified mobile taken by a concurrent bind). */
const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';

export function createSecurityService(deps: SecurityServiceDeps) {
  const { db, verification } = deps;
  const now = deps.now ?? (() => new Date());

  async function member(id: number) {
    const m = await repo.findMember(db, id);
    if (!m) throw new AppError('UNAUTHORIZED');
    return m;
  }

  /** Spec §4: a trial account (type 4) is told a real account is needed for every write. */
  async function realMember(id: number) {
    const m = await member(id);
    if (m.type === TRIAL_TYPE) throw new AppError('FORBIDDEN', 'errors.in_need_true_account');
    return m;
  }

  const mobileTaken = () =>
    new AppError('CONFLICT', 'errors.already_bound', { mobileNum: 'errors.already_bound' });
  const emailTaken = () =>
    new AppError('CONFLICT', 'errors.already_bound', { email: 'errors.already_bound' });
  const invalid = (field: string, key: string) => new AppError('UNPROCESSABLE', key, { [field]: key });

  /**
   * Authenticator codes are guessable secrets too: each try counts against the per-account
   * password-check budget (100 an hour), and a wrong one is recorded (`check.totp`).
   */
  async function totpTry(m: repo.SecurityMemberRow, info: RequestInfo, verify: () => Promise<boolean>) {
    await assertAccountBudget(db, { memberId: String(m.id), account: m.account }, deps.limits, now());
    const ok = await verify();
    await recordLoginEvent(
      db,
      {
        memberId: String(m.id),
        accountTried: m.account,
        ip: info.ip,
        method: 'check.totp',
        success: ok,
        passwordChecked: true,
        reason: ok ? null : 'wrong_code',
        userAgent: info.userAgent,
      },
      now(),
    );
    if (!ok) throw invalid('code', 'errors.code_invalid');
  }

  async function profile(memberId: number): Promise<Profile> {
    const p = await repo.findProfile(db, memberId);
    if (!p) throw new AppError('UNAUTHORIZED');
    return p;
  }

  return {
    profile,

    async updateProfile(memberId: number, input: ProfileUpdate): Promise<Profile> {
      const update = normalizeProfileUpdate(input, now());
      await db.withTx(async (tx) => {
        const m = await repo.findMember(tx, memberId, true);
        if (!m) throw new AppError('UNAUTHORIZED');
        if (m.type === TRIAL_TYPE) throw new AppError('FORBIDDEN', 'errors.in_need_true_account');
        // The payee name is the name on the member's bank account: set once, then only by support.
        if (update.payeeName !== undefined && update.payeeName !== m.payeeName) {
          if (m.payeeName)
            throw new AppError('CONFLICT', 'errors.payee_name_locked', {
              payeeName: 'errors.payee_name_locked',
            });
        }
        await repo.updateProfile(tx, memberId, update);
      });
      return profile(memberId);
    },

    async setPaymentPassword(
      memberId: number,
      input: {
        loginPassword?: string | undefined;
        oldPaymentPassword?: string | undefined;
        newPaymentPassword: string;
        confirmPaymentPassword: string;
      },
      info: RequestInfo,
    ): Promise<null> {
      const m = await realMember(memberId);
      if (input.confirmPaymentPassword !== input.newPaymentPassword) {
        throw invalid('confirmPaymentPassword', 'errors.password_mismatch');
      }
      // Both checks count against the per-account and per-address password-check limits.
      const check = (hash: string | null, password: string, path: string) =>
        checkMemberPassword(
          db,
          {
            member: { id: String(m.id), account: m.account, password_hash: hash },
            password,
            ip: info.ip,
            path,
            ...(info.userAgent ? { userAgent: info.userAgent } : {}),
          },
          deps.limits,
          now(),
        );
      if (m.paymentPasswordHash === null) {
        // First time: the login password proves it is the member, not a borrowed session.
        if (!input.loginPassword) throw invalid('loginPassword', 'errors.input_required');
        if (!(await check(m.passwordHash, input.loginPassword, 'payment_password.login'))) {
          throw invalid('loginPassword', 'errors.wrong_password');
        }
      } else {
        if (!input.oldPaymentPassword) throw invalid('oldPaymentPassword', 'errors.input_required');
        if (!(await check(m.paymentPasswordHash, input.oldPaymentPassword, 'payment_password'))) {
          throw invalid('oldPaymentPassword', 'errors.wrong_payment_password');
        }
      }
      await repo.setPaymentPasswordHash(db, m.id, await hashPassword(input.newPaymentPassword));
      return null;
    },

    async bindMobileSend(
      memberId: number,
      mobile: string,
      dialingCode: string,
    ): Promise<Res<'bindMobileSend'>> {
      const m = await realMember(memberId);
      return db.withTx(async (tx) => {
        if (await repo.mobileBoundElsewhere(tx, m.merchantId, m.id, dialingCode, mobile)) throw mobileTaken();
        const { expiredMinutes } = await verification.sendCode(
          tx,
          {
            purpose: 'bind_mobile',
            channel: 'sms',
            target: phoneTarget(dialingCode, mobile),
            memberId: String(m.id),
          },
          now(),
        );
        return { expiredMinutes };
      });
    },

    async bindMobile(memberId: number, mobile: string, dialingCode: string, code: string): Promise<null> {
      const m = await realMember(memberId);
      const target = phoneTarget(dialingCode, mobile);
      let result: Awaited<ReturnType<VerificationService['checkCode']>>;
      try {
        result = await db.withTx(async (tx) => {
          if (await repo.mobileBoundElsewhere(tx, m.merchantId, m.id, dialingCode, mobile))
            throw mobileTaken();
          const r = await verification.checkCode(tx, { purpose: 'bind_mobile', target, code }, now());
          if (r.ok) await repo.bindMobile(tx, m.id, dialingCode, mobile);
          return r;
        });
      } catch (e) {
        // A concurrent bind of the same number won the unique index.
        if (isUniqueViolation(e)) throw mobileTaken();
        throw e;
      }
      // The wrong try is committed before the refusal is answered.
      if (!result.ok) throw result.error;
      return null;
    },

    async bindEmailSend(memberId: number, email: string): Promise<Res<'bindEmailSend'>> {
      const m = await realMember(memberId);
      const target = email.toLowerCase();
      return db.withTx(async (tx) => {
        if (await repo.emailBoundElsewhere(tx, m.merchantId, m.id, target)) throw emailTaken();
        const { expiredMinutes } = await verification.sendCode(
          tx,
          { purpose: 'bind_email', channel: 'email', target, memberId: String(m.id) },
          now(),
        );
        return { expiredMinutes };
      });
    },

    async bindEmail(memberId: number, email: string, code: string): Promise<null> {
      const m = await realMember(memberId);
      const target = email.toLowerCase();
      const result = await db.withTx(async (tx) => {
        // No unique index holds verified e-mails: two binds of one address queue here instead.
        await tx.query(`select pg_advisory_xact_lock(hashtext('bind_email:' || $1::text))`, [target]);
        if (await repo.emailBoundElsewhere(tx, m.merchantId, m.id, target)) throw emailTaken();
        const r = await verification.checkCode(tx, { purpose: 'bind_email', target, code }, now());
        if (r.ok) await repo.bindEmail(tx, m.id, target);
        return r;
      });
      if (!result.ok) throw result.error;
      return null;
    },

    /** A new pending secret each time; it replaces nothing until totpEnable confirms it. */
    async totpSetup(memberId: number): Promise<Res<'totpSetup'>> {
      const m = await realMember(memberId);
      // Replacing a working authenticator needs its code first (totpDisable).
      if (m.totpEnabled) throw new AppError('CONFLICT', 'errors.totp_already_enabled');
      const secret = newTotpSecret();
      const { brand } = await deps.system.merchant();
      const otpauthUrl = totpUri(secret, m.account, brand);
      await repo.setTotpPending(db, m.id, secret);
      const qrDataUrl = await QRCode.toDataURL(otpauthUrl, {
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 240,
      });
      return { secret, otpauthUrl, qrDataUrl };
    },

    async totpEnable(memberId: number, code: string, info: RequestInfo): Promise<null> {
      const m = await realMember(memberId);
      if (m.totpEnabled) throw new AppError('CONFLICT', 'errors.totp_already_enabled');
      const pending = m.totpPendingSecret;
      if (!pending) throw new AppError('CONFLICT', 'errors.totp_not_started');
      await totpTry(m, info, async () => {
        const check = verifyTotp(pending, code, null, now().getTime());
        return check.ok && (await repo.enableTotp(db, m.id, pending, check.step));
      });
      return null;
    },

    async totpDisable(memberId: number, code: string, info: RequestInfo): Promise<null> {
      const m = await realMember(memberId);
      const secret = m.totpSecret;
      if (!m.totpEnabled || !secret) throw new AppError('CONFLICT', 'errors.totp_not_enabled');
      // A code already used (for the enable, a login) is refused: ±1 step and no reuse.
      await totpTry(m, info, async () => {
        const check = verifyTotp(secret, code, m.totpLastStep, now().getTime());
        return check.ok && (await repo.disableTotp(db, m.id, check.step));
      });
      return null;
    },

    async loginHistory(memberId: number, page = 1, size = 10): Promise<Res<'loginHistory'>> {
      return repo.listLoginEvents(db, memberId, size, (page - 1) * size);
    },
  };
}
