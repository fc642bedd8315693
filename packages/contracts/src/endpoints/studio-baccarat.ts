import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { minorSchema } from '../money.ts';
import { ticketSchema } from './games.ts';

// The demo studio's baccarat game (issue 6): the game page's own calls under /studio/api/baccarat/…,
// authorised by the launch ticket (like studioSession), never the member's session token.
//
// The live-casino stand-in: several tables with their own limits, each dealing rounds on a timer
// (betting → closed → dealing → result → the next round). Each round is dealt from a freshly
// shuffled 8-deck shoe with node:crypto and stored whole when its betting opens; the page receives
// the cards only once dealing starts.

/** The five betting spots. */
export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];
export const baccaratSpotSchema = z.enum(BACCARAT_SPOTS);

export const BACCARAT_PHASES = ['betting', 'closed', 'dealing', 'result'] as const;
export type BaccaratPhase = (typeof BACCARAT_PHASES)[number];

export const BACCARAT_WINNERS = ['player', 'banker', 'tie'] as const;
export type BaccaratWinner = (typeof BACCARAT_WINNERS)[number];

/** A card: rank A 2-9 T J Q K then suit S H D C ("AS", "TD", "9H"). */
export const baccaratCardSchema = z.string().check(z.regex(/^[A2-9TJQK][SHDC]$/));

export const baccaratTableSchema = z.object({
  id: z.string(),
  /** Short name (A, B, VIP …): the page shows it in its own words. */
  code: z.string(),
  /** Per spot, minor units. */
  minBet: minorSchema,
  maxBet: minorSchema,
  /** Chip values the page offers (within the limits). */
  chips: z.array(minorSchema),
});
export type BaccaratTable = z.infer<typeof baccaratTableSchema>;

export const baccaratResultSchema = z.object({
  winner: z.enum(BACCARAT_WINNERS),
  playerTotal: z.number(),
  bankerTotal: z.number(),
  pairs: z.object({ player: z.boolean(), banker: z.boolean() }),
});

export const baccaratRoadEntrySchema = z.object({
  roundId: z.string(),
  /** The table's round number. */
  seq: z.number(),
  ...baccaratResultSchema.shape,
});
export type BaccaratRoadEntry = z.infer<typeof baccaratRoadEntrySchema>;

export const baccaratSpotBetSchema = z.object({ spot: baccaratSpotSchema, amount: minorSchema });

export const baccaratMyBetSchema = z.object({
  id: z.string(),
  spots: z.array(baccaratSpotBetSchema),
  stake: minorSchema,
  /** What the bet returned (stake included); null until settled. */
  payout: z.nullable(minorSchema),
  state: z.enum(['placed', 'debited', 'settled', 'rolled_back']),
});
export type BaccaratMyBet = z.infer<typeof baccaratMyBetSchema>;

export const baccaratRoundSchema = z.object({
  id: z.string(),
  /** The table's round number. */
  seq: z.number(),
  phase: z.enum(BACCARAT_PHASES),
  /** Milliseconds until the phase ends (betting: until it closes). */
  msLeft: z.number(),
  /** Milliseconds between two cards of the deal (the page reveals them one by one). */
  cardMs: z.number(),
  /** Milliseconds since dealing started (0 before). */
  dealtMs: z.number(),
  /** In deal order (P, B, P, B, then the third cards); empty before dealing. */
  playerCards: z.array(baccaratCardSchema),
  bankerCards: z.array(baccaratCardSchema),
  /** The order the cards are dealt: 'P' or 'B' per card (empty before dealing). */
  order: z.array(z.enum(['P', 'B'])),
  /** Only in the result phase. */
  result: z.nullable(baccaratResultSchema),
});
export type BaccaratRound = z.infer<typeof baccaratRoundSchema>;

const tableIdSchema = z.string().check(z.regex(/^[a-z0-9-]{1,32}$/, { error: 'games.errors.unknown_table' }));

export const studioBaccaratTables = defineEndpoint({
  id: 'studioBaccaratTables',
  method: 'GET',
  path: '/studio/api/baccarat/tables',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Studio baccarat: the tables (limits per spot, chips), the payouts and the phase lengths',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema }),
  response: z.object({
    tables: z.array(baccaratTableSchema),
    /** What a winning spot returns per 1 staked (stake included): player 2, banker 1.95, tie 9, pairs 12. */
    returns: z.record(z.string(), z.number()),
    bettingSeconds: z.number(),
  }),
});

export const studioBaccaratState = defineEndpoint({
  id: 'studioBaccaratState',
  method: 'GET',
  path: '/studio/api/baccarat/state',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Studio baccarat: a table now (the round, its phase and time left, the cards once dealt, my bets), the bead road and the balance',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema, table: tableIdSchema }),
  response: z.object({
    table: baccaratTableSchema,
    round: baccaratRoundSchema,
    /** My bets of this round (this launch). */
    myBets: z.array(baccaratMyBetSchema),
    /** The table's last results, oldest first (at most 60). */
    road: z.array(baccaratRoadEntrySchema),
    balance: minorSchema,
  }),
});

export const studioBaccaratBet = defineEndpoint({
  id: 'studioBaccaratBet',
  method: 'POST',
  path: '/studio/api/baccarat/bet',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Studio baccarat: places chips on spots of the round in betting (one debit); closed → 409 games.errors.betting_closed, outside the table limits → 400 games.errors.table_limit, above balance → 422',
  tags: ['studio'],
  request: z.strictObject({
    ticket: ticketSchema,
    table: tableIdSchema,
    roundId: z.string().check(z.regex(/^[A-Za-z0-9_-]{4,64}$/, { error: 'games.errors.betting_closed' })),
    spots: z
      .array(
        z.strictObject({
          spot: z.enum(BACCARAT_SPOTS, { error: 'games.errors.bet_invalid' }),
          amount: z.number({ error: 'games.errors.bet_invalid' }).check(z.int(), z.minimum(1)),
        }),
      )
      .check(z.minLength(1, { error: 'games.errors.bet_invalid' }), z.maxLength(5)),
    /** Client-generated once per bet: a repeat answers the same bet (idempotent). */
    requestId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'money.errors.idempotency_key' })),
  }),
  response: z.object({ bet: baccaratMyBetSchema, balance: minorSchema }),
});

/**
 * The detail the studio sends with its debit (spots only) and its credit (the whole round): the
 * betting record shows it (web: bet-records details/baccarat-detail.tsx dispatches on `kind`).
 */
export const baccaratBetDetailSchema = z.object({
  kind: z.literal('baccarat'),
  /** The table's short name. */
  table: z.string(),
  roundId: z.string(),
  playerCards: z.optional(z.array(z.string())),
  bankerCards: z.optional(z.array(z.string())),
  playerTotal: z.optional(z.number()),
  bankerTotal: z.optional(z.number()),
  winner: z.optional(z.enum(BACCARAT_WINNERS)),
  pairs: z.optional(z.object({ player: z.boolean(), banker: z.boolean() })),
  spots: z.array(
    z.object({ spot: baccaratSpotSchema, amount: z.number(), payout: z.optional(z.nullable(z.number())) }),
  ),
});
export type BaccaratBetDetail = z.infer<typeof baccaratBetDetailSchema>;

/** The baccarat page's calls (server: apps/server/src/vendors/studio/baccarat/). */
export const studioBaccaratEndpoints = {
  studioBaccaratTables,
  studioBaccaratState,
  studioBaccaratBet,
} satisfies Record<string, Endpoint>;
