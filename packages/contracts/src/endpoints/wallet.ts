import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import {
  amountSchema,
  idempotencyKeySchema,
  MAIN_WALLET,
  minorSchema,
  paymentPasswordSchema,
  walletCodeSchema,
} from '../money.ts';

/**
 * Wallets, vendor transfers and the transfer to the upline (issue 4, spec §3 Balance sumBalance,
 * Merchant wallet isSingle, spec §7 wallet calls). Amounts are integer minor units (money.ts).
 */

const none = z.strictObject({});

/** A vendor wallet is `active`, or in `maintenance` (shown, but no transfer in or out). */
export const WALLET_STATUSES = ['active', 'maintenance'] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

/** One wallet of the member: MAIN first, then every vendor of the merchant in its order. */
export const walletItemSchema = z.object({
  /** 'MAIN' or the vendor code (PG, JILI, EVO, SABA …); the client shows money.wallets.MAIN for MAIN. */
  code: z.string(),
  /** The vendor's display name (a brand, not translated); 'Main' for MAIN. */
  name: z.string(),
  balance: minorSchema,
  status: z.enum(WALLET_STATUSES),
});
export type WalletItem = z.infer<typeof walletItemSchema>;

export const walletBalanceSchema = z.object({
  /** Spec §3 sumBalance: main plus every vendor wallet plus what is in flight between them. */
  sumBalance: minorSchema,
  /** ISO code of the merchant's currency (the header's prefix), e.g. MMK. */
  currency: z.string(),
  wallets: z.array(walletItemSchema),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletBalance = defineEndpoint({
  id: 'balance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Balance: sumBalance and every wallet (main first, then the vendors)',
  tags: ['wallet'],
  request: none,
  response: walletBalanceSchema,
});

export const merchantWallet = defineEndpoint({
  id: 'merchantWallet',
  method: 'GET',
  path: '/wps/relay/MCSFE_merchantWallet',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Relay MCSFE_merchantWallet: isSingle (true hides vendor wallets and transfers)',
  tags: ['wallet'],
  request: none,
  response: z.object({ isSingle: z.boolean() }),
});

/** The state of one two-phase vendor transfer (DESIGN §3). */
export const VENDOR_TRANSFER_STATUSES = ['completed', 'pending', 'failed'] as const;
export type VendorTransferStatus = (typeof VENDOR_TRANSFER_STATUSES)[number];

/**
 * Main ↔ vendor: one of `from`/`to` is MAIN, the other a vendor code. Either `amount` (minor
 * units) or `all: true` (the whole balance of `from`), never both.
 */
export const walletTransferRequestSchema = z
  .strictObject({
    from: walletCodeSchema,
    to: walletCodeSchema,
    amount: z.optional(amountSchema),
    all: z.optional(z.boolean()),
    key: idempotencyKeySchema,
  })
  .check(
    z.refine((b) => (b.all === true) !== (b.amount !== undefined), {
      error: 'money.errors.amount_invalid',
      path: ['amount'],
    }),
    z.refine((b) => b.from !== b.to && (b.from === MAIN_WALLET) !== (b.to === MAIN_WALLET), {
      error: 'money.errors.unknown_wallet',
      path: ['to'],
    }),
  );
export type WalletTransferRequest = z.input<typeof walletTransferRequestSchema>;

export const vendorTransferResultSchema = z.object({
  /** Our id of the transfer (a UUID), the same id the vendor was called with. */
  transferId: z.string(),
  status: z.enum(VENDOR_TRANSFER_STATUSES),
  from: z.string(),
  to: z.string(),
  amount: minorSchema,
  /** Why it failed (an i18n key, e.g. money.errors.vendor_unavailable); absent otherwise. */
  message: z.optional(z.string()),
  /** The member's balances right after the answer, wallet code → minor units (MAIN and the vendor). */
  balances: z.record(z.string(), minorSchema),
});
export type VendorTransferResult = z.infer<typeof vendorTransferResultSchema>;

export const walletTransfer = defineEndpoint({
  id: 'walletTransfer',
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary:
    'Relay GCS_walletTransfer: main ↔ vendor wallet, an amount or all; completed, failed (voided) or pending (the reconciler finishes it)',
  tags: ['wallet'],
  request: walletTransferRequestSchema,
  response: vendorTransferResultSchema,
});

export const walletCollect = defineEndpoint({
  id: 'walletCollect',
  method: 'POST',
  path: '/wps/relay/GCS_walletCollect',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Relay GCS_walletCollect: every vendor wallet with a balance back to main, one transfer each',
  tags: ['wallet'],
  request: z.strictObject({ key: idempotencyKeySchema }),
  response: z.object({
    /** One result per vendor that had a balance (empty when there was nothing to collect). */
    results: z.array(vendorTransferResultSchema),
    balances: z.record(z.string(), minorSchema),
  }),
});

export const pendingVendorTransferSchema = z.object({
  transferId: z.string(),
  from: z.string(),
  to: z.string(),
  amount: minorSchema,
  /** ISO time the transfer started. */
  createdAt: z.string(),
});

export const consolidatedFundsSchema = z.object({
  currency: z.string(),
  main: minorSchema,
  vendors: z.array(walletItemSchema),
  /** Money in flight between main and a vendor (left main or a vendor wallet, not arrived yet). */
  pending: minorSchema,
  pendingTransfers: z.array(pendingVendorTransferSchema),
  /** main + every vendor + pending (equals sumBalance). */
  total: minorSchema,
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;

export const consolidatedFunds = defineEndpoint({
  id: 'consolidatedFunds',
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Consolidated funds: main, each vendor wallet, what is in flight, the total',
  tags: ['wallet'],
  request: none,
  response: consolidatedFundsSchema,
});

export const uplineInfoSchema = z.object({
  /** The upline's account name, or null without an upline. */
  upline: z.nullable(z.object({ account: z.string(), nickname: z.nullable(z.string()) })),
  /** The caller may transfer to the upline (has one, is not a trial account). */
  allowed: z.boolean(),
  /** Main wallet balance (what can be sent). */
  balance: minorSchema,
  /** The caller has set a payment password (else the page points to the security centre). */
  hasPaymentPassword: z.boolean(),
});
export type UplineInfo = z.infer<typeof uplineInfoSchema>;

export const uplineInfo = defineEndpoint({
  id: 'uplineInfo',
  method: 'GET',
  path: '/wps/member/upline',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'transferUpline page: the upline and whether a transfer is allowed',
  tags: ['wallet'],
  request: none,
  response: uplineInfoSchema,
});

export const transferUplineRequestSchema = z.strictObject({
  amount: amountSchema,
  paymentPassword: paymentPasswordSchema,
  key: idempotencyKeySchema,
});

export const transferUpline = defineEndpoint({
  id: 'transferUpline',
  method: 'POST',
  path: '/wps/relay/GCS_transferUpline',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Relay GCS_transferUpline: main wallet to the upline main wallet, with the payment password',
  tags: ['wallet'],
  request: transferUplineRequestSchema,
  response: z.object({
    /** The ledger transfer id. */
    transferId: z.string(),
    amount: minorSchema,
    /** The caller's main balance after the transfer. */
    balance: minorSchema,
    upline: z.string(),
  }),
});

/** Wallets, vendor transfers, transfer to the upline (issue 4). Ids are the keys. */
export const walletEndpoints = {
  balance: walletBalance,
  merchantWallet,
  walletTransfer,
  walletCollect,
  consolidatedFunds,
  uplineInfo,
  transferUpline,
} satisfies Record<string, Endpoint>;
