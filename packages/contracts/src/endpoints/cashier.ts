import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import {
  amountSchema,
  DEPOSIT_STATUSES,
  idempotencyKeySchema,
  minorSchema,
  pagedSchema,
  pageQuery,
  paymentPasswordSchema,
  PROOF_MAX_COUNT,
  PROOF_TYPES,
  WITHDRAWAL_STATUSES,
} from '../money.ts';

/**
 * Deposits, withdrawals, bank cards and the C2C withdrawal confirmation (issue 4; spec §2
 * depositv2 and withdraw pages, §4 withdrawal confirmation, §5/§9 proof images). Amounts are
 * integer minor units.
 */

const none = z.strictObject({});
const idSchema = z.coerce.number().check(z.int(), z.minimum(1));

export const DEPOSIT_CHANNEL_CODES = ['BANK', 'INSTANT', 'C2C'] as const;
export type DepositChannelCode = (typeof DEPOSIT_CHANNEL_CODES)[number];

export const depositChannelSchema = z.object({
  id: z.number(),
  code: z.enum(DEPOSIT_CHANNEL_CODES),
  /** The operator's display name of the channel (not translated). */
  name: z.string(),
  min: minorSchema,
  max: minorSchema,
  /** BANK: where to transfer to. */
  receiver: z.nullable(
    z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }),
  ),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

export const depositChannels = defineEndpoint({
  id: 'depositChannels',
  method: 'GET',
  path: '/wps/v2/deposit/channels',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Deposit channels of the merchant with their limits',
  tags: ['cashier'],
  request: none,
  response: z.array(depositChannelSchema),
});

export const depositSchema = z.object({
  id: z.number(),
  channel: z.enum(DEPOSIT_CHANNEL_CODES),
  amount: minorSchema,
  status: z.enum(DEPOSIT_STATUSES),
  createdAt: z.string(),
  /** INSTANT: the demo gateway's pay page (same window). */
  payUrl: z.nullable(z.string()),
  /** C2C: the matched withdrawer's payee details and the guarantee held from the depositor. */
  c2c: z.nullable(
    z.object({
      payeeName: z.string(),
      bankName: z.string(),
      accountNumber: z.string(),
      guarantee: minorSchema,
    }),
  ),
});
export type Deposit = z.infer<typeof depositSchema>;

export const createDeposit = defineEndpoint({
  id: 'createDeposit',
  method: 'POST',
  path: '/wps/v2/deposit',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary:
    'Start a deposit on a channel (BANK pending until the operator confirms; INSTANT via the gateway; C2C matched)',
  tags: ['cashier'],
  request: z.strictObject({
    channelId: z.number().check(z.int(), z.minimum(1)),
    amount: amountSchema,
    payerName: z.optional(z.string().check(z.maxLength(64))),
    key: idempotencyKeySchema,
  }),
  response: depositSchema,
});

export const deposits = defineEndpoint({
  id: 'deposits',
  method: 'GET',
  path: '/wps/v2/deposit/list',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'My deposits, newest first',
  tags: ['cashier'],
  request: z.strictObject({ ...pageQuery }),
  response: pagedSchema(depositSchema),
});

export const bankCardSchema = z.object({
  id: z.number(),
  bankName: z.string(),
  accountName: z.string(),
  /** Masked: only the last four digits are shown. */
  accountNumber: z.string(),
});
export type BankCard = z.infer<typeof bankCardSchema>;

export const bankCards = defineEndpoint({
  id: 'bankCards',
  method: 'GET',
  path: '/wps/member/bankcards',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'My bank cards (masked)',
  tags: ['cashier'],
  request: none,
  response: z.array(bankCardSchema),
});

export const BANK_CARDS_MAX = 5;

export const addBankCard = defineEndpoint({
  id: 'addBankCard',
  method: 'POST',
  path: '/wps/member/bankcards',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Add a bank card',
  tags: ['cashier'],
  request: z.strictObject({
    bankName: z
      .string()
      .check(z.trim(), z.minLength(2, { error: 'cashier.errors.bank_name' }), z.maxLength(64)),
    accountName: z
      .string()
      .check(z.trim(), z.minLength(2, { error: 'cashier.errors.account_name' }), z.maxLength(64)),
    accountNumber: z.string().check(z.regex(/^\d{6,30}$/, { error: 'cashier.errors.account_number' })),
  }),
  response: bankCardSchema,
});

