import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { daySchema, minorSchema, pagedSchema, pageQuery } from '../money.ts';
import { GAME_TYPES, gameTypeSchema } from '../whitelabel.ts';
import { lotteryMenuSchema } from './lottery.ts';

/**
 * Games (issue 5; spec §3 game vendor category / vendor / game object, §4 game launch, §7 game
 * calls): the catalogue, favourites and recent games, PVP rooms, the launch (real money and the
 * free trial), the betting record, the demo studio's page calls and the vendor protocol of
 * DESIGN §4 (launch ticket, balance, debit, credit, rollback — idempotent by the vendor's
 * transaction id, every movement through the ledger).
 */

const none = z.strictObject({});

/** A vendor's wallet model: seamless vendors bet from the main wallet; transfer vendors from their own wallet. */
export const WALLET_MODES = ['seamless', 'transfer'] as const;
export type WalletMode = (typeof WALLET_MODES)[number];

export const GAME_STATUSES = ['active', 'maintenance'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** Spec §3 isGame: GAME launches; VASSALAGE opens a popup list of the vendor's sub-games. */
export const IS_GAME_VALUES = ['GAME', 'VASSALAGE'] as const;

/** Spec §3 accountTypeName values with special launch rules (§4): TCG_SEA and GPI. */
export const SPECIAL_ACCOUNT_TYPES = ['TCG_SEA', 'GPI'] as const;

/** A vendor code (spec §3 vassalage), e.g. PG, JILI, EVO, SABA. */
export const vassalageSchema = z
  .string()
  .check(z.regex(/^[A-Z0-9_]{2,16}$/, { error: 'games.errors.unknown_vendor' }));

/** Spec §3 game vendor: accountTypeId, vassalage, gameType (+ what the lobby shows). */
export const gameVendorSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  accountTypeId: z.number(),
  gameType: gameTypeSchema,
  walletMode: z.enum(WALLET_MODES),
  status: z.enum(GAME_STATUSES),
  /** Served by the server: /img/vendors/<vassalage>.svg */
  logoUrl: z.string(),
  gameCount: z.number(),
});
export type GameVendor = z.infer<typeof gameVendorSchema>;

/** Spec §3 card of a vendor category: vassalage, isHot (1 is hot). */
export const vendorCardSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  gameType: gameTypeSchema,
  isHot: z.union([z.literal(0), z.literal(1)]),
  logoUrl: z.string(),
  status: z.enum(GAME_STATUSES),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

/** Spec §3 game vendor category: title and cards (one category per game type). */
export const vendorCategorySchema = z.object({
  gameType: gameTypeSchema,
  /** A client i18n key (nav.games.<type>). */
  title: z.string(),
  cards: z.array(vendorCardSchema),
});
export type VendorCategory = z.infer<typeof vendorCategorySchema>;

/** Spec §3 game object: isGame, code, defaultPlayType, accountTypeName, vassalage (+ lobby fields). */
export const gameSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** The game's name (a brand title, not translated). */
  name: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameType: gameTypeSchema,
  isGame: z.enum(IS_GAME_VALUES),
  defaultPlayType: z.nullable(z.string()),
  accountTypeName: z.nullable(z.string()),
  isHot: z.boolean(),
  tags: z.array(z.string()),
  /** Served by the server: /img/games/<id>.svg (sized, cacheable). */
  thumbnailUrl: z.string(),
  status: z.enum(GAME_STATUSES),
  /** Whether the free trial (play money) is offered. */
  trial: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

const gameTypeQuery = z.optional(z.enum(GAME_TYPES));
/**
 * Game ids are `serial` (int4): a larger number names no game, and must not reach the query,
 * where it failed with "out of range for type integer", a 500 (issue 11 fuzz).
 */
export const GAME_ID_MAX = 2_147_483_647;
const gameIdSchema = z.coerce
  .number({ error: 'games.errors.unknown_game' })
  .check(z.int(), z.minimum(1), z.maximum(GAME_ID_MAX));

export const gameMenus = defineEndpoint({
  id: 'gameMenus',
  method: 'GET',
  path: '/lgw/games/game_menus',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Game menus: one vendor category per game type with its vendor cards (header menus), and the lottery menus (gameMenus, gameGroupCode, labelName)',
  tags: ['games'],
  request: none,
  response: z.object({ categories: z.array(vendorCategorySchema), lotteryMenus: z.array(lotteryMenuSchema) }),
});

