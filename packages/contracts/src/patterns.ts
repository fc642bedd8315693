import { z } from 'zod/mini';

// The pattern kinds themselves (their regular expressions) and the field check live in
// pattern-kinds.ts: the home page loads this module (the status call's register config) and
// should not carry what only the register form and the server use.

/** Registration fields of spec §5 whose visibility and rules come from the server config. */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'affiliateCode',
  'captcha',
  'verificationCode',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** Spec §3: registration validation config per field. */
export const fieldConfigSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.int().check(z.minimum(0)),
  maxLength: z.int().check(z.minimum(0)),
  acceptedPattern: z.string(),
  patternId: z.int(),
});
export type FieldConfig = z.infer<typeof fieldConfigSchema>;