export const removeBankCard = defineEndpoint({
  id: 'removeBankCard',
  method: 'DELETE',
  path: '/wps/member/bankcards',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Remove one of my bank cards',
  tags: ['cashier'],
  request: z.strictObject({ id: idSchema }),
  response: z.object({ removed: z.boolean() }),
});

export const withdrawInfo = defineEndpoint({
  id: 'withdrawInfo',
  method: 'GET',
  path: '/wps/v2/withdraw/info',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Withdrawal limits, main balance, auto-receive minutes, payment password set or not',
  tags: ['cashier'],
  request: none,
  response: z.object({
    min: minorSchema,
    max: minorSchema,
    balance: minorSchema,
    autoReceiveMinutes: z.number(),
    hasPaymentPassword: z.boolean(),
  }),
});

export const withdrawalSchema = z.object({
  id: z.number(),
  amount: minorSchema,
  status: z.enum(WITHDRAWAL_STATUSES),
  bankName: z.string(),
  accountNumber: z.string(),
  createdAt: z.string(),
  /** C2C: paid by a matched depositor; the withdrawer confirms before `autoReceiveAt`. */
  c2c: z.nullable(
    z.object({
      depositorName: z.string(),
      matchedAt: z.string(),
      autoReceiveAt: z.string(),
      outcome: z.nullable(z.enum(['full', 'partial', 'none'])),
      amountReceived: z.nullable(minorSchema),
      proofs: z.number(),
      disputed: z.boolean(),
    }),
  ),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdraw = defineEndpoint({
  id: 'withdraw',
  method: 'POST',
  path: '/wps/v2/withdraw',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Withdraw to one of my bank cards (held until the operator approves or a C2C payout is confirmed)',
  tags: ['cashier'],
  request: z.strictObject({
    bankCardId: z.number().check(z.int(), z.minimum(1)),
    amount: amountSchema,
    paymentPassword: paymentPasswordSchema,
    key: idempotencyKeySchema,
  }),
  response: withdrawalSchema,
});

export const withdrawals = defineEndpoint({
  id: 'withdrawals',
  method: 'GET',
  path: '/wps/v2/withdraw/list',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'My withdrawals, newest first (C2C ones awaiting confirmation included)',
  tags: ['cashier'],
  request: z.strictObject({ ...pageQuery }),
  response: pagedSchema(withdrawalSchema),
});

export const C2C_OUTCOMES = ['full', 'partial', 'none'] as const;
export type C2cOutcome = (typeof C2C_OUTCOMES)[number];

export const c2cConfirm = defineEndpoint({
  id: 'c2cConfirm',
  method: 'POST',
  path: '/wps/v2/withdraw/c2c/confirm',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary:
    'Spec §4 withdrawal confirmation: received in full, partly received (amount received), not received (needs proof images first)',
  tags: ['cashier'],
  request: z.strictObject({
    withdrawalId: z.number().check(z.int(), z.minimum(1)),
    outcome: z.enum(C2C_OUTCOMES),
    /** partial: what arrived (less than the amount); the remainder returns to the main wallet. */
    amountReceived: z.optional(amountSchema),
    key: idempotencyKeySchema,
  }),
  response: withdrawalSchema,
});

export const proofImageSchema = z.strictObject({
  type: z.enum(PROOF_TYPES),
  /** Base64 of the file (checked by its first bytes, under 5 MB decoded). */
  data: z.string().check(z.maxLength(7_100_000)),
});

export const c2cProof = defineEndpoint({
  id: 'c2cProof',
  method: 'POST',
  path: '/wps/v2/withdraw/c2c/proof',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Upload proof images (png or jpg, each under 5 MB, at most 3) for a C2C payout not received',
  tags: ['cashier'],
  request: z.strictObject({
    withdrawalId: z.number().check(z.int(), z.minimum(1)),
    images: z
      .array(proofImageSchema)
      .check(z.minLength(1), z.maxLength(PROOF_MAX_COUNT, { error: 'cashier.errors.too_many_images' })),
  }),
  response: z.object({ proofs: z.number() }),
});

export const cashierEndpoints = {
  depositChannels,
  createDeposit,
  deposits,
  bankCards,
  addBankCard,
  removeBankCard,
  withdrawInfo,
  withdraw,
  withdrawals,
  c2cConfirm,
  c2cProof,
} satisfies Record<string, Endpoint>;
