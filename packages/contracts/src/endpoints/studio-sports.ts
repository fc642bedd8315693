import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { minorSchema, pagedSchema, pageQuery } from '../money.ts';
import { ticketSchema } from './games.ts';

// The demo studio's sports game (issue 6): the game page's own calls under /studio/api/sports/…,
// authorised by the launch ticket (like studioSession), never the member's session token.
//
// Odds are integers: decimal odds × 1000 (1.95 → 1950). Lines are hundredths on the home side
// (handicap -150 = home -1.5; total 250 = 2.5). Money in minor units. A slip returns
// floor(stake × Π odds / 1000ⁿ): rounded DOWN to the minor unit; pushed and void legs count 1.000.

export const SPORT_CATEGORIES = ['sports', 'esports'] as const;
export const SPORT_CODES = ['football', 'basketball', 'tennis', 'cs2', 'dota2', 'lol', 'valorant'] as const;
export const MARKET_KINDS = ['1x2', 'handicap', 'total'] as const;
export const SELECTION_CODES = ['home', 'draw', 'away', 'over', 'under'] as const;
export const LEG_OUTCOMES = ['won', 'lost', 'push', 'void'] as const;
export const SLIP_STATES = ['open', 'settled', 'void', 'rolled_back'] as const;
/** What the player accepts when odds moved since they saw them: nothing, only better odds, any. */
export const ACCEPT_ODDS = ['none', 'better', 'any'] as const;
/** Parlays take 2 to 10 legs, each of a different event. */
export const PARLAY_MAX_LEGS = 10;

export const sportCodeSchema = z.enum(SPORT_CODES);
export type SportCode = z.infer<typeof sportCodeSchema>;

export const sportsSelectionSchema = z.object({
  id: z.number(),
  code: z.enum(SELECTION_CODES),
  /** Decimal odds × 1000. */
  odds: z.number(),
  version: z.number(),
});
export type SportsSelection = z.infer<typeof sportsSelectionSchema>;

export const sportsMarketSchema = z.object({
  id: z.number(),
  kind: z.enum(MARKET_KINDS),
  /** Hundredths (home side for the handicap); null for 1X2. */
  line: z.nullable(z.number()),
  status: z.enum(['open', 'suspended', 'settled', 'void']),
  selections: z.array(sportsSelectionSchema),
});
export type SportsMarket = z.infer<typeof sportsMarketSchema>;

export const sportsEventSchema = z.object({
  id: z.number(),
  sport: sportCodeSchema,
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  status: z.enum(['scheduled', 'live', 'settled', 'void']),
  markets: z.array(sportsMarketSchema),
});
export type SportsEvent = z.infer<typeof sportsEventSchema>;

export const sportsFixtures = defineEndpoint({
  id: 'sportsFixtures',
  method: 'GET',
  path: '/studio/api/sports/fixtures',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Studio sportsbook: upcoming fixtures of the game’s category (sports or esports) with markets and odds',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema }),
  response: z.object({
    category: z.enum(SPORT_CATEGORIES),
    sports: z.array(sportCodeSchema),
    events: z.array(sportsEventSchema),
    limits: z.object({ minStake: minorSchema, maxStake: minorSchema, presets: z.array(minorSchema) }),
    balance: minorSchema,
  }),
});

export const sportsLegViewSchema = z.object({
  eventId: z.number(),
  sport: sportCodeSchema,
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  market: z.enum(MARKET_KINDS),
  line: z.nullable(z.number()),
  selection: z.enum(SELECTION_CODES),
  odds: z.number(),
  /** The event's score once settled ("2-1"), "void", or null. */
  result: z.nullable(z.string()),
  outcome: z.nullable(z.enum(LEG_OUTCOMES)),
});

export const sportsSlipSchema = z.object({
  id: z.string(),
  type: z.enum(['single', 'parlay']),
  stake: minorSchema,
  /** Π odds × 1000, rounded down. */
  odds: z.number(),
  potentialReturn: minorSchema,
  /** What it paid (null while open). */
  payout: z.nullable(minorSchema),
  state: z.enum(SLIP_STATES),
  createdAt: z.string(),
  settledAt: z.nullable(z.string()),
  legs: z.array(sportsLegViewSchema),
});
export type SportsSlip = z.infer<typeof sportsSlipSchema>;

const requestIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'money.errors.idempotency_key' }));

/**
 * Places bets: `single` makes one slip per leg (each with `stake`), `parlay` one slip of every leg.
 * Refusals write nothing: odds moved (409 games.errors.odds_changed, value: the current odds),
 * market suspended or settled (409 games.errors.market_suspended), event started (409
 * games.errors.betting_closed), stake outside the limits (400 games.errors.stake_limits), above
 * balance (422 money.errors.insufficient_balance). A repeated requestId answers the same slips.
 */
export const sportsPlaceBet = defineEndpoint({
  id: 'sportsPlaceBet',
  method: 'POST',
  path: '/studio/api/sports/bet',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Studio sportsbook: places singles or a parlay at the odds the player saw',
  tags: ['studio'],
  request: z.strictObject({
    ticket: ticketSchema,
    requestId: requestIdSchema,
    type: z.enum(['single', 'parlay']),
    stake: z.number({ error: 'games.errors.stake_limits' }).check(z.int(), z.minimum(1)),
    legs: z
      .array(
        z.strictObject({
          selectionId: z.number().check(z.int(), z.minimum(1)),
          odds: z.number().check(z.int(), z.minimum(1001)),
        }),
      )
      .check(z.minLength(1), z.maxLength(PARLAY_MAX_LEGS)),
    acceptOdds: z.optional(z.enum(ACCEPT_ODDS)),
  }),
  response: z.object({ slips: z.array(sportsSlipSchema), balance: minorSchema }),
});

/** The value of a 409 games.errors.odds_changed: each moved selection's current odds. */
export const oddsChangedSchema = z.object({
  changes: z.array(z.object({ selectionId: z.number(), odds: z.number(), version: z.number() })),
});

export const sportsMyBets = defineEndpoint({
  id: 'sportsMyBets',
  method: 'GET',
  path: '/studio/api/sports/bets',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Studio sportsbook: my slips at this vendor, open or settled, newest first, paged',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema, status: z.enum(['open', 'settled']), ...pageQuery }),
  response: pagedSchema(sportsSlipSchema),
});

/** The `detail` the sportsbook sends with its credit (the betting record's details). */
export const sportsBetDetailSchema = z.object({
  kind: z.literal('sports'),
  slipId: z.string(),
  type: z.enum(['single', 'parlay']),
  legs: z.array(
    z.object({
      event: z.string(),
      sport: z.string(),
      league: z.string(),
      market: z.enum(MARKET_KINDS),
      selection: z.enum(SELECTION_CODES),
      line: z.optional(z.nullable(z.number())),
      odds: z.number(),
      result: z.string(),
      outcome: z.enum(LEG_OUTCOMES),
    }),
  ),
  stake: minorSchema,
  odds: z.number(),
  payout: minorSchema,
});
export type SportsBetDetail = z.infer<typeof sportsBetDetailSchema>;

/** The sports page's calls (server: apps/server/src/vendors/studio/sports/). */
export const studioSportsEndpoints = {
  sportsFixtures,
  sportsPlaceBet,
  sportsMyBets,
} satisfies Record<string, Endpoint>;
