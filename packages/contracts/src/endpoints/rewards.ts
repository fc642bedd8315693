import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { localizedTextSchema } from '../localized-text.ts';
import { idempotencyKeySchema, minorSchema, pagedSchema, pageQuery } from '../money.ts';
import { BET_VERTICALS } from './records.ts';

/**
 * The reward centre, invitations (referral), missions with their leaderboard and the receiving side
 * of red envelopes (issue 9; spec §2 rewardCenter, referral, missionLeaderboard, "red envelope").
 *
 * Every endpoint is `auth: 'member'`; a trial account (type 4) is refused (403
 * errors.in_need_true_account). An id in a request names one of the caller's own rewards or
 * envelopes; anything else (another member's, an unknown id) gets ONE answer: 404
 * `rewards.errors.not_found`, and nothing is written.
 *
 * Periods (missions, the leaderboard's week) are the merchant's days and weeks (Asia/Yangon,
 * weeks from Monday 00:00), as the contracts' periods. Money is integer minor units.
 *
 * Error keys (client catalogue `rewards`): rewards.errors.not_found, rewards.errors.already_claimed,
 * rewards.errors.expired; money.errors.idempotency_key, money.errors.idempotency_conflict.
 */

const none = z.strictObject({});
const idSchema = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

// ───────────────────────────── rewards ─────────────────────────────

/** Where a reward comes from: a completed mission, a friend who qualified, an operator's grant. */
export const REWARD_SOURCES = ['mission', 'referral', 'grant'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];
/** claimable until claimed or past its expiry (then expired: it can no longer be claimed). */
export const REWARD_STATUSES = ['claimable', 'claimed', 'expired'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];
/** What claiming a reward of each source posts to the ledger (the account record's type). */
export const REWARD_TRANSACTION_TYPES = {
  mission: 'mission_reward',
  referral: 'referral_reward',
  grant: 'reward_claim',
} as const satisfies Record<RewardSource, string>;

export const MISSION_PERIODS = ['daily', 'weekly'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];
/**
 * What a mission counts in its period: bets placed (not rolled back), their stakes, rounds won
 * (settled with a payout above the stake), succeeded deposits, their amounts.
 */
export const MISSION_METRICS = [
  'bet_count',
  'bet_amount',
  'win_count',
  'deposit_count',
  'deposit_amount',
] as const;
export type MissionMetric = (typeof MISSION_METRICS)[number];

export const rewardSchema = z.object({
  id: z.number(),
  source: z.enum(REWARD_SOURCES),
  status: z.enum(REWARD_STATUSES),
  amount: minorSchema,
  /** An operator grant's title (plain text, not translated); null for the other sources. */
  title: z.nullable(z.string()),
  /** A mission reward: the mission's name and period, and the period it was completed in. */
  mission: z.nullable(
    z.object({ names: localizedTextSchema, period: z.enum(MISSION_PERIODS), periodStart: z.string() }),
  ),
  /** A referral reward: the friend's account, masked (ab***12). */
  friend: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  claimedAt: z.nullable(z.string()),
});
export type Reward = z.infer<typeof rewardSchema>;

export const REWARD_VIEWS = ['claimable', 'history'] as const;
export type RewardView = (typeof REWARD_VIEWS)[number];

export const rewardList = defineEndpoint({
  id: 'rewardList',
  method: 'GET',
  path: '/wps/rewards',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Reward centre: my claimable rewards (soonest expiry first) or my history (claimed, expired)',
  tags: ['rewards'],
  request: z.strictObject({ view: z.optional(z.enum(REWARD_VIEWS)), ...pageQuery }),
  response: z.object({
    ...pagedSchema(rewardSchema).shape,
    /** Σ of my claimable rewards (whatever the view). */
    claimableAmount: minorSchema,
  }),
});

export const rewardClaim = defineEndpoint({
  id: 'rewardClaim',
  method: 'POST',
  path: '/wps/rewards/claim',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Claim one of my rewards: paid once to the main wallet (idempotent by key and by reward)',
  tags: ['rewards'],
  request: z.strictObject({ rewardId: idSchema, key: idempotencyKeySchema }),
  response: z.object({
    rewardId: z.number(),
    amount: minorSchema,
    /** reward_claim, referral_reward or mission_reward. */
    type: z.string(),
    transferId: z.string(),
    /** My main balance after the claim. */
    balance: minorSchema,
  }),
});

/** The counts behind the menu's badges (cheap: one call when the centre opens). */
export const rewardSummary = defineEndpoint({
  id: 'rewardSummary',
  method: 'GET',
  path: '/wps/rewards/summary',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Badges: claimable rewards, completed missions waiting to be claimed, unopened red envelopes',
  tags: ['rewards'],
  request: none,
  response: z.object({
    claimable: z.number(),
    claimableAmount: minorSchema,
    /** Mission rewards completed and not claimed yet (the missionLeaderboard badge). */
    missions: z.number(),
    /** Red envelopes received and not opened yet. */
    envelopes: z.number(),
  }),
});

// ───────────────────────────── referral ─────────────────────────────

/** The merchant's rule: a friend's succeeded deposit of at least `minDeposit` gives me `reward`. */
export const referralRuleSchema = z.object({
  minDeposit: minorSchema,
  reward: minorSchema,
  /** Days the reward can be claimed once given (null: no expiry). */
  claimDays: z.nullable(z.number()),
});
export type ReferralRule = z.infer<typeof referralRuleSchema>;

