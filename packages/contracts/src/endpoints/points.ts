import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { localizedTextSchema } from '../localized-text.ts';
import {
  idempotencyKeySchema,
  minorSchema,
  pagedSchema,
  pageQuery,
  paymentPasswordSchema,
} from '../money.ts';
import { dayRange } from './records.ts';

/**
 * The point mall (issue 9; spec §2 /pointMall, §3 points exchange record and categories, §4
 * exchange statuses, §7 "Points: balance, reward, redeem, redeem list, config, convert
 * (password-checked), member transaction detail", §9 points have no expiry).
 *
 * Points are whole numbers. They are earned from settled bets (their valid turnover: the stake of a
 * bet settled as won or lost; refunded and voided bets earn nothing) and from succeeded deposits, per
 * category at the merchant's rule: every `betUnit` (minor units) earns `points`; what is left under
 * one unit is carried to the member's next bet of that category, so nothing is lost to rounding.
 * Bets count by vertical: lottery → lottery, slots and fish → slots, live → live, sports and
 * esports → sports, card → card. The `redeem` rule is the conversion rate: `points` points convert
 * to `betUnit` minor units of cash.
 *
 * Error keys (client catalogue `points`): points.errors.unknown_goods, points.errors.out_of_stock,
 * points.errors.insufficient_points, points.errors.limit_reached, points.errors.quantity,
 * points.errors.address_required, points.errors.points_invalid, points.errors.convert_step,
 * points.errors.convert_disabled; money.errors.* (payment_password_*, no_payment_password,
 * idempotency_*) as for wallets; errors.in_need_true_account for trial accounts.
 */

const none = z.strictObject({});

/** Spec §3 points categories: five kinds of bets, deposits, and redeem (spending and conversion). */
export const POINTS_CATEGORIES = ['live', 'lottery', 'card', 'slots', 'sports', 'redeem', 'deposit'] as const;
export type PointsCategory = (typeof POINTS_CATEGORIES)[number];
/** The categories that earn points (all but redeem). */
export const EARNING_CATEGORIES = ['live', 'lottery', 'card', 'slots', 'sports', 'deposit'] as const;

/** Spec §4 points exchange statuses. */
export const EXCHANGE_STATUSES = ['applying', 'rejected', 'approved'] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];
/** What was exchanged: a cash good (a voucher), a physical good, or points converted to cash. */
export const EXCHANGE_TYPES = ['cash', 'physical', 'convert'] as const;
export type ExchangeType = (typeof EXCHANGE_TYPES)[number];
export const GOODS_KINDS = ['cash', 'physical'] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];
/** A line of the points details: earned, spent on a redemption, returned (rejected), converted, adjusted. */
export const POINTS_ENTRY_KINDS = ['earn', 'redeem', 'refund', 'convert', 'adjust'] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

/** At most this many items of a good in one redemption. */
export const REDEEM_QUANTITY_MAX = 99;
/** A delivery address or note of a physical good. */
export const DELIVERY_NOTE_MAX = 300;
export const POINTS_MAX = 1_000_000_000_000;

export const pointsRuleSchema = z.object({
  category: z.enum(POINTS_CATEGORIES),
  /** Minor units of valid turnover or deposit (redeem: of cash) that one ratio step stands for. */
  betUnit: minorSchema,
  /** Points per `betUnit` (0: the category earns nothing; redeem 0: conversion is off). */
  points: z.number().check(z.int()),
});
export type PointsRule = z.infer<typeof pointsRuleSchema>;

export const pointsConfig = defineEndpoint({
  id: 'pointsConfig',
  method: 'GET',
  path: '/wps/points/config',
  moduleId: MODULE_IDS.points,
  auth: 'guest',
  summary: 'Points rules: the ratio of every category (from the merchant settings) and the conversion rate',
  tags: ['points'],
  request: none,
  response: z.object({
    /** One per category of POINTS_CATEGORIES, in that order. */
    rules: z.array(pointsRuleSchema),
    /** Spec §9: points have no expiry (always false; said here so the rules page reads it). */
    expires: z.boolean(),
  }),
});

