import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { minorSchema } from '../money.ts';

/**
 * Player protection (issue 10): limits, reality checks, time-out and self-exclusion, enforced by
 * the server wherever money is deposited or staked (UKGC RTS 12 and 13, MGA Player Protection
 * Directive). The spec has none of it; these calls are ours.
 *
 * Windows are rolling: `day` is the last 24 hours, `week` the last 7 days, `month` the last 30
 * days, counted back from the movement being checked.
 * - deposit: the sum of the member's deposits (pending and succeeded) in the window, plus the new one.
 * - wager: the sum of the member's stakes (every `bet` debit of a member wallet, transfers into a
 *   vendor's own wallet) in the window, plus the new stake.
 * - loss: the member's net loss in the window (stakes minus payouts and refunds), plus the new
 *   stake, must stay at or under the limit.
 * A decrease (or a first limit) takes effect at once; an increase or a removal waits 24 hours
 * (`pending`, cooling-off) and is applied by the server when it is due. The session limit (minutes
 * of one login) and the reality-check interval work the same way for the session limit; the
 * reality-check interval is a reminder and changes at once.
 *
 * Time-out (1 to 42 days) and self-exclusion (6 months, 1 year, 5 years, indefinite) end every open
 * session of the member at once, refuse every login path until they end, stop promotion and popup
 * messages, and cannot be shortened or lifted early (a second one may only extend).
 *
 * Trial accounts (type 4) have no money limits; their sessions get reality checks.
 *
 * Error keys (client catalogue part `protection` unless said): protection.errors.deposit_limit,
 * protection.errors.wager_limit, protection.errors.loss_limit (a deposit or stake refused by a
 * limit; `value` is {kind, period, limit, used} in minor units), protection.errors.session_limit
 * (the session reached its time limit: the session is ended), protection.errors.amount_invalid,
 * protection.errors.minutes_invalid, protection.errors.cannot_shorten, protection.errors.trial;
 * login refusals (catalogue part `account`): errors.self_excluded and errors.timed_out, with
 * `value` {until: ISO 8601 | null (indefinite)}.
 */

const none = z.strictObject({});

export const LIMIT_KINDS = ['deposit', 'wager', 'loss'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** Hours of each rolling window. */
export const LIMIT_PERIOD_HOURS: Record<LimitPeriod, number> = { day: 24, week: 24 * 7, month: 24 * 30 };
/** An increase or a removal of a limit waits this long. */
export const COOLING_OFF_HOURS = 24;
/** The most one limit may be (MMK 1,000,000,000.00). */
export const LIMIT_MAX = 100_000_000_000;
/** Reality-check interval bounds, minutes. */
export const REALITY_CHECK_MINUTES = { min: 1, max: 60 } as const;
/** Session limit bounds, minutes (at most a day). */
export const SESSION_LIMIT_MINUTES = { min: 5, max: 24 * 60 } as const;
/** Time-out length bounds, days (24 hours to 6 weeks). */
export const TIME_OUT_DAYS = { min: 1, max: 42 } as const;
export const EXCLUSION_PERIODS = ['6m', '1y', '5y', 'indefinite'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

const pendingSchema = z.nullable(
  z.object({
    /** The value that applies then; null: the limit is removed then. */
    amount: z.nullable(minorSchema),
    effectiveAt: z.string(),
  }),
);

export const limitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** The limit in force (minor units); null: none. */
  amount: z.nullable(minorSchema),
  /** What counts against it in the current window (minor units; loss: the net loss, never below 0). */
  used: minorSchema,
  /** An increase or removal waiting for its cooling-off. */
  pending: pendingSchema,
});
export type Limit = z.infer<typeof limitSchema>;

export const protectionSettingsSchema = z.object({
  /** Every kind × period, in LIMIT_KINDS × LIMIT_PERIODS order (9 rows). */
  limits: z.array(limitSchema),
  sessionLimit: z.object({
    minutes: z.nullable(z.number().check(z.int())),
    pending: z.nullable(
      z.object({ minutes: z.nullable(z.number().check(z.int())), effectiveAt: z.string() }),
    ),
  }),
  /** Reality-check interval in minutes; null: off. */
  realityCheckMinutes: z.nullable(z.number().check(z.int())),
  /** True until the member has set a deposit limit or answered the prompt ("not now"). */
  depositLimitPrompt: z.boolean(),
  /** Trial accounts: money limits do not apply (the page says so). */
  trial: z.boolean(),
});
export type ProtectionSettings = z.infer<typeof protectionSettingsSchema>;

