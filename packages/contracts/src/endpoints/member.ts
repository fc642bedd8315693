import { z } from 'zod/mini';
import {
  codeSchema,
  dialingCodeSchema,
  emailSchema,
  loginPasswordSchema,
  mobileSchema,
} from '../accounts.ts';
import { defineEndpoint, MODULE_IDS } from '../endpoint.ts';
import { languageCodeSchema } from '../languages.ts';

const none = z.strictObject({});

/** Spec §3 member info, plus what the security centre and the header need. */
export const memberInfoSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.nullable(z.string()),
  type: z.number(),
  /** Spec §3 toUpline: the member may transfer to an upline. */
  toUpline: z.boolean(),
  clubLabel: z.nullable(z.object({ labelName: z.string() })),
  memberLabel: z.array(z.object({ labelName: z.string() })),
  language: languageCodeSchema,
  /** Masked, e.g. "+95 ••••4567"; null when not bound. */
  mobile: z.nullable(z.string()),
  email: z.nullable(z.string()),
  hasPaymentPassword: z.boolean(),
  totpEnabled: z.boolean(),
  /** The login before this one (time ISO and IP), shown after login (issue 3, issue 10). */
  previousLogin: z.nullable(z.object({ time: z.string(), ip: z.string() })),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const memberInfo = defineEndpoint({
  id: 'memberInfo',
  method: 'GET',
  path: '/wps/member/info',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'The signed-in member',
  tags: ['member'],
  request: none,
  response: memberInfoSchema,
});

export const avatarSchema = z.object({ avatar: z.string(), avatarType: z.enum(['CUSTOM', 'STATIC']) });

export const memberIcon = defineEndpoint({
  id: 'memberIcon',
  method: 'GET',
  path: '/wps/member/info/icon',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: "The member's icon",
  tags: ['member'],
  request: none,
  response: avatarSchema,
});

export const playerAvatar = defineEndpoint({
  id: 'playerAvatar',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Relay MCSFE_getPlayerAvatar: avatar and avatarType (CUSTOM or STATIC)',
  tags: ['member'],
  request: none,
  response: avatarSchema,
});

export const firstLogin = defineEndpoint({
  id: 'firstLogin',
  method: 'POST',
  path: '/wps/member/firstLogin',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'The first-login action: marks the first login as done',
  tags: ['member'],
  request: none,
  response: z.null(),
});

/** Spec §3 profile labels. Contact fields are editable; payee name only while empty. */
export const profileSchema = z.object({
  nickname: z.nullable(z.string()),
  payeeName: z.nullable(z.string()),
  qqNum: z.nullable(z.string()),
  whatsapp: z.nullable(z.string()),
  facebook: z.nullable(z.string()),
  telegram: z.nullable(z.string()),
  zalo: z.nullable(z.string()),
  line: z.nullable(z.string()),
  wechat: z.nullable(z.string()),
  idNumber: z.nullable(z.string()),
  /** yyyy-MM-dd */
  birthday: z.nullable(z.string()),
  address: z.nullable(z.string()),
  nationality: z.nullable(z.string()),
  occupation: z.nullable(z.string()),
  sourceOfIncome: z.nullable(z.string()),
  placeOfBirth: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

const text = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

export const profile = defineEndpoint({
  id: 'profile',
  method: 'GET',
  path: '/wps/member/profile',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Profile fields of the security centre',
  tags: ['member'],
  request: none,
  response: profileSchema,
});

export const updateProfile = defineEndpoint({
  id: 'updateProfile',
  method: 'PUT',
  path: '/wps/member/profile',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Update profile fields; a birthday must be a real date and the member at least 18',
  tags: ['member'],
  request: z.strictObject({
    nickname: text(32),
    payeeName: text(100),
    qqNum: text(32),
    whatsapp: text(32),
    facebook: text(64),
    telegram: text(64),
    zalo: text(32),
    line: text(64),
    wechat: text(64),
    idNumber: text(32),
    birthday: z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)))),
    address: text(200),
    nationality: text(64),
    occupation: text(64),
    sourceOfIncome: text(64),
    placeOfBirth: text(64),
  }),
  response: profileSchema,
});

export const setPaymentPassword = defineEndpoint({
  id: 'setPaymentPassword',
  method: 'POST',
  path: '/wps/member/paymentPassword',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary:
    'Set the payment password (checked with the login password) or change it (checked with the old payment password)',
  tags: ['member'],
  request: z.strictObject({
    loginPassword: z.optional(loginPasswordSchema),
    oldPaymentPassword: z.optional(z.string().check(z.maxLength(64))),
    newPaymentPassword: z.string().check(z.regex(/^\d{6}$/)),
    confirmPaymentPassword: z.string().check(z.maxLength(64)),
  }),
  response: z.null(),
});

export const bindMobileSend = defineEndpoint({
  id: 'bindMobileSend',
  method: 'POST',
  path: '/wps/member/bind/mobile/send',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Send a code to a mobile number to bind it',
  tags: ['member'],
  request: z.strictObject({ mobileNum: mobileSchema, countryDialingCode: dialingCodeSchema }),
  response: z.object({ expiredMinutes: z.number() }),
});

export const bindMobile = defineEndpoint({
  id: 'bindMobile',
  method: 'POST',
  path: '/wps/member/bind/mobile',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Bind a mobile number with the code that was sent to it',
  tags: ['member'],
  request: z.strictObject({
    mobileNum: mobileSchema,
    countryDialingCode: dialingCodeSchema,
    code: codeSchema,
  }),
  response: z.null(),
});

export const bindEmailSend = defineEndpoint({
  id: 'bindEmailSend',
  method: 'POST',
  path: '/wps/member/bind/email/send',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Send a code to an e-mail address to bind it',
  tags: ['member'],
  request: z.strictObject({ email: emailSchema }),
  response: z.object({ expiredMinutes: z.number() }),
});

export const bindEmail = defineEndpoint({
  id: 'bindEmail',
  method: 'POST',
  path: '/wps/member/bind/email',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Bind an e-mail address with the code that was sent to it',
  tags: ['member'],
  request: z.strictObject({ email: emailSchema, code: codeSchema }),
  response: z.null(),
});

export const totpSetup = defineEndpoint({
  id: 'totpSetup',
  method: 'POST',
  path: '/wps/member/totp/setup',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary:
    'Start binding an authenticator: a new secret with its otpauth URL and QR code (not active until confirmed)',
  tags: ['member'],
  request: none,
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }),
});

export const totpEnable = defineEndpoint({
  id: 'totpEnable',
  method: 'POST',
  path: '/wps/member/totp/enable',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Confirm the authenticator with a current code; from now on it can verify a new-IP login',
  tags: ['member'],
  request: z.strictObject({ code: codeSchema }),
  response: z.null(),
});

export const totpDisable = defineEndpoint({
  id: 'totpDisable',
  method: 'POST',
  path: '/wps/member/totp/disable',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Remove the authenticator, confirmed with a current code',
  tags: ['member'],
  request: z.strictObject({ code: codeSchema }),
  response: z.null(),
});

export const loginHistory = defineEndpoint({
  id: 'loginHistory',
  method: 'GET',
  path: '/wps/member/loginHistory',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Recent sign-ins of the member (time, IP, method, success), newest first',
  tags: ['member'],
  request: z.strictObject({
    page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
    size: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
  }),
  response: z.object({
    items: z.array(
      z.object({
        time: z.string(),
        ip: z.string(),
        method: z.string(),
        success: z.boolean(),
        userAgent: z.nullable(z.string()),
      }),
    ),
    total: z.number(),
  }),
});
