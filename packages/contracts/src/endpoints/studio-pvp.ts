import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { minorSchema } from '../money.ts';
import { ticketSchema } from './games.ts';

// The demo studio's pvp game (issue 6): the game page's own calls under /studio/api/pvp/…,
// authorised by the launch ticket (like studioSession), never the member's session token.
//
// PVP card rooms: the launched game's rooms (pvp_rooms: stake, minimum balance, seats taken), a
// seat in one of them, and hands of a banker-less showdown against the room's bots — Niu-Niu
// (5 cards) or Teen Patti (3 cards). Every seat puts in the stake, the best hand takes the pot,
// the house takes a rake from the winner's profit. Each hand is dealt from a deck shuffled with
// node:crypto and stored whole before the page sees a card.

export const PVP_GAME_IDS = ['niuniu', 'teenpatti'] as const;
export type PvpGameId = (typeof PVP_GAME_IDS)[number];

/** A card: rank A 2-9 T J Q K then suit S H D C ("AS", "TD", "9H"). */
export const pvpCardSchema = z.string().check(z.regex(/^[A2-9TJQK][SHDC]$/));

export const pvpRoomViewSchema = z.object({
  id: z.number(),
  /** The room's name (not translated). */
  name: z.string(),
  stake: minorSchema,
  minBalance: minorSchema,
  seats: z.number(),
  seatsTaken: z.number(),
  status: z.enum(['open', 'full', 'closed']),
});
export type PvpRoomView = z.infer<typeof pvpRoomViewSchema>;

/** One seat of a hand as dealt. */
export const pvpSeatSchema = z.object({
  seat: z.number(),
  /** false for the player's own seat (seat 0). */
  bot: z.boolean(),
  /** The bot's name (empty for the player). */
  name: z.string(),
  cards: z.array(pvpCardSchema),
  /**
   * The hand's category: Niu-Niu 0 no bull, 1–9 bull n, 10 Niu-Niu, 11 five faces, 12 five small;
   * Teen Patti 0 high card, 1 pair, 2 colour, 3 sequence, 4 pure sequence, 5 trail.
   */
  rank: z.number(),
  result: z.enum(['win', 'lose']),
});
export type PvpSeat = z.infer<typeof pvpSeatSchema>;

/**
 * The `detail` the studio sends with its credit (the betting record shows it). `kind: 'pvp'` lets
 * the web's bet detail pick this view.
 */
export const pvpBetDetailSchema = z.object({
  kind: z.literal('pvp'),
  game: z.enum(PVP_GAME_IDS),
  /** The room played in; null for a table without rooms (default stakes). */
  room: z.nullable(z.object({ id: z.number(), name: z.string() })),
  stake: minorSchema,
  seats: z.array(pvpSeatSchema),
  playerRank: z.number(),
  /** payout − stake. */
  profit: minorSchema,
  /** The house's share of the player's profit (0 unless the player won). */
  rake: minorSchema,
  payout: minorSchema,
});
export type PvpBetDetail = z.infer<typeof pvpBetDetailSchema>;

const requestIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'money.errors.idempotency_key' }));
const roomIdSchema = z
  .number({ error: 'games.errors.room_unknown' })
  // Room ids are int4 (serial): a larger one names no room and must not reach the query (a 500).
  .check(
    z.int(),
    z.minimum(1, { error: 'games.errors.room_unknown' }),
    z.maximum(2_147_483_647, { error: 'games.errors.room_unknown' }),
  );

export const studioPvpLobby = defineEndpoint({
  id: 'studioPvpLobby',
  method: 'GET',
  path: '/studio/api/pvp/rooms',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Studio PVP: the launched game’s rooms (stakes, seats taken), the player’s seat, the rules',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema }),
  response: z.object({
    game: z.enum(PVP_GAME_IDS),
    rooms: z.array(pvpRoomViewSchema),
    /** The room the player sits in (by this launch), if any. */
    seatRoomId: z.nullable(z.number()),
    /** Offered when the game has no rooms (a lobby's sub-game), minor units. */
    defaultStakes: z.array(minorSchema),
    /** Seats at a table without a room (the player and bots). */
    defaultSeats: z.number(),
    /** The rake in basis points of the winner's profit (500 = 5%). */
    rakeBps: z.number(),
    balance: minorSchema,
  }),
});

export const studioPvpJoin = defineEndpoint({
  id: 'studioPvpJoin',
  method: 'POST',
  path: '/studio/api/pvp/join',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Studio PVP: takes a seat in a room (full → 409 games.errors.room_full; below its minimum balance → 422 games.errors.room_min_balance)',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema, roomId: roomIdSchema }),
  response: z.object({ room: pvpRoomViewSchema, balance: minorSchema }),
});

export const studioPvpLeave = defineEndpoint({
  id: 'studioPvpLeave',
  method: 'POST',
  path: '/studio/api/pvp/leave',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Studio PVP: leaves the room the player sits in (leaving twice is fine)',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema }),
  response: z.object({ left: z.boolean() }),
});

export const studioPvpDeal = defineEndpoint({
  id: 'studioPvpDeal',
  method: 'POST',
  path: '/studio/api/pvp/deal',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Studio PVP: one hand (decided and stored before it is shown): the room’s stake (or a default stake without rooms) debited, the pot less the rake credited',
  tags: ['studio'],
  request: z.strictObject({
    ticket: ticketSchema,
    /** The room the player sits in; absent at a table without rooms. */
    roomId: z.optional(roomIdSchema),
    /** Only at a table without rooms: one of defaultStakes. */
    stake: z.optional(z.number({ error: 'games.errors.bet_invalid' }).check(z.int(), z.minimum(1))),
    /** Client-generated once per hand: a repeat answers the same hand (idempotent). */
    requestId: requestIdSchema,
  }),
  response: z.object({
    handId: z.string(),
    ...pvpBetDetailSchema.shape,
    winnerSeat: z.number(),
    /** After the hand. */
    balance: minorSchema,
  }),
});

/** The pvp page's calls (server: apps/server/src/vendors/studio/pvp/). */
export const studioPvpEndpoints = {
  studioPvpLobby,
  studioPvpJoin,
  studioPvpLeave,
  studioPvpDeal,
} satisfies Record<string, Endpoint>;
