import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_SECONDS,
  CODE_VALID_MINUTES,
  phoneAuthKey,
  type PhoneAuthError,
} from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { codeMessage } from '../notify/messages.ts';
import { outboxNotifier, type Notifier } from '../notify/notifier.ts';

/**
 * SMS and e-mail codes (issue 3): 6 digits from node:crypto, stored hashed, valid 10 minutes,
 * single use, dead after 5 wrong tries, resent at most once per 60 s per (purpose, target), and
 * at most CODES_PER_DAY per target. Errors carry the spec §8 phone-auth keys.
 */
export const CODES_PER_DAY = 10;

export type CodePurpose =
  'login' | 'recovery' | 'register' | 'new_ip' | 'reset_email' | 'bind_mobile' | 'bind_email' | (string & {});

export interface SendCode {
  purpose: CodePurpose;
  channel: 'sms' | 'email';
  /** "+95 912345678" (see phoneTarget) or a lower-case e-mail address. */
  target: string;
  memberId?: string | null | undefined;
  /** Language of the message text (the member's; EN when unknown). */
  language?: string | undefined;
  /**
   * False: the code row is written (so the answer, throttle and quota are the same) but nothing
   * is delivered, for targets that belong to nobody (no account enumeration).
   */
  deliver?: boolean;
}

export const phoneAuthError = (
  code: PhoneAuthError,
  status: 'UNPROCESSABLE' | 'RATE_LIMITED' | 'FORBIDDEN' = 'UNPROCESSABLE',
  retryAfter?: number,
) => new AppError(status, phoneAuthKey(code), undefined, retryAfter !== undefined ? { retryAfter } : {});

const hashCode = (purpose: string, target: string, code: string) =>
  createHash('sha256').update(`${purpose}\u0000${target}\u0000${code}`).digest('hex');

export function createVerificationService({ notifier = outboxNotifier }: { notifier?: Notifier } = {}) {
  return {
    /** Sends a new code; earlier unused codes of the same (purpose, target) stop working. */
    async sendCode(
      tx: Queryable,
      s: SendCode,
      now: Date,
    ): Promise<{ expiresAt: Date; expiredMinutes: number }> {
      const [last] = await tx.query<{ created_at: Date }>(
        `select created_at from verification_codes where purpose = $1 and target = $2
          order by created_at desc limit 1`,
        [s.purpose, s.target],
      );
      const sinceLast = last ? now.getTime() - last.created_at.getTime() : Infinity;
      if (sinceLast < CODE_RESEND_SECONDS * 1000) {
        throw phoneAuthError(
          'too_many_requests',
          'RATE_LIMITED',
          (CODE_RESEND_SECONDS * 1000 - sinceLast) / 1000,
        );
      }
      const [day] = await tx.query<{ n: number }>(
        `select count(*)::int as n from verification_codes where target = $1 and created_at > $2`,
        [s.target, new Date(now.getTime() - 24 * 3600_000)],
      );
      if ((day?.n ?? 0) >= CODES_PER_DAY) throw phoneAuthError('quota_exceeded', 'RATE_LIMITED', 3600);
      await tx.query(
        `update verification_codes set used_at = $3 where purpose = $1 and target = $2 and used_at is null`,
        [s.purpose, s.target, now],
      );
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + CODE_VALID_MINUTES * 60_000);
      await tx.query(
        `insert into verification_codes (purpose, channel, target, member_id, code_hash, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          s.purpose,
          s.channel,
          s.target,
          s.memberId ?? null,
          hashCode(s.purpose, s.target, code),
          now,
          expiresAt,
        ],
      );
      if (s.deliver !== false) {
        const text = codeMessage(s.language, code, CODE_VALID_MINUTES);
        await notifier.send(tx, {
          channel: s.channel,
          recipient: s.target,
          subject: s.channel === 'email' ? text.subject : undefined,
          body: text.body,
        });
      }
      return { expiresAt, expiredMinutes: CODE_VALID_MINUTES };
    },

    /**
     * Checks (and on success uses up) the latest code of (purpose, target). Returns the error
     * instead of throwing it, so the caller can commit the wrong-try count before answering:
     * throwing inside the transaction would roll it back.
     */
    async checkCode(
      tx: Queryable,
      c: { purpose: CodePurpose; target: string; code: string },
      now: Date,
    ): Promise<{ ok: true } | { ok: false; error: AppError }> {
      if (!/^\d{6}$/.test(c.code)) return { ok: false, error: phoneAuthError('invalid_code') };
      const [row] = await tx.query<{
        id: string;
        code_hash: string;
        expires_at: Date;
        wrong_tries: number;
        used_at: Date | null;
      }>(
        `select id::text as id, code_hash, expires_at, wrong_tries, used_at from verification_codes
          where purpose = $1 and target = $2 order by created_at desc, id desc limit 1 for update`,
        [c.purpose, c.target],
      );
      if (!row) return { ok: false, error: phoneAuthError('invalid_code') };
      if (
        row.used_at ||
        row.expires_at.getTime() <= now.getTime() ||
        row.wrong_tries >= CODE_MAX_WRONG_TRIES
      ) {
        return { ok: false, error: phoneAuthError('code_expired') };
      }
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(hashCode(c.purpose, c.target, c.code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await tx.query('update verification_codes set wrong_tries = wrong_tries + 1 where id = $1', [row.id]);
        return {
          ok: false,
          error: phoneAuthError(
            row.wrong_tries + 1 >= CODE_MAX_WRONG_TRIES ? 'code_expired' : 'invalid_code',
          ),
        };
      }
      await tx.query('update verification_codes set used_at = $2 where id = $1', [row.id, now]);
      return { ok: true };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
export const verification = createVerificationService();
export const { sendCode, checkCode } = verification;
