import { z } from 'zod/mini';
import {
  codeSchema,
  dialingCodeSchema,
  emailSchema,
  LOGIN_TYPES,
  loginPasswordSchema,
  mobileSchema,
  passwordSchema,
  SOCIAL_PROVIDERS,
  usernameSchema,
  VERIFY_METHODS,
} from '../accounts.ts';
import { defineEndpoint, MODULE_IDS } from '../endpoint.ts';
import { payloadKeySchema, securePayloadSchema } from '../secure-payload.ts';

const none = z.strictObject({});

/**
 * Spec §3 login result: token, firstTimeLogin, passwordExpired. `mustChangePassword` tells the
 * client the session may only change the password (weak 123456, or expired with the policy on):
 * such a token is accepted by the change-password call alone (issue 3).
 */
export const loginResultSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  mustChangePassword: z.boolean(),
  /** Session expiry, ISO time (absolute; idle expiry slides with use). */
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * A login answer: either a session, or (new IP, spec §1) a challenge that one more step must
 * complete through `loginVerify`.
 */
export const loginAnswerSchema = z.union([
  z.object({ kind: z.literal('session'), session: loginResultSchema }),
  z.object({
    kind: z.literal('verify'),
    challengeId: z.string(),
    methods: z.array(z.enum(VERIFY_METHODS)),
    /** Masked targets to show, e.g. "+95 ••••4567", "d•••@example.com". */
    targets: z.object({ sms: z.optional(z.string()), email: z.optional(z.string()) }),
  }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** Failure `value` of the login call: spec §3 "on failure an optional captcha flag". */
export const loginFailureSchema = z.object({ captcha: z.boolean() });

/**
 * Decrypted login payload (spec §3): username and password for type `username`; mobile and the
 * SMS code for `sms` and `firebase` (our own SMS path serves both; no third-party SDK). `entry`
 * is the door used: non-members cannot log in through the member entry, non-agents not through
 * the agent entry (spec §6).
 */
export const loginPayloadSchema = z.strictObject({
  type: z.enum(LOGIN_TYPES),
  username: z.optional(usernameSchema),
  password: z.optional(loginPasswordSchema),
  mobileNum: z.optional(mobileSchema),
  countryDialingCode: z.optional(dialingCodeSchema),
  verificationCode: z.optional(codeSchema),
  captcha: z.optional(z.string().check(z.maxLength(16))),
  rememberMe: z.optional(z.boolean()),
  entry: z.optional(z.enum(['member', 'agent'])),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const payloadKey = defineEndpoint({
  id: 'payloadKey',
  method: 'GET',
  path: '/wps/session/key',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary: 'Public key and a one-time nonce for an encrypted body (valid 5 minutes, single use)',
  tags: ['session'],
  request: none,
  response: payloadKeySchema,
});

export const login = defineEndpoint({
  id: 'login',
  method: 'POST',
  path: '/wps/session/login',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary:
    'Log in (encrypted). Wrong user, wrong password and an undecryptable body all answer the same 401; value.captcha tells the client to show the captcha',
  tags: ['session'],
  encrypted: true,
  request: securePayloadSchema,
  payload: loginPayloadSchema,
  response: loginAnswerSchema,
});

export const freePlayPayloadSchema = z.strictObject({
  os: z.string().check(z.minLength(1), z.maxLength(32)),
  platform: z.literal('W'),
  random: z.string().check(z.minLength(16), z.maxLength(128)),
});

export const freePlayLogin = defineEndpoint({
  id: 'freePlayLogin',
  method: 'POST',
  path: '/wps/session/login/freeplay',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary: 'Free play (flag freePlay): a trial account (type 4) with play money, no credentials',
  tags: ['session'],
  encrypted: true,
  request: securePayloadSchema,
  payload: freePlayPayloadSchema,
  response: loginResultSchema,
});

export const loginVerifySend = defineEndpoint({
  id: 'loginVerifySend',
  method: 'POST',
  path: '/wps/session/verify/send',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary: 'New-IP step: send the code of a challenge by SMS or e-mail',
  tags: ['session'],
  request: z.strictObject({
    challengeId: z.string().check(z.maxLength(64)),
    method: z.enum(['sms', 'email']),
  }),
  response: z.object({ expiredMinutes: z.number() }),
});

export const loginVerify = defineEndpoint({
  id: 'loginVerify',
  method: 'POST',
  path: '/wps/session/verify',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary:
    'New-IP step: complete a login challenge with an SMS or e-mail code, the bank payee name or a TOTP code',
  tags: ['session'],
  request: z.strictObject({
    challengeId: z.string().check(z.maxLength(64)),
    method: z.enum(VERIFY_METHODS),
    code: z.optional(codeSchema),
    payeeName: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  }),
  response: loginResultSchema,
});

export const logout = defineEndpoint({
  id: 'logout',
  method: 'DELETE',
  path: '/wps/session/logout',
  moduleId: MODULE_IDS.session,
  auth: 'member',
  summary: 'Log out: revokes this session and the remember token',
  tags: ['session'],
  request: none,
  response: z.null(),
});

export const smsNoLogin = defineEndpoint({
  id: 'smsNoLogin',
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary: 'Send an SMS code for login or phone recovery (6 digits, 10 minutes, resend after 60 s)',
  tags: ['session'],
  request: z.strictObject({
    mobileNum: mobileSchema,
    countryDialingCode: dialingCodeSchema,
    purpose: z.optional(z.enum(['login', 'recovery'])),
    /** The firebase path counts down 1 minute (spec §4). */
    type: z.optional(z.enum(LOGIN_TYPES)),
  }),
  response: z.object({ expiredMinutes: z.number() }),
});

export const smsRegister = defineEndpoint({
  id: 'smsRegister',
  method: 'POST',
  path: '/wps/verification/sms/register',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary: 'Send an SMS code to a mobile number being registered',
  tags: ['session'],
  request: z.strictObject({ mobileNo: mobileSchema, countryDialingCode: dialingCodeSchema }),
  response: z.object({ expiredMinutes: z.number() }),
});

/** Spec §3 registration user, plus the fields the register call adds. */
export const registerPayloadSchema = z.strictObject({
  username: z.optional(z.string().check(z.maxLength(64))),
  password: passwordSchema,
  confirmPassword: z.string().check(z.maxLength(64)),
  payeeName: z.optional(z.string().check(z.maxLength(100))),
  email: z.optional(z.string().check(z.maxLength(254))),
  qqNum: z.optional(z.string().check(z.maxLength(64))),
  mobileNum: z.optional(z.string().check(z.maxLength(20))),
  recommenderId: z.optional(z.string().check(z.maxLength(64))),
  captcha: z.optional(z.string().check(z.maxLength(16))),
  verificationCode: z.optional(z.string().check(z.maxLength(255))),
  affiliateCode: z.optional(z.string().check(z.maxLength(64))),
  paymentPassword: z.optional(z.string().check(z.maxLength(64))),
  line: z.optional(z.string().check(z.maxLength(64))),
  whatsapp: z.optional(z.string().check(z.maxLength(64))),
  facebook: z.optional(z.string().check(z.maxLength(64))),
  wechat: z.optional(z.string().check(z.maxLength(64))),
  idNumber: z.optional(z.string().check(z.maxLength(64))),
  referralCode: z.optional(z.string().check(z.maxLength(64))),
  domain: z.optional(z.string().check(z.maxLength(255))),
  countryDialingCode: z.optional(dialingCodeSchema),
  registerUrl: z.optional(z.string().check(z.maxLength(2048))),
  registerMethod: z.literal('WEB'),
  /** Terms (and the age consent) agreed: must be true (spec §5). */
  agree: z.literal(true),
  /** Spec §3 "login flag true": log the new member in. */
  login: z.boolean(),
});
export type RegisterPayload = z.infer<typeof registerPayloadSchema>;

/** The new member's session when `login` was true. */
export const registerResultSchema = z.object({ account: z.string(), session: z.nullable(loginResultSchema) });

export const register = defineEndpoint({
  id: 'register',
  method: 'PUT',
  path: '/wps/member/register',
  moduleId: MODULE_IDS.member,
  auth: 'guest',
  summary: 'Register with a username (encrypted); every field checked against the registration config',
  tags: ['session'],
  encrypted: true,
  request: securePayloadSchema,
  payload: registerPayloadSchema,
  response: registerResultSchema,
});

export const registerMobile = defineEndpoint({
  id: 'registerMobile',
  method: 'PUT',
  path: '/wps/member/register/mobile',
  moduleId: MODULE_IDS.member,
  auth: 'guest',
  summary: 'Register with a mobile number as the username (encrypted), verified by an SMS code',
  tags: ['session'],
  encrypted: true,
  request: securePayloadSchema,
  payload: registerPayloadSchema,
  response: registerResultSchema,
});

export const changePasswordPayloadSchema = z.strictObject({
  oldPassword: z.optional(loginPasswordSchema),
  newPassword: passwordSchema,
  confirmNewPassword: z.string().check(z.maxLength(64)),
});

export const changePassword = defineEndpoint({
  id: 'changePassword',
  method: 'POST',
  path: '/wps/member/password',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Change the login password (encrypted). Revokes every session of the member and answers a new one',
  tags: ['session'],
  encrypted: true,
  request: securePayloadSchema,
  payload: changePasswordPayloadSchema,
  response: loginResultSchema,
});

export const forgotPasswordEmail = defineEndpoint({
  id: 'forgotPasswordEmail',
  method: 'POST',
  path: '/wps/member/password/email',
  moduleId: MODULE_IDS.member,
  auth: 'guest',
  summary:
    'Forgot password by e-mail (form body): sends a reset code to the e-mail on file. Answers the same whether or not they match',
  tags: ['session'],
  form: true,
  request: z.strictObject({ username: usernameSchema, email: emailSchema }),
  response: z.null(),
});

export const resetPasswordEmail = defineEndpoint({
  id: 'resetPasswordEmail',
  method: 'POST',
  path: '/wps/member/password/email/reset',
  moduleId: MODULE_IDS.member,
  auth: 'guest',
  summary: 'Complete an e-mail recovery with the code that was sent and a new password',
  tags: ['session'],
  request: z.strictObject({
    username: usernameSchema,
    email: emailSchema,
    code: codeSchema,
    newPassword: passwordSchema,
  }),
  response: z.object({ username: z.string() }),
});

export const forgotPasswordPhone = defineEndpoint({
  id: 'forgotPasswordPhone',
  method: 'POST',
  path: '/wps/member/password/verification',
  moduleId: MODULE_IDS.member,
  auth: 'guest',
  summary: 'Recover by phone: mobile, SMS code and the new password; answers the username for the auto-login',
  tags: ['session'],
  request: z.strictObject({
    newPassword: passwordSchema,
    mobileNum: mobileSchema,
    verificationCode: codeSchema,
    countryDialingCode: z.optional(dialingCodeSchema),
  }),
  response: z.object({ username: z.string() }),
});

export const affiliate = defineEndpoint({
  id: 'affiliate',
  method: 'GET',
  path: '/wps/agent/affiliate',
  moduleId: MODULE_IDS.agent,
  auth: 'guest',
  summary: 'Check an affiliate (invitation) code for a domain',
  tags: ['session'],
  request: z.strictObject({
    code: z.string().check(z.minLength(1), z.maxLength(64)),
    domain: z.optional(z.string().check(z.maxLength(255))),
  }),
  response: z.object({ valid: z.boolean() }),
});

export const rememberedLogin = defineEndpoint({
  id: 'rememberedLogin',
  method: 'GET',
  path: '/wps/session/remembered',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary:
    'Remember-me (DESIGN §7): the last username kept by the one-day HttpOnly remember cookie, never a password',
  tags: ['session'],
  request: none,
  response: z.object({ username: z.nullable(z.string()) }),
});

export const socialProviders = defineEndpoint({
  id: 'socialProviders',
  method: 'GET',
  path: '/wps/session/social/providers',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary: 'Social logins enabled by the whitelabel flags, with what the client needs to start each',
  tags: ['session'],
  request: none,
  response: z.array(
    z.object({
      provider: z.enum(SOCIAL_PROVIDERS),
      /** Telegram login widget bot name; null for OpenID Connect providers. */
      botName: z.nullable(z.string()),
    }),
  ),
});

export const socialStart = defineEndpoint({
  id: 'socialStart',
  method: 'POST',
  path: '/wps/session/social/start',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary:
    'Start an OpenID Connect login: answers the provider URL (state, nonce and PKCE bound to an HttpOnly cookie)',
  tags: ['session'],
  request: z.strictObject({ provider: z.enum(['google', 'facebook']) }),
  response: z.object({ url: z.string() }),
});

export const socialComplete = defineEndpoint({
  id: 'socialComplete',
  method: 'POST',
  path: '/wps/session/social/complete',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary:
    'Finish an OpenID Connect login with the code and state the provider sent to /social/callback; creates or links the member',
  tags: ['session'],
  request: z.strictObject({
    provider: z.enum(['google', 'facebook']),
    code: z.string().check(z.minLength(1), z.maxLength(2048)),
    state: z.string().check(z.minLength(1), z.maxLength(256)),
  }),
  response: loginResultSchema,
});

export const telegramLogin = defineEndpoint({
  id: 'telegramLogin',
  method: 'POST',
  path: '/wps/session/social/telegram',
  moduleId: MODULE_IDS.session,
  auth: 'guest',
  summary:
    'Telegram login: the widget data, verified by its HMAC with the bot token; creates or links the member',
  tags: ['session'],
  request: z.strictObject({
    id: z.int(),
    first_name: z.optional(z.string().check(z.maxLength(256))),
    last_name: z.optional(z.string().check(z.maxLength(256))),
    username: z.optional(z.string().check(z.maxLength(256))),
    photo_url: z.optional(z.string().check(z.maxLength(2048))),
    auth_date: z.int(),
    hash: z.string().check(z.regex(/^[a-f0-9]{64}$/)),
  }),
  response: loginResultSchema,
});
