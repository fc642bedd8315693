import { z } from 'zod/mini';

/**
 * Money in the contract (DESIGN §2, issue 4): integer minor units, never floats. The currency of
 * the demo merchant (MMK) shows two decimals, so 1 major unit = 100 minor units.
 */
export const MINOR_PER_MAJOR = 100;
export const AMOUNT_MAX = 1_000_000_000_000;

/**
 * A positive amount in minor units: an integer 1 … 10¹². Fractions, zero, negatives, strings and
 * huge values are refused with money.errors.amount_invalid (JSON bodies carry numbers).
 */
export const amountSchema = z
  .number({ error: 'money.errors.amount_invalid' })
  .check(
    z.int({ error: 'money.errors.amount_invalid' }),
    z.minimum(1, { error: 'money.errors.amount_invalid' }),
    z.maximum(AMOUNT_MAX, { error: 'money.errors.amount_invalid' }),
  );

/** A signed amount in minor units as the server reports it (balances, entries, totals). */
export const minorSchema = z.number().check(z.int());

/**
 * Client-generated once per submit (a UUID or any 8–64 URL-safe characters): the same key repeats
 * the first answer, the same key with another body is refused (409 money.errors.idempotency_conflict).
 */
export const idempotencyKeySchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'money.errors.idempotency_key' }));

/** The main wallet, and one wallet per game vendor named by the vendor's code (PG, JILI, EVO …). */
export const MAIN_WALLET = 'MAIN';
export const walletCodeSchema = z
  .string()
  .check(z.regex(/^[A-Z0-9_]{2,16}$/, { error: 'money.errors.unknown_wallet' }));

/** The payment password: six digits (spec §3 registration field, security centre). */
export const paymentPasswordSchema = z
  .string()
  .check(z.minLength(1, { error: 'money.errors.payment_password_required' }), z.maxLength(64));

/** Every kind of ledger transfer a member can see in the account record. */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_return',
  'wallet_out',
  'wallet_in',
  'upline_out',
  'upline_in',
  'bonus',
  'bet',
  'payout',
  'adjustment',
  // Issue 8: an agent's transfer to a downline, red envelopes, contract payouts (dividend, wages).
  'agent_transfer_out',
  'agent_transfer_in',
  'red_envelope_out',
  'red_envelope_in',
  'contract_pay',
  'contract_income',
  // Issue 9: promotion bonuses and raffle prizes, the reward centre, invitations, missions, and
  // points converted to cash.
  'promo_bonus',
  'raffle_prize',
  'reward_claim',
  'referral_reward',
  'mission_reward',
  'points_cash',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

export const DEPOSIT_STATUSES = ['pending', 'succeeded', 'failed', 'disputed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const WITHDRAWAL_STATUSES = ['pending', 'matched', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Spec §4 message notices. */
export const MESSAGE_KINDS = [
  'mail',
  'deposit_arrived',
  'withdrawal_approved',
  'withdrawal_rejected',
  'deposit_failed',
  // Issue 8: agent notices (the agent centre's agentAnnouncement page lists these).
  'contract_offered',
  'contract_terminate_requested',
  'contract_accepted',
  'contract_rejected',
  'contract_terminated',
  'contract_paid',
  'dividend_unpaid',
  'red_envelope',
  'agent_transfer',
  // Issue 9: promotions, the point mall, the reward centre, invitations, missions.
  'promo_approved',
  'promo_rejected',
  'promo_bonus',
  'redeem_approved',
  'redeem_rejected',
  'reward_available',
  'referral_reward',
  'mission_completed',
] as const;
/** The notices the agent centre's announcement page lists (issue 8). */
export const AGENT_MESSAGE_KINDS = [
  'contract_offered',
  'contract_terminate_requested',
  'contract_accepted',
  'contract_rejected',
  'contract_terminated',
  'contract_paid',
  'dividend_unpaid',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Spec §9 date quick picks. */
export const DATE_QUICK_PICKS = ['next7', 'next30', 'last7', 'last30'] as const;
export type DateQuickPick = (typeof DATE_QUICK_PICKS)[number];
/** react-paginate settings of DESIGN §5 (page range 3, margin pages 1). */
export const PAGE_RANGE = 3;
export const MARGIN_PAGES = 1;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** yyyy-MM-dd, a calendar day of the merchant's time zone (Asia/Yangon for the demo). */
export const daySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'errors.invalid_format' }));

/** Query of a paged list: page from 1, page size up to 100 (query strings, so coerced). */
export const pageQuery = {
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PAGE_SIZE_MAX))),
};

export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });
}

/** Proof images (spec §5, §9): png or jpg, each under 5 MB, at most 3. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MAX_COUNT = 3;
export const PROOF_TYPES = ['image/png', 'image/jpeg'] as const;

/** "1234.5" or "1,234.50" → 123450 minor units; null when not a valid positive amount. */
export function parseMajor(text: string): number | null {
  const clean = text.replace(/[,\s]/g, '');
  const m = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(clean);
  if (!m) return null;
  const minor = Number(m[1]) * MINOR_PER_MAJOR + Number((m[2] ?? '').padEnd(2, '0'));
  return minor >= 1 && minor <= AMOUNT_MAX ? minor : null;
}

/** 123450 → "1,234.50" (minor units shown as major with two decimals, grouped). */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = Math.trunc(abs / MINOR_PER_MAJOR);
  const cents = String(abs % MINOR_PER_MAJOR).padStart(2, '0');
  return `${sign}${major.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