export const hotGames = defineEndpoint({
  id: 'hotGames',
  method: 'GET',
  path: '/wps/relay/GLS_hotGames',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Relay: hot games (of one game type when given)',
  tags: ['games'],
  request: z.strictObject({
    gameType: gameTypeQuery,
    count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  }),
  response: z.object({ items: z.array(gameSchema) }),
});

/** Lobby sort orders: hot first then name (default), name, newest. */
export const GAME_SORTS = ['hot', 'name', 'new'] as const;

export const gameList = defineEndpoint({
  id: 'gameList',
  method: 'GET',
  path: '/wps/relay/GLS_gameList',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Relay: the game list of a game type, filtered by vendor, search text and hot, paged',
  tags: ['games'],
  request: z.strictObject({
    gameType: gameTypeQuery,
    vassalage: z.optional(vassalageSchema),
    /** Search as you type: matches the name (case-insensitive, any part) or the code. */
    q: z.optional(z.string().check(z.maxLength(64, { error: 'errors.too_long' }))),
    hot: z.optional(z.enum(['1', '0'])),
    sort: z.optional(z.enum(GAME_SORTS)),
    ...pageQuery,
  }),
  response: pagedSchema(gameSchema),
});

export const vendorType = defineEndpoint({
  id: 'vendorType',
  method: 'GET',
  path: '/wps/relay/GLS_vendorType',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Relay: the vendors of one game type',
  tags: ['games'],
  request: z.strictObject({ gameType: z.enum(GAME_TYPES) }),
  response: z.object({ vendors: z.array(gameVendorSchema) }),
});

export const vendorList = defineEndpoint({
  id: 'vendorList',
  method: 'GET',
  path: '/wps/relay/GLS_vendor',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Relay: every vendor of the merchant (merchantCode; the current merchant when absent)',
  tags: ['games'],
  request: z.strictObject({ merchantCode: z.optional(z.string().check(z.maxLength(32))) }),
  response: z.object({ vendors: z.array(gameVendorSchema) }),
});

export const favouriteGames = defineEndpoint({
  id: 'favouriteGames',
  method: 'GET',
  path: '/wps/relay/GLS_favourites',
  moduleId: MODULE_IDS.game,
  auth: 'member',
  summary: 'Relay: my favourite games, newest first',
  tags: ['games'],
  request: z.strictObject({ gameType: gameTypeQuery }),
  response: z.object({ items: z.array(gameSchema) }),
});

export const favouriteAdd = defineEndpoint({
  id: 'favouriteAdd',
  method: 'POST',
  path: '/wps/relay/GLS_favouriteAdd',
  moduleId: MODULE_IDS.game,
  auth: 'member',
  summary: 'Relay: adds a game to my favourites (adding twice is fine); unknown game → 404',
  tags: ['games'],
  request: z.strictObject({ gameId: z.number().check(z.int(), z.minimum(1), z.maximum(GAME_ID_MAX)) }),
  response: z.object({ gameId: z.number(), favourite: z.boolean() }),
});

export const favouriteRemove = defineEndpoint({
  id: 'favouriteRemove',
  method: 'POST',
  path: '/wps/relay/GLS_favouriteRemove',
  moduleId: MODULE_IDS.game,
  auth: 'member',
  summary: 'Relay: removes a game from my favourites (removing twice is fine)',
  tags: ['games'],
  request: z.strictObject({ gameId: z.number().check(z.int(), z.minimum(1), z.maximum(GAME_ID_MAX)) }),
  response: z.object({ gameId: z.number(), favourite: z.boolean() }),
});

export const recentGames = defineEndpoint({
  id: 'recentGames',
  method: 'GET',
  path: '/wps/relay/GLS_recentGames',
  moduleId: MODULE_IDS.game,
  auth: 'member',
  summary: 'Relay: the games I launched last (at most 30), newest first',
  tags: ['games'],
  request: z.strictObject({ gameType: gameTypeQuery }),
  response: z.object({ items: z.array(gameSchema) }),
});

export const pvpRoomSchema = z.object({
  id: z.number(),
  /** The room's name (not translated). */
  name: z.string(),
  gameId: z.number(),
  gameCode: z.string(),
  vassalage: z.string(),
  /** Base stake per hand, minor units. */
  stake: minorSchema,
  /** Balance needed to sit down, minor units. */
  minBalance: minorSchema,
  seats: z.number(),
  seatsTaken: z.number(),
  status: z.enum(['open', 'full', 'closed']),
});
export type PvpRoom = z.infer<typeof pvpRoomSchema>;