export const protectionSettings = defineEndpoint({
  id: 'protectionSettings',
  method: 'GET',
  path: '/wps/protection',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary:
    "The member's limits (with what is used and what waits for its cooling-off), session limit and reality check",
  tags: ['protection'],
  request: none,
  response: protectionSettingsSchema,
});

export const protectionSetLimit = defineEndpoint({
  id: 'protectionSetLimit',
  method: 'POST',
  path: '/wps/protection/limit',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary:
    'Sets, lowers, raises or removes a deposit, wager or loss limit (raising and removing wait 24 hours)',
  tags: ['protection'],
  request: z.strictObject({
    kind: z.enum(LIMIT_KINDS),
    period: z.enum(LIMIT_PERIODS),
    /** Minor units, 1 to LIMIT_MAX; null removes the limit (after the cooling-off). */
    amount: z.nullable(minorSchema),
  }),
  response: z.object({
    settings: protectionSettingsSchema,
    /** now: in force at once; cooling_off: waits until `effectiveAt`. */
    effect: z.enum(['now', 'cooling_off']),
    effectiveAt: z.string(),
  }),
});

export const protectionSetSessionLimit = defineEndpoint({
  id: 'protectionSetSessionLimit',
  method: 'POST',
  path: '/wps/protection/session-limit',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Sets or removes the session time limit (raising and removing wait 24 hours)',
  tags: ['protection'],
  request: z.strictObject({ minutes: z.nullable(z.number().check(z.int())) }),
  response: z.object({
    settings: protectionSettingsSchema,
    effect: z.enum(['now', 'cooling_off']),
    effectiveAt: z.string(),
  }),
});

export const protectionSetRealityCheck = defineEndpoint({
  id: 'protectionSetRealityCheck',
  method: 'POST',
  path: '/wps/protection/reality-check',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Sets the reality-check interval (1 to 60 minutes) or turns it off',
  tags: ['protection'],
  request: z.strictObject({ minutes: z.nullable(z.number().check(z.int())) }),
  response: protectionSettingsSchema,
});

export const protectionDepositPrompt = defineEndpoint({
  id: 'protectionDepositPrompt',
  method: 'POST',
  path: '/wps/protection/deposit-prompt',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'The member answered the deposit-limit prompt with "not now": it is not shown again',
  tags: ['protection'],
  request: none,
  response: protectionSettingsSchema,
});

export const protectionTimeOut = defineEndpoint({
  id: 'protectionTimeOut',
  method: 'POST',
  path: '/wps/protection/time-out',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Takes a time-out of 1 to 42 days: every session ends now, logins are refused until it ends',
  tags: ['protection'],
  request: z.strictObject({ days: z.number().check(z.int()), confirm: z.literal(true) }),
  response: z.object({ until: z.string() }),
});

export const protectionSelfExclude = defineEndpoint({
  id: 'protectionSelfExclude',
  method: 'POST',
  path: '/wps/protection/self-exclusion',
  moduleId: MODULE_IDS.member,
  auth: 'member',
  summary: 'Self-excludes for 6 months, 1 year, 5 years or indefinitely: every session ends now',
  tags: ['protection'],
  request: z.strictObject({ period: z.enum(EXCLUSION_PERIODS), confirm: z.literal(true) }),
  response: z.object({ until: z.nullable(z.string()) }),
});

export const sessionInfoSchema = z.object({
  /** When this login started (ISO 8601) and the server's time now (the client's clock is not trusted). */
  startedAt: z.string(),
  serverTime: z.string(),
  /** Net win (positive) or loss (negative) of this session: payouts and refunds minus stakes, minor units. */
  netResult: minorSchema,
  /** The login before this one; null on the first. */
  previousLogin: z.nullable(z.object({ at: z.string(), ip: z.string() })),
  realityCheckMinutes: z.nullable(z.number().check(z.int())),
  /** When the session limit ends this session; null: no limit. */
  endsAt: z.nullable(z.string()),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const protectionSession = defineEndpoint({
  id: 'protectionSession',
  method: 'GET',
  path: '/wps/protection/session',
  moduleId: MODULE_IDS.session,
  auth: 'member',
  summary: "This session's start, its net win or loss, the previous login and the reality-check interval",
  tags: ['protection'],
  request: none,
  response: sessionInfoSchema,
});

export const protectionEndpoints = {
  protectionSettings,
  protectionSetLimit,
  protectionSetSessionLimit,
  protectionSetRealityCheck,
  protectionDepositPrompt,
  protectionTimeOut,
  protectionSelfExclude,
  protectionSession,
} satisfies Record<string, Endpoint>;