export const pointsBalanceSchema = z.object({
  /** Points I can spend now. */
  balance: z.number(),
  /** Points held by my redemptions waiting for approval (already out of `balance`). */
  pending: z.number(),
  /** Points earned since the first (every earning, never reduced). */
  earned: z.number(),
  /** Points spent and converted (net of rejected redemptions). */
  spent: z.number(),
});
export type PointsBalance = z.infer<typeof pointsBalanceSchema>;

export const pointsBalance = defineEndpoint({
  id: 'pointsBalance',
  method: 'GET',
  path: '/wps/points/balance',
  moduleId: MODULE_IDS.points,
  auth: 'member',
  summary: 'My points balance (bets and deposits settled so far are counted first)',
  tags: ['points'],
  request: none,
  response: pointsBalanceSchema,
});

export const goodsSchema = z.object({
  id: z.number(),
  kind: z.enum(GOODS_KINDS),
  name: localizedTextSchema,
  description: localizedTextSchema,
  /** A server-drawn image (SVG) of the good. */
  image: z.string(),
  /** Points per item. */
  points: z.number(),
  /** Cash value per item in minor units (a cash good pays it to the main wallet on approval). */
  amount: z.nullable(minorSchema),
  stock: z.number(),
  /** Items one member may redeem in all (rejected redemptions do not count); null: no limit. */
  perMemberLimit: z.nullable(z.number()),
  /** Signed in: how many more I may redeem (null: no limit, or a guest). */
  myRemaining: z.nullable(z.number()),
});
export type Goods = z.infer<typeof goodsSchema>;

const goodsId = z.coerce
  .number({ error: 'points.errors.unknown_goods' })
  .check(
    z.int({ error: 'points.errors.unknown_goods' }),
    z.minimum(1, { error: 'points.errors.unknown_goods' }),
    z.maximum(2_147_483_647, { error: 'points.errors.unknown_goods' }),
  );

export const pointsRewards = defineEndpoint({
  id: 'pointsRewards',
  method: 'GET',
  path: '/wps/points/rewards',
  moduleId: MODULE_IDS.points,
  auth: 'guest',
  summary: 'Goods list of the point mall (cheapest first), filtered by kind',
  tags: ['points'],
  request: z.strictObject({ kind: z.optional(z.enum([...GOODS_KINDS, 'all'])), ...pageQuery }),
  response: pagedSchema(goodsSchema),
});

export const pointsRewardDetail = defineEndpoint({
  id: 'pointsRewardDetail',
  method: 'GET',
  path: '/wps/points/rewards/detail',
  moduleId: MODULE_IDS.points,
  auth: 'guest',
  summary: 'One good of the point mall (an unknown or retired one answers 404)',
  tags: ['points'],
  request: z.strictObject({ id: goodsId }),
  response: goodsSchema,
});

/** Spec §3 points exchange record, every field. */
export const exchangeRecordSchema = z.object({
  id: z.number(),
  /** Transaction number, e.g. PX20261127000042. */
  transactionNo: z.string(),
  /** Application time. */
  appliedAt: z.string(),
  /** Exchange type. */
  type: z.enum(EXCHANGE_TYPES),
  goodsId: z.nullable(z.number()),
  /** Item name as it was when applied (null: points converted to cash). */
  itemName: z.nullable(localizedTextSchema),
  quantity: z.number(),
  /** Points required (all items). */
  points: z.number(),
  /** Amount required: the cash value of all items, or the cash a conversion pays (null: none). */
  amount: z.nullable(minorSchema),
  status: z.enum(EXCHANGE_STATUSES),
  /** Points change of the application (negative; a rejection returns it, see the points details). */
  pointsChange: z.number(),
  /** Points balance right after the application. */
  pointsBalance: z.number(),
  /** The operator's remark (approval or rejection), if any. */
  remark: z.nullable(z.string()),
  /** The delivery address or note of a physical good. */
  address: z.nullable(z.string()),
  /** The rate that applied: `pointsRatio` points for `betUnit` minor units of cash value. */
  betUnit: z.nullable(minorSchema),
  pointsRatio: z.nullable(z.number()),
  decidedAt: z.nullable(z.string()),
});
export type ExchangeRecord = z.infer<typeof exchangeRecordSchema>;