export const referralInfo = defineEndpoint({
  id: 'referralInfo',
  method: 'GET',
  path: '/wps/rewards/referral',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Invite friends: my referral code and link, the rule, and what my invitations earned',
  tags: ['rewards'],
  request: none,
  response: z.object({
    code: z.string(),
    /** `<origin>/register?referralCode=<code>`: the register form opens with the code. */
    url: z.string(),
    /** null while the merchant has no active rule (invitations then earn nothing). */
    rule: z.nullable(referralRuleSchema),
    invited: z.number(),
    qualified: z.number(),
    /** Σ of my referral rewards claimed. */
    earned: minorSchema,
    /** Σ of my referral rewards waiting to be claimed. */
    claimable: minorSchema,
  }),
});

/**
 * pending: no qualifying deposit yet; qualified: the reward was given; ineligible: registered from
 * my own network (the address I registered or signed in from), so it earns nothing.
 */
export const FRIEND_STATUSES = ['pending', 'qualified', 'ineligible'] as const;
export type FriendStatus = (typeof FRIEND_STATUSES)[number];
export const friendSchema = z.object({
  /** Masked: ab***12. */
  account: z.string(),
  registeredAt: z.string(),
  status: z.enum(FRIEND_STATUSES),
  reward: z.nullable(minorSchema),
  rewardStatus: z.nullable(z.enum(REWARD_STATUSES)),
});
export type Friend = z.infer<typeof friendSchema>;

export const referralFriends = defineEndpoint({
  id: 'referralFriends',
  method: 'GET',
  path: '/wps/rewards/referral/friends',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Invite friends: the members who registered with my code (newest first)',
  tags: ['rewards'],
  request: z.strictObject({ ...pageQuery }),
  response: pagedSchema(friendSchema),
});

// ───────────────────────────── missions ─────────────────────────────

/** in_progress: not reached yet in this period; otherwise the state of the reward it gave. */
export const MISSION_STATUSES = ['in_progress', ...REWARD_STATUSES] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];
export const missionSchema = z.object({
  id: z.number(),
  code: z.string(),
  names: localizedTextSchema,
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  /** Only bets of this vertical count (bet metrics); null: every vertical. */
  vertical: z.nullable(z.enum(BET_VERTICALS)),
  /** A count, or minor units for the amount metrics. */
  target: z.number(),
  /** Counted so far in the current period (capped at the target). */
  progress: z.number(),
  reward: minorSchema,
  /** Leaderboard points the mission gives when completed. */
  points: z.number(),
  status: z.enum(MISSION_STATUSES),
  /** The reward to claim (status claimable), or null. */
  rewardId: z.nullable(z.number()),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type Mission = z.infer<typeof missionSchema>;

export const missionList = defineEndpoint({
  id: 'missionList',
  method: 'GET',
  path: '/wps/rewards/missions',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: "Missions: today's and this week's missions with my progress (completing one gives a reward)",
  tags: ['rewards'],
  request: none,
  response: z.object({ items: z.array(missionSchema) }),
});

export const LEADERBOARD_SIZE = 10;
export const leaderRowSchema = z.object({
  rank: z.number(),
  /** Masked (ab***12), mine too. */
  account: z.string(),
  points: z.number(),
  missions: z.number(),
  me: z.boolean(),
});
export const missionLeaderboard = defineEndpoint({
  id: 'missionLeaderboard',
  method: 'GET',
  path: '/wps/rewards/leaderboard',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: "Leaderboard: this week's top members by mission points, and my own rank",
  tags: ['rewards'],
  request: none,
  response: z.object({
    weekStart: z.string(),
    weekEnd: z.string(),
    items: z.array(leaderRowSchema),
    /** My rank (null before my first completed mission of the week). */
    me: z.object({ rank: z.nullable(z.number()), points: z.number(), missions: z.number() }),
  }),
});

// ───────────────────────────── red envelopes ─────────────────────────────

export const redEnvelopeSchema = z.object({
  id: z.number(),
  /** The sender's account (my upline agent). */
  from: z.string(),
  message: z.nullable(z.string()),
  receivedAt: z.string(),
  openedAt: z.nullable(z.string()),
  /** Revealed once opened (null before). */
  amount: z.nullable(minorSchema),
});
export type RedEnvelope = z.infer<typeof redEnvelopeSchema>;

export const redEnvelopeList = defineEndpoint({
  id: 'redEnvelopeList',
  method: 'GET',
  path: '/wps/rewards/red-envelopes',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Red envelopes I received (newest first): unopened ones keep their amount hidden',
  tags: ['rewards'],
  request: z.strictObject({ ...pageQuery }),
  response: z.object({ ...pagedSchema(redEnvelopeSchema).shape, unopened: z.number() }),
});

export const redEnvelopeOpen = defineEndpoint({
  id: 'redEnvelopeOpen',
  method: 'POST',
  path: '/wps/rewards/red-envelopes/open',
  moduleId: MODULE_IDS.promo,
  auth: 'member',
  summary: 'Open a red envelope: reveals its amount and sender (its money was credited when it was sent)',
  tags: ['rewards'],
  request: z.strictObject({ id: idSchema }),
  response: z.object({ ...redEnvelopeSchema.shape, amount: minorSchema, openedAt: z.string() }),
});

export const rewardEndpoints = {
  rewardList,
  rewardClaim,
  rewardSummary,
  referralInfo,
  referralFriends,
  missionList,
  missionLeaderboard,
  redEnvelopeList,
  redEnvelopeOpen,
} satisfies Record<string, Endpoint>;