export const roomList = defineEndpoint({
  id: 'roomList',
  method: 'GET',
  path: '/wps/relay/GLS2_roomList',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Relay: PVP card rooms with stakes and seats taken',
  tags: ['games'],
  request: z.strictObject({ vassalage: z.optional(vassalageSchema) }),
  response: z.object({ rooms: z.array(pvpRoomSchema) }),
});

/** Spec §3 launch result: game_url or game_url2 (+ which wallet the game plays from). */
export const launchResultSchema = z.object({
  game_url: z.optional(z.string()),
  game_url2: z.optional(z.string()),
  /** real: the member's money; trial: play money of this launch only. */
  mode: z.enum(['real', 'trial']),
  /** For transfer-wallet vendors: what moved from the main wallet into the vendor wallet on launch. */
  transferred: z.optional(minorSchema),
});
export type LaunchResult = z.infer<typeof launchResultSchema>;

/**
 * Spec §4: login required except for RNG (a guest gets the free trial of an RNG game); a game or
 * vendor under maintenance → 503 games.errors.game_maintenance; unknown game → 404.
 */
export const launchGame = defineEndpoint({
  id: 'launchGame',
  method: 'GET',
  path: '/wps/game/launchGame',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Launch a game: the frame address (real money with a session; trial=1 for play money)',
  tags: ['games'],
  request: z.strictObject({
    gameId: gameIdSchema,
    trial: z.optional(z.enum(['1', '0'])),
    language: z.optional(z.string().check(z.maxLength(8))),
  }),
  response: launchResultSchema,
});

/** Spec §7 launch V2 parameters. */
export const launchGameV2Schema = z.strictObject({
  gameId: z
    .number({ error: 'games.errors.unknown_game' })
    .check(z.int(), z.minimum(1), z.maximum(GAME_ID_MAX)),
  nodeId: z.optional(z.string().check(z.maxLength(64))),
  accountType: z.literal(1),
  confirmTrans: z.literal(0),
  vassalage: vassalageSchema,
  launchMode: z.literal('GLS'),
  platform: z.literal('html5-desktop'),
  clientType: z.literal(3),
  username: z.optional(z.string().check(z.maxLength(64))),
  token: z.optional(z.string().check(z.maxLength(200))),
  merchantCode: z.optional(z.string().check(z.maxLength(32))),
  language: z.optional(z.string().check(z.maxLength(8))),
  trial: z.optional(z.boolean()),
});

export const launchGameV2 = defineEndpoint({
  id: 'launchGameV2',
  method: 'POST',
  path: '/wps/game/launchGameV2',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Launch V2 (spec §7 parameters): vassalage must be the game’s vendor (else 400)',
  tags: ['games'],
  request: launchGameV2Schema,
  response: launchResultSchema,
});