export const pointsRedeem = defineEndpoint({
  id: 'pointsRedeem',
  method: 'POST',
  path: '/wps/points/redeem',
  moduleId: MODULE_IDS.points,
  auth: 'member',
  summary:
    'Redeem a good with the payment password: its points are held at once (applying) until the operator decides',
  tags: ['points'],
  request: z.strictObject({
    goodsId,
    quantity: z
      .number({ error: 'points.errors.quantity' })
      .check(
        z.int({ error: 'points.errors.quantity' }),
        z.minimum(1, { error: 'points.errors.quantity' }),
        z.maximum(REDEEM_QUANTITY_MAX, { error: 'points.errors.quantity' }),
      ),
    /** Required for a physical good: where to deliver it (plain text). */
    address: z.optional(z.string().check(z.maxLength(DELIVERY_NOTE_MAX))),
    paymentPassword: paymentPasswordSchema,
    key: idempotencyKeySchema,
  }),
  response: z.object({ record: exchangeRecordSchema, balance: z.number() }),
});

export const pointsRedeemList = defineEndpoint({
  id: 'pointsRedeemList',
  method: 'GET',
  path: '/wps/points/redeem/list',
  moduleId: MODULE_IDS.points,
  auth: 'member',
  summary: 'My exchange records (redemptions and conversions), newest first',
  tags: ['points'],
  request: z.strictObject({
    status: z.optional(z.enum([...EXCHANGE_STATUSES, 'all'])),
    type: z.optional(z.enum([...EXCHANGE_TYPES, 'all'])),
    ...dayRange,
    ...pageQuery,
  }),
  response: pagedSchema(exchangeRecordSchema),
});

export const pointsConvert = defineEndpoint({
  id: 'pointsConvert',
  method: 'POST',
  path: '/wps/points/convert',
  moduleId: MODULE_IDS.points,
  auth: 'member',
  summary:
    'Convert points to cash at the redeem rate (a whole number of steps), with the payment password; idempotent',
  tags: ['points'],
  request: z.strictObject({
    points: z
      .number({ error: 'points.errors.points_invalid' })
      .check(
        z.int({ error: 'points.errors.points_invalid' }),
        z.minimum(1, { error: 'points.errors.points_invalid' }),
        z.maximum(POINTS_MAX, { error: 'points.errors.points_invalid' }),
      ),
    paymentPassword: paymentPasswordSchema,
    key: idempotencyKeySchema,
  }),
  response: z.object({
    record: exchangeRecordSchema,
    /** Points left. */
    balance: z.number(),
    /** Cash credited to the main wallet (minor units) and the main balance after it. */
    amount: minorSchema,
    mainBalance: minorSchema,
  }),
});

export const pointsDetailSchema = z.object({
  id: z.number(),
  category: z.enum(POINTS_CATEGORIES),
  kind: z.enum(POINTS_ENTRY_KINDS),
  /** Signed: + earned or returned, − spent. */
  points: z.number(),
  /** Points balance right after this line. */
  balance: z.number(),
  /** Earned lines: the valid turnover or deposits counted (minor units) and how many bets/deposits. */
  base: z.nullable(minorSchema),
  count: z.nullable(z.number()),
  /** Earned lines: the rule that applied (`points` per `betUnit`). */
  betUnit: z.nullable(minorSchema),
  pointsRatio: z.nullable(z.number()),
  /** The exchange record's transaction number (redeem, refund, convert lines). */
  transactionNo: z.nullable(z.string()),
  remark: z.nullable(z.string()),
  createdAt: z.string(),
});
export type PointsDetail = z.infer<typeof pointsDetailSchema>;

export const pointsTransactions = defineEndpoint({
  id: 'pointsTransactions',
  method: 'GET',
  path: '/wps/points/transactions',
  moduleId: MODULE_IDS.points,
  auth: 'member',
  summary: 'Points details (member transaction detail): every change of my points with the balance after it',
  tags: ['points'],
  request: z.strictObject({
    category: z.optional(z.enum([...POINTS_CATEGORIES, 'all'])),
    ...dayRange,
    ...pageQuery,
  }),
  response: pagedSchema(pointsDetailSchema),
});

export const pointsEndpoints = {
  pointsConfig,
  pointsBalance,
  pointsRewards,
  pointsRewardDetail,
  pointsRedeem,
  pointsRedeemList,
  pointsConvert,
  pointsTransactions,
} satisfies Record<string, Endpoint>;
