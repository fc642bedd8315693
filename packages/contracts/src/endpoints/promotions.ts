import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { languageCodeSchema } from '../languages.ts';
import {
  idempotencyKeySchema,
  minorSchema,
  pagedSchema,
  pageQuery,
  PROOF_MAX_BYTES,
  PROOF_MAX_COUNT,
  PROOF_TYPES,
} from '../money.ts';
import { BET_VERTICALS } from './records.ts';

/**
 * Promotions (issue 9; spec §2 /promotions, /promoDetail and the promotion claim hall, §3 promo
 * categories, tags and the activity application, §4 activity statuses, §5/§9 the application's
 * limits, §7 the raffle-claim relay, §8 the upload refusals).
 *
 * An activity is run by the operator (`npm run ops -- promo …`): a sign-up window, a run window
 * (deposits and bets count inside it, from the moment the member joined), a claim deadline, who may
 * join (everyone, new members, VIP), what must be reached (a minimum deposit, a turnover of settled
 * bets, optionally of some verticals only), the bonus (fixed, or a percentage of the deposits with
 * a cap), whether the operator approves an application first, and how often one member may take
 * part. A raffle activity pays a fixed prize to winners the operator draws.
 *
 * The status each member sees (ACTIVITY_STATUSES) is computed on the server from those rules and
 * the member's own rows; a guest sees the status of the windows alone. Money is integer minor units,
 * percentages basis points (100 = 1%), times ISO 8601.
 *
 * Error keys (client catalogue `promotions`): promotions.errors.not_found, .not_open, .not_eligible_newbie,
 * .not_eligible_vip, .limit_reached, .already_joined, .not_joined, .requirements_unmet,
 * .not_claimable, .already_claimed, .claim_expired, .use_raffle_claim, .not_raffle,
 * .no_approval_needed, .comment_too_long, .too_many_images, .image_too_large, .image_type,
 * .image_dimensions, .image_unreadable; errors.in_need_true_account (trial accounts);
 * money.errors.idempotency_key / idempotency_conflict as for wallets.
 */

/** Spec §3 promo categories. */
export const PROMO_CATEGORIES = [
  'sports',
  'live',
  'slots',
  'card',
  'fishing',
  'lottery',
  'rebate',
  'points_mall',
  'rank',
  'deposit',
  'download',
  'newbie',
  'gaming',
] as const;
export type PromoCategory = (typeof PROMO_CATEGORIES)[number];

/** Spec §3 promo tags. */
export const PROMO_TAGS = ['newbie', 'limited', 'special', 'daily', 'high_rebate', 'vip'] as const;
export type PromoTag = (typeof PROMO_TAGS)[number];

/**
 * Spec §4 activity statuses: join now, claim payout, applying, closed for sign-up, rejected (claim
 * forbidden), issued, claimed, in progress, signed up, coming soon.
 */