/** The verticals of the betting record (the same as bet_records.vertical). */
export const BET_RECORD_VERTICALS = [
  'lottery',
  'slots',
  'live',
  'sports',
  'esports',
  'fish',
  'card',
] as const;
export const BET_STATUSES = ['open', 'settled', 'rolled_back'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const betRecordSchema = z.object({
  id: z.number(),
  /** The vendor's round id. */
  roundId: z.string(),
  gameId: z.nullable(z.number()),
  gameName: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  vertical: z.enum(BET_RECORD_VERTICALS),
  stake: minorSchema,
  payout: minorSchema,
  /** payout − stake (0 while open; 0 after a rollback). */
  winLoss: minorSchema,
  status: z.enum(BET_STATUSES),
  createdAt: z.string(),
  settledAt: z.nullable(z.string()),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

/** personalHistoryCopy (betting record): my bets, filtered by vertical, vendor and days, paged, with totals. */
export const betRecords = defineEndpoint({
  id: 'betRecords',
  method: 'GET',
  path: '/wps/member/bets',
  moduleId: MODULE_IDS.game,
  auth: 'member',
  summary: 'Betting record: my bets with game, vendor, stake, payout, win/loss, status; totals of the period',
  tags: ['games'],
  request: z.strictObject({
    vertical: z.optional(z.enum([...BET_RECORD_VERTICALS, 'all'])),
    vassalage: z.optional(vassalageSchema),
    from: z.optional(daySchema),
    to: z.optional(daySchema),
    ...pageQuery,
  }),
  response: z.object({
    ...pagedSchema(betRecordSchema).shape,
    /** Of every bet matching the filters (all pages). */
    totals: z.object({ count: z.number(), stake: minorSchema, payout: minorSchema, winLoss: minorSchema }),
  }),
});

/** One vendor transaction of a bet (debit, credit, rollback). */
export const betTransactionSchema = z.object({
  txId: z.string(),
  kind: z.enum(['debit', 'credit', 'rollback']),
  amount: minorSchema,
  createdAt: z.string(),
});

export const betDetail = defineEndpoint({
  id: 'betDetail',
  method: 'GET',
  path: '/wps/member/bets/detail',
  moduleId: MODULE_IDS.game,
  auth: 'member',
  summary:
    'Bet details: the record, its vendor transactions and the game’s own detail (slots: the reels of every spin)',
  tags: ['games'],
  request: z.strictObject({ id: z.coerce.number().check(z.int(), z.minimum(1)) }),
  response: z.object({
    bet: betRecordSchema,
    transactions: z.array(betTransactionSchema),
    /** Game-specific (slots: { spins: [{ grid, lineWins, win, free, multiplier }] }). */
    detail: z.unknown(),
  }),
});

// ---------------------------------------------------------------------------------------------
// The demo studio (apps/games, served under /studio/): the game page's own calls, authorised by
// the launch ticket of its address (never the member's session token).

export const ticketSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{20,128}$/, { error: 'games.errors.ticket_invalid' }));

export const studioSlotSymbolSchema = z.object({
  id: z.string(),
  kind: z.enum(['normal', 'wild', 'scatter']),
  /** "3" | "4" | "5" → multiplier (of the line bet; scatters: of the total bet). */
  pays: z.record(z.string(), z.number()),
  /** Theme label / glyph of the family for the symbol. */
  label: z.string(),
});

export const studioKindSchema = z.enum(['slot', 'baccarat', 'sports', 'fish', 'pvp', 'soon']);
export type StudioKind = z.infer<typeof studioKindSchema>;

export const studioSession = defineEndpoint({
  id: 'studioSession',
  method: 'GET',
  path: '/studio/api/session',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Studio: what the game page needs (game, balance, bet levels, paytable) for a launch ticket',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema }),
  response: z.object({
    game: z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      vassalage: z.string(),
      /** The slot family; null for a game that is not a slot. */
      family: z.nullable(z.string()),
      /**
       * Which of the studio's pages plays it (issue 6): slot (RNG), baccarat (LIVE), sports (SPORTS
       * and ESPORTS), fish (FISH), pvp (PVP card rooms); soon for what has no page yet (lottery).
       */
      kind: studioKindSchema,
    }),
    mode: z.enum(['real', 'trial']),
    currency: z.string(),
    /** Minor units: the wallet the game plays from (main, the vendor wallet, or play money). */
    balance: minorSchema,
    language: z.string(),
    betLevels: z.array(z.number()),
    paytable: z.object({
      lines: z.array(z.array(z.number())),
      symbols: z.array(studioSlotSymbolSchema),
      freeSpins: z.array(z.object({ scatters: z.number(), spins: z.number(), multiplier: z.number() })),
    }),
    /** Where the game's exit returns to (the lobby of its type). */
    lobbyUrl: z.string(),
  }),
});

export const studioSpinSchema = z.object({
  grid: z.array(z.array(z.string())),
  lineWins: z.array(
    z.object({
      line: z.number(),
      symbol: z.string(),
      count: z.number(),
      multiplier: z.number(),
      amount: minorSchema,
      positions: z.array(z.array(z.number())),
    }),
  ),
  scatterCount: z.number(),
  scatterWin: minorSchema,
  freeSpinsAwarded: z.number(),
  multiplier: z.number(),
  win: minorSchema,
  free: z.boolean(),
});

export const studioSpin = defineEndpoint({
  id: 'studioSpin',
  method: 'POST',
  path: '/studio/api/spin',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Studio: one slot round (the bet, every spin it awards, the win), decided before it is shown',
  tags: ['studio'],
  request: z.strictObject({
    ticket: ticketSchema,
    bet: z.number({ error: 'games.errors.bet_invalid' }).check(z.int(), z.minimum(1)),
    /** Client-generated once per spin: a repeat answers the same round (idempotent). */
    requestId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'money.errors.idempotency_key' })),
  }),
  response: z.object({
    roundId: z.string(),
    bet: minorSchema,
    spins: z.array(studioSpinSchema),
    totalWin: minorSchema,
    /** After the round. */
    balance: minorSchema,
  }),
});

