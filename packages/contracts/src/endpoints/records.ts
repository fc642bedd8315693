import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import {
  daySchema,
  MESSAGE_KINDS,
  minorSchema,
  pagedSchema,
  pageQuery,
  TRANSACTION_TYPES,
} from '../money.ts';

/**
 * The account record, bonus details, personal loss, the inbox and the live stream (issue 4; spec
 * §2 transactionHistory, bonusDetails, personalProfit, messageV2; §4 notices; §7 CSP_unreadCount).
 * Days are yyyy-MM-dd in the merchant's time zone (Asia/Yangon for the demo); `to` is inclusive.
 */

const none = z.strictObject({});

/** yyyy-MM-dd that exists on the calendar (no 2026-02-31, no month 00), years 1900–9999. */
export function isCalendarDay(day: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}
export const calendarDay = daySchema.check(z.refine(isCalendarDay, { error: 'errors.invalid_format' }));
export const dayRange = {
  from: z.optional(calendarDay),
  to: z.optional(calendarDay),
};

export const transactionItemSchema = z.object({
  /** The ledger entry id. */
  id: z.number(),
  transferId: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  /** 'MAIN' or a vendor code. */
  wallet: z.string(),
  /** Signed minor units: + credited, − debited. */
  amount: minorSchema,
  balanceAfter: minorSchema,
  createdAt: z.string(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

export const transactionHistory = defineEndpoint({
  id: 'transactionHistory',
  method: 'GET',
  path: '/wps/member/transactions',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Account record: every movement of my wallets, filtered by type and days, with totals',
  tags: ['records'],
  request: z.strictObject({
    type: z.optional(z.enum([...TRANSACTION_TYPES, 'all'])),
    ...dayRange,
    ...pageQuery,
  }),
  response: z.object({
    ...pagedSchema(transactionItemSchema).shape,
    /**
     * Totals of the whole period `from`…`to` (all pages, every type whatever the type filter):
     * deposits credited to main, withdrawals net of returned withdrawals, net = deposits − withdrawals.
     */
    totals: z.object({ deposits: minorSchema, withdrawals: minorSchema, net: minorSchema }),
  }),
});

/**
 * The transaction types bonus details lists: the operator's bonus (issue 4) and issue 9's
 * promotion bonuses, raffle prizes, claimed rewards, invitation and mission rewards.
 */
export const BONUS_TYPES = [
  'bonus',
  'promo_bonus',
  'raffle_prize',
  'reward_claim',
  'referral_reward',
  'mission_reward',
] as const satisfies readonly (typeof TRANSACTION_TYPES)[number][];
export type BonusType = (typeof BONUS_TYPES)[number];

export const bonusItemSchema = z.object({
  id: z.number(),
  /** Which kind of bonus (its account-record type). */
  type: z.enum(BONUS_TYPES),
  amount: minorSchema,
  /** The operator's reason, a promotion's or a reward's title, when there is one (not translated). */
  reason: z.nullable(z.string()),
  createdAt: z.string(),
});

export const bonusDetails = defineEndpoint({
  id: 'bonusDetails',
  method: 'GET',
  path: '/wps/member/bonus',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary:
    'Bonus details: my bonuses (operator, promotion, raffle, reward, invitation, mission) with the total',
  tags: ['records'],
  request: z.strictObject({ ...dayRange, ...pageQuery }),
  response: z.object({ ...pagedSchema(bonusItemSchema).shape, totalAmount: minorSchema }),
});

export const BET_VERTICALS = ['lottery', 'slots', 'live', 'sports', 'esports', 'fish', 'card'] as const;
export type BetVertical = (typeof BET_VERTICALS)[number];

export const profitRowSchema = z.object({
  day: z.string(),
  vertical: z.enum(BET_VERTICALS),
  stake: minorSchema,
  payout: minorSchema,
  /** payout − stake: negative is a loss. */
  winLoss: minorSchema,
});

export const personalProfit = defineEndpoint({
  id: 'personalProfit',
  method: 'GET',
  path: '/wps/member/profit',
  moduleId: MODULE_IDS.wallet,
  auth: 'member',
  summary: 'Personal loss: stake, payout and win/loss per day and vertical',
  tags: ['records'],
  request: z.strictObject({ ...dayRange }),
  response: z.object({
    rows: z.array(profitRowSchema),
    totals: z.object({ stake: minorSchema, payout: minorSchema, winLoss: minorSchema }),
  }),
});

export const messageSchema = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  /** Mail only: the sender's text (plain text, never HTML). Notices are rendered from kind + params. */
  title: z.nullable(z.string()),
  body: z.nullable(z.string()),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messages = defineEndpoint({
  id: 'messages',
  method: 'GET',
  path: '/wps/member/messages',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Platform information: my inbox, newest first',
  tags: ['messages'],
  request: z.strictObject({ ...pageQuery }),
  response: z.object({ ...pagedSchema(messageSchema).shape, unread: z.number() }),
});

export const readMessage = defineEndpoint({
  id: 'readMessage',
  method: 'POST',
  path: '/wps/member/messages/read',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Mark one of my messages read',
  tags: ['messages'],
  request: z.strictObject({ id: z.number().check(z.int(), z.minimum(1)) }),
  response: z.object({ unread: z.number() }),
});

export const readAllMessages = defineEndpoint({
  id: 'readAllMessages',
  method: 'POST',
  path: '/wps/member/messages/read-all',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Mark all my messages read',
  tags: ['messages'],
  request: none,
  response: z.object({ unread: z.number() }),
});

export const unreadCount = defineEndpoint({
  id: 'unreadCount',
  method: 'GET',
  path: '/wps/relay/CSP_unreadCount',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Relay CSP_unreadCount: unread messages',
  tags: ['messages'],
  request: none,
  response: z.object({ count: z.number() }),
});

/**
 * The live stream (DESIGN §3): Server-Sent Events for a signed-in member at LIVE_EVENTS_PATH, read
 * with fetch() and `Authorization: Bearer` (no token in the URL; EventSource cannot send the header).
 * Each event is one `data:` line holding one JSON object of liveEventSchema, blocks end with a blank
 * line, no `event:`/`id:` fields. The stream opens with `balance` then `unread`; after that it
 * pushes `balance` when a committed transaction changed the member's money, `notice` (only a message
 * newer than any sent before on this stream) followed by `unread` when the inbox changed, and every
 * heartbeat (25 s by default) a `: ping` comment plus `{ "type": "ping" }` (a client that hears
 * nothing for about two heartbeats may reconnect). The server ends the stream when the session ends.
 * Several events of one type may arrive in a row: the latest one is the truth.
 */
export const LIVE_EVENTS_PATH = '/wps/events';
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('balance'), sumBalance: minorSchema, main: minorSchema }),
  z.object({ type: z.literal('unread'), count: z.number() }),
  z.object({
    type: z.literal('notice'),
    id: z.number(),
    kind: z.enum(MESSAGE_KINDS),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const recordsEndpoints = {
  transactionHistory,
  bonusDetails,
  personalProfit,
  messages,
  readMessage,
  readAllMessages,
  unreadCount,
} satisfies Record<string, Endpoint>;