export const ACTIVITY_STATUSES = [
  'join_now',
  'claim_payout',
  'applying',
  'closed',
  'rejected',
  'issued',
  'claimed',
  'in_progress',
  'signed_up',
  'coming_soon',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** Why an activity shows `closed` (or `join_now` is out of reach) for this member. */
export const CLOSED_REASONS = [
  'ended',
  'newbie_only',
  'vip_only',
  'limit_reached',
  'not_drawn',
  'expired',
  'requirements_unmet',
] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

export const PROMO_KINDS = ['bonus', 'raffle'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
/** Who may join: everyone, members registered within `newbieDays`, or VIP members. */
export const PROMO_AUDIENCES = ['all', 'newbie', 'vip'] as const;
export type PromoAudience = (typeof PROMO_AUDIENCES)[number];
/** A member's entry in an activity, as stored. */
export const ENTRY_STATES = ['joined', 'applying', 'approved', 'rejected', 'won', 'lost', 'claimed'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

/** Spec §5/§9: the application's remark is at most 140 characters; png or jpg, under 5 MB, at most 3. */
export const PROMO_COMMENT_MAX = 140;
export const PROMO_IMAGE_MAX_COUNT = PROOF_MAX_COUNT;
export const PROMO_IMAGE_MAX_BYTES = PROOF_MAX_BYTES;
export const PROMO_IMAGE_TYPES = PROOF_TYPES;
/**
 * An image is refused by its header before it is decoded when it is wider or taller than this, or
 * has more pixels than PROMO_IMAGE_MAX_PIXELS (a 5 MB file can declare 50,000 × 50,000 px: 10 GB
 * once decoded).
 */
export const PROMO_IMAGE_MAX_SIDE = 10_000;
export const PROMO_IMAGE_MAX_PIXELS = 20_000_000;
/** Stored images are re-encoded no larger than this on their longer side. */
export const PROMO_IMAGE_STORED_SIDE = 2048;

const id = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));
const language = z.optional(languageCodeSchema);

export const promoBonusSchema = z.object({
  type: z.enum(['fixed', 'percent']),
  /** fixed: the bonus (raffle: the prize of each winner); percent: null. */
  amount: z.nullable(minorSchema),
  /** percent: basis points of the deposits in the window (10 000 = 100%); fixed: null. */
  percent: z.nullable(z.number()),
  /** percent: the most one entry pays; fixed: null. */
  cap: z.nullable(minorSchema),
});
export type PromoBonus = z.infer<typeof promoBonusSchema>;

export const promoCardSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  category: z.enum(PROMO_CATEGORIES),
  tags: z.array(z.enum(PROMO_TAGS)),
  title: z.string(),
  summary: z.string(),
  signupFrom: z.string(),
  signupTo: z.string(),
  runFrom: z.string(),
  runTo: z.string(),
  claimTo: z.string(),
  bonus: promoBonusSchema,
  /** The operator decides each application. */
  approval: z.boolean(),
  status: z.enum(ACTIVITY_STATUSES),
  /** Set when the status is `closed` (or the member cannot join): why. */
  reason: z.nullable(z.enum(CLOSED_REASONS)),
});
export type PromoCard = z.infer<typeof promoCardSchema>;

export const promoImageSchema = z.object({
  id: z.number(),
  type: z.enum(PROMO_IMAGE_TYPES),
  width: z.number(),
  height: z.number(),
});
export type PromoImage = z.infer<typeof promoImageSchema>;

export const promoEntrySchema = z.object({
  id: z.number(),
  state: z.enum(ENTRY_STATES),
  joinedAt: z.string(),
  /** Deposits credited since joining, inside the run window. */
  deposit: minorSchema,
  /** Stakes of bets settled since joining, inside the run window (of the activity's verticals). */
  turnover: minorSchema,
  /** The bonus: fixed once applied for, approved or claimed; until then what it would be now. */
  amount: minorSchema,
  comment: z.nullable(z.string()),
  images: z.array(promoImageSchema),
  /** The operator's reason for a rejection. */
  decisionNote: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  claimedAt: z.nullable(z.string()),
});
export type PromoEntry = z.infer<typeof promoEntrySchema>;

export const promoDetailSchema = z.object({
  ...promoCardSchema.shape,
  /** HTML written by the operator, sanitised when saved; the client sanitises it again (DOMPurify). */
  content: z.string(),
  audience: z.enum(PROMO_AUDIENCES),
  newbieDays: z.number(),
  minDeposit: minorSchema,
  turnover: minorSchema,
  /** Only bets of these verticals count; null: every vertical. */
  verticals: z.nullable(z.array(z.enum(BET_VERTICALS))),
  /** How many times one member may take part. */
  maxEntries: z.number(),
  /** Raffle: how many winners are drawn, and when they were (null before the draw). */
  raffle: z.nullable(z.object({ winners: z.number(), drawnAt: z.nullable(z.string()) })),
  /** The caller's part (null for a guest). */
  me: z.nullable(
    z.object({
      entriesUsed: z.number(),
      /** The latest entry, or null before the first one. */
      entry: z.nullable(promoEntrySchema),
    }),
  ),
});
export type PromoDetail = z.infer<typeof promoDetailSchema>;

export const promoList = defineEndpoint({
  id: 'promoList',
  method: 'GET',
  path: '/wps/promo/activities',
  moduleId: MODULE_IDS.promo,
  auth: 'guest',
  summary: 'Promotions: the activities with the caller’s status (open ones first), by category and tag',
  tags: ['promotions'],
  request: z.strictObject({
    category: z.optional(z.enum(PROMO_CATEGORIES)),
    tag: z.optional(z.enum(PROMO_TAGS)),
    language,
    ...pageQuery,
  }),
  response: pagedSchema(promoCardSchema),
});

