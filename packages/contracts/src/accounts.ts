import { z } from 'zod/mini';

/**
 * Account rules shared by both sides (spec §4, §5, §6; issue 3). The registration field rules
 * come from the server's config (patterns.ts); these are the fixed ones.
 */

/** Spec §6: agent member types; spec §4: type 4 is a trial account. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;
/** The ordinary member type of this platform (not an agent, not a trial). */
export const MEMBER_TYPE = 3;
export const isAgentType = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);
/** Spec §4: member centre for logged-in non-type-4. */
export const hasMemberCentre = (type: number) => type !== TRIAL_TYPE;

/** Spec §9: the weak password that forces a change. */
export const WEAK_PASSWORD = '123456';
/**
 * The password rule (spec §5 "letters or digits within min to max"): 6–20 characters with at
 * least one letter and one digit; printable symbols are allowed too (the demo accounts of issue 3
 * use them, and they only make a password stronger); no spaces. Weak passwords are refused by the
 * server on top of this.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]+$/;
export const passwordSchema = z
  .string()
  .check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX), z.regex(PASSWORD_RULE));
/** Login accepts whatever was stored (old accounts may predate the rule), within sane bounds. */
export const loginPasswordSchema = z.string().check(z.minLength(1), z.maxLength(128));

/** Spec §5 mobile rule: digits only, national number without the dialing code. */
export const mobileSchema = z.string().check(z.regex(/^\d{6,15}$/));
export const dialingCodeSchema = z.string().check(z.regex(/^\+\d{1,4}$/));
/** Issue 3: SMS and e-mail codes are 6 digits. */
export const CODE_LENGTH = 6;
export const codeSchema = z.string().check(z.regex(/^\d{6}$/));
/** Spec §5: verification code max 255 (the field accepts up to 255; ours are 6 digits). */
export const verificationCodeFieldSchema = z.string().check(z.minLength(1), z.maxLength(255));
export const emailSchema = z.string().check(z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/));
export const usernameSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** Issue 3 server figures, shared so the client can say them. */
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;
export const CODE_VALID_MINUTES = 10;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;
export const CAPTCHA_AFTER_FAILURES = 3;
export const PASSWORD_CHECKS_PER_HOUR = 100;
/** Spec §4: SMS countdown 60 s × expiredMinutes; 1 minute on the firebase path. */
export const SMS_COUNTDOWN_SECONDS = 60;
/** Spec §4: remember-me keeps the last username for 1 day (DESIGN §7: never the password). */
export const REMEMBER_DAYS = 1;
/** Spec §5: age consent 18 (configurable), birthday check 21. */
export const CONSENT_AGE = 18;
export const BIRTHDAY_CONFIRM_AGE = 21;

/**
 * Spec §8 phone-auth error catalogue. Every entry has a message key `phone_auth.<code>`, and our
 * own SMS path answers each with `code` in the error envelope's `message`.
 */
export const PHONE_AUTH_ERRORS = [
  'invalid_phone_number',
  'missing_phone_number',
  'too_many_requests',
  'unknown_error',
  'invalid_code',
  'captcha_check_failed',
  'quota_exceeded',
  'operation_not_allowed',
  'code_expired',
  'popup_closed',
  'popup_blocked',
] as const;
export type PhoneAuthError = (typeof PHONE_AUTH_ERRORS)[number];
export const phoneAuthKey = (e: PhoneAuthError) => `phone_auth.${e}`;

export const LOGIN_TYPES = ['username', 'sms', 'firebase'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** Extra verification when the IP is new (spec §1). */
export const VERIFY_METHODS = ['sms', 'email', 'payee', 'totp'] as const;
export type VerifyMethod = (typeof VERIFY_METHODS)[number];

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'telegram'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