// ---------------------------------------------------------------------------------------------
// The vendor protocol (DESIGN §4): a vendor's server calls the platform. Each call is signed with
// the vendor's secret (header X-Vendor-Signature: hex HMAC-SHA256 of the raw JSON body) and names
// the vendor; debit, credit and rollback are idempotent by the vendor's txId (a repeat answers
// the first result; the same txId with another body → 409 games.errors.tx_conflict).

const vendorTxId = z.string().check(z.regex(/^[A-Za-z0-9:_-]{8,100}$/, { error: 'games.errors.tx_invalid' }));
const vendorBase = {
  vassalage: vassalageSchema,
  /** The launch ticket of the member's game session. */
  ticket: ticketSchema,
};
const vendorMoney = {
  ...vendorBase,
  txId: vendorTxId,
  roundId: z.string().check(z.regex(/^[A-Za-z0-9:_-]{4,100}$/)),
  amount: z
    .number({ error: 'money.errors.amount_invalid' })
    .check(z.int(), z.minimum(0), z.maximum(1_000_000_000_000)),
};
const vendorAnswer = z.object({
  /** The wallet the game plays from, after the call, minor units. */
  balance: minorSchema,
  txId: z.optional(z.string()),
  /** true when this txId had been answered before (the stored answer is repeated). */
  repeated: z.optional(z.boolean()),
});

export const vendorLaunch = defineEndpoint({
  id: 'vendorLaunch',
  method: 'POST',
  path: '/vendor/v1/launch',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Vendor protocol: validates a launch ticket → member, game, mode, currency, balance',
  tags: ['vendor'],
  request: z.strictObject(vendorBase),
  response: z.object({
    memberId: z.string(),
    account: z.string(),
    gameId: z.number(),
    mode: z.enum(['real', 'trial']),
    currency: z.string(),
    balance: minorSchema,
    /** The language the game was launched in. */
    language: z.optional(z.string()),
  }),
});

export const vendorBalance = defineEndpoint({
  id: 'vendorBalance',
  method: 'POST',
  path: '/vendor/v1/balance',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Vendor protocol: the balance the game plays from',
  tags: ['vendor'],
  request: z.strictObject(vendorBase),
  response: vendorAnswer,
});

export const vendorDebit = defineEndpoint({
  id: 'vendorDebit',
  method: 'POST',
  path: '/vendor/v1/debit',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Vendor protocol: takes a stake (opens the bet); above balance → 422 money.errors.insufficient_balance',
  tags: ['vendor'],
  request: z.strictObject({
    ...vendorMoney,
    gameId: z.number().check(z.int(), z.minimum(1)),
    detail: z.optional(z.unknown()),
  }),
  response: vendorAnswer,
});

export const vendorCredit = defineEndpoint({
  id: 'vendorCredit',
  method: 'POST',
  path: '/vendor/v1/credit',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Vendor protocol: pays a round (0 settles a losing round); an unknown round → 404',
  tags: ['vendor'],
  request: z.strictObject({ ...vendorMoney, detail: z.optional(z.unknown()) }),
  response: vendorAnswer,
});

export const vendorRollback = defineEndpoint({
  id: 'vendorRollback',
  method: 'POST',
  path: '/vendor/v1/rollback',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Vendor protocol: cancels a debit (refunds it once; a debit never seen is refused for good)',
  tags: ['vendor'],
  request: z.strictObject({
    ...vendorBase,
    txId: vendorTxId,
    roundId: vendorMoney.roundId,
    debitTxId: vendorTxId,
  }),
  response: vendorAnswer,
});

/** The catalogue (server: modules/games catalogue). */
export const gameCatalogueEndpoints = {
  gameMenus,
  hotGames,
  gameList,
  vendorType,
  vendorList,
  favouriteGames,
  favouriteAdd,
  favouriteRemove,
  recentGames,
  roomList,
} satisfies Record<string, Endpoint>;

/** Launch, betting record, studio page and vendor protocol (server: modules/games play side). */
export const gamePlayEndpoints = {
  launchGame,
  launchGameV2,
  betRecords,
  betDetail,
  studioSession,
  studioSpin,
  vendorLaunch,
  vendorBalance,
  vendorDebit,
  vendorCredit,
  vendorRollback,
} satisfies Record<string, Endpoint>;