export const promoDetail = defineEndpoint({
  id: 'promoDetail',
  method: 'GET',
  path: '/wps/promo/activity',
  moduleId: MODULE_IDS.promo,
  auth: 'guest',
  summary: 'Promotion detail: rules, content, and the caller’s entry with its progress',
  tags: ['promotions'],
  request: z.strictObject({ id, language }),
  response: promoDetailSchema,
});

export const promoJoin = defineEndpoint({
  id: 'promoJoin',
  method: 'POST',
  path: '/wps/promo/join',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Join an activity (inside its sign-up window, when eligible and under the per-member limit)',
  tags: ['promotions'],
  request: z.strictObject({ id, language }),
  response: promoDetailSchema,
});

export const promoClaimResultSchema = z.object({
  entryId: z.number(),
  amount: minorSchema,
  /** The main balance after the bonus. */
  balance: minorSchema,
  transferId: z.string(),
});
export type PromoClaimResult = z.infer<typeof promoClaimResultSchema>;

export const promoClaim = defineEndpoint({
  id: 'promoClaim',
  method: 'POST',
  path: '/wps/promo/claim',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Claim a bonus: an approved application, or an entry whose requirements are met (paid once)',
  tags: ['promotions'],
  request: z.strictObject({ entryId: id, key: idempotencyKeySchema }),
  response: promoClaimResultSchema,
});

/** Spec §7 "relays for … raffle claim". */
export const raffleClaim = defineEndpoint({
  id: 'raffleClaim',
  method: 'POST',
  path: '/wps/relay/PRS_raffleClaim',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Relay PRS_raffleClaim: a raffle winner claims the prize (paid once)',
  tags: ['promotions'],
  request: z.strictObject({ entryId: id, key: idempotencyKeySchema }),
  response: promoClaimResultSchema,
});

export const claimItemSchema = z.object({
  entryId: z.number(),
  promotionId: z.number(),
  kind: z.enum(PROMO_KINDS),
  category: z.enum(PROMO_CATEGORIES),
  title: z.string(),
  amount: minorSchema,
  /** approved: an application the operator approved; won: a raffle prize; met: requirements reached. */
  reason: z.enum(['approved', 'won', 'met']),
  claimTo: z.string(),
});
export type ClaimItem = z.infer<typeof claimItemSchema>;

export const promoClaimHall = defineEndpoint({
  id: 'promoClaimHall',
  method: 'GET',
  path: '/wps/promo/claims',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Promotion claim hall: what the caller can claim now (soonest deadline first)',
  tags: ['promotions'],
  request: z.strictObject({ language }),
  response: z.object({ items: z.array(claimItemSchema), total: minorSchema }),
});

/** The promotions of the one endpoint table. */
export const promotionEndpoints = {
  promoList,
  promoDetail,
  promoJoin,
  promoClaim,
  raffleClaim,
  promoClaimHall,
} satisfies Record<string, Endpoint>;

// ───────────────────────────── the application upload ─────────────────────────────

export const promoApplyImageSchema = z.strictObject({
  type: z.enum(PROMO_IMAGE_TYPES),
  /** Base64 of the file (no data: prefix needed); the server checks the bytes, not the type. */
  data: z.string().check(z.maxLength(7_100_000)),
});

/**
 * The application (spec §3 "Activity application: comment, up to 3 images"). Its route carries
 * up to three images of 5 MB and so has a body limit of its own: it is registered by the server's
 * promotions module beside the table (not in `promotionEndpoints`), and called like any endpoint.
 * Everything in it is checked before anything is stored: one refused image stores nothing.
 */
export const promoApply = defineEndpoint({
  id: 'promoApply',
  method: 'POST',
  path: '/wps/promo/apply',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary:
    'Apply for an activity that needs approval: a comment (up to 140) and up to 3 png or jpg images under 5 MB',
  tags: ['promotions'],
  request: z.strictObject({
    id,
    /** At most PROMO_COMMENT_MAX characters (code points; checked by the server). */
    comment: z.optional(z.string().check(z.maxLength(PROMO_COMMENT_MAX * 2))),
    images: z.optional(z.array(promoApplyImageSchema).check(z.maxLength(PROMO_IMAGE_MAX_COUNT))),
    language,
  }),
  response: promoDetailSchema,
});

/** GET, member only: one image of the caller's own application (`?id=`), re-encoded, `nosniff`. */
export const PROMO_IMAGE_PATH = '/wps/promo/image';
