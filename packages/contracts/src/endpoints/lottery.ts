import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { daySchema, idempotencyKeySchema, minorSchema, pagedSchema, pageQuery } from '../money.ts';

/**
 * Lottery and Vietnamese lottery (issue 7; spec §3 lottery menu, §7 lottery calls, §8 constants):
 * the platform's own draws. Periods ("numeros") open and close on a schedule; each period's draw
 * is committed before sales close (the SHA-256 of its seed is published with the period) and the
 * seed is revealed with the result, so anyone can recompute the result (see `LOTTERY_DRAW_ALGORITHM`).
 * Bets are placed, listed and cancelled (before close) here; every stake, win and refund is a
 * ledger transfer and a row of the betting record (vertical `lottery`).
 */

/** Spec §8 prize modes; the lottery type is always Lott. */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
export const LOTTERY_TYPE = 'Lott';

/**
 * A game's draw: digit5 draws five digits 0–9, digit3 three; vn_north a northern result sheet
 * (27 prizes: special to 7th), vn_south a southern/central sheet (18 prizes: special to 8th).
 */
export const LOTTERY_KINDS = ['digit5', 'digit3', 'vn_north', 'vn_south'] as const;
export type LotteryKind = (typeof LOTTERY_KINDS)[number];

export const VN_REGIONS = ['north', 'central', 'south'] as const;
export type VnRegion = (typeof VN_REGIONS)[number];

/**
 * Play types. A bet's `selection` is a list of rows of picked tokens (see `lottery-rules.ts` for
 * each play type's rows, tokens, bet count and winning rule):
 * - digit lotteries: STRAIGHT_1 (one row per position, digits), STRAIGHT_2 (last two positions),
 *   STRAIGHT_3 (first three positions), BOX_2 (last two, any order), BOX_3 (first three, any
 *   order), BIG_SMALL / ODD_EVEN (of the sum of all digits), SUM_RANGE (ranges of the sum);
 * - Vietnamese lottery: LO_2D / LO_3D (bao lô: last 2 / 3 digits of every prize), DE (last two
 *   digits of the special prize), DAU / DUOI (its tens / units digit), BA_CANG (last three digits
 *   of the special prize), XIEN_2 / XIEN_3 / XIEN_4 (every number of the group among the lô),
 *   DA (đá: both numbers of a pair among the lô).
 */
export const DIGIT_PLAY_TYPES = [
  'STRAIGHT_1',
  'STRAIGHT_2',
  'STRAIGHT_3',
  'BOX_2',
  'BOX_3',
  'BIG_SMALL',
  'ODD_EVEN',
  'SUM_RANGE',
] as const;
export const VN_PLAY_TYPES = [
  'LO_2D',
  'LO_3D',
  'DE',
  'DAU',
  'DUOI',
  'BA_CANG',
  'XIEN_2',
  'XIEN_3',
  'XIEN_4',
  'DA',
] as const;
export const PLAY_TYPES = [...DIGIT_PLAY_TYPES, ...VN_PLAY_TYPES] as const;
export type PlayType = (typeof PLAY_TYPES)[number];
export const playTypeSchema = z.enum(PLAY_TYPES, { error: 'lottery.errors.bad_play_type' });

/** Base units of a bet (minor units): the stake of one bet is unit × multiplier. */
export const LOTTERY_UNITS = [100, 1_000, 10_000] as const;
export const MULTIPLIER_MAX = 1_000;
/** At most this many bet lines in one slip, and this many single bets (combinations) in one line. */
export const SLIP_LINES_MAX = 50;
export const LINE_BETS_MAX = 1_000;
/** A chase repeats the slip over this many periods at most (the first included). */
export const CHASE_PERIODS_MAX = 50;

/** Spec §8: popular numeros count 20; Vietnam list count 100. */
export const POPULAR_COUNT = 20;
export const VN_LIST_COUNT = 100;

export const PERIOD_STATES = ['open', 'closed', 'drawn', 'refunded'] as const;
export type PeriodState = (typeof PERIOD_STATES)[number];
export const LOTTERY_BET_STATES = ['pending', 'won', 'lost', 'cancelled', 'refunded'] as const;
export type LotteryBetState = (typeof LOTTERY_BET_STATES)[number];

/**
 * How a result follows from a seed (published so anyone can check a draw):
 * commitHash = hex(SHA-256(seed bytes)); the seed is 32 random bytes shown as hex. Random numbers
 * are drawn from the stream of blocks HMAC-SHA256(key = seed bytes, message = the counter in
 * decimal ASCII: "0", "1", "2" …); each 32-byte block gives eight big-endian uint32 values, read in
 * order. A digit 0–9 takes the next value v < 4294967290 (= 429496729 × 10; larger values are
 * skipped: rejection sampling) as v mod 10. Digit games draw their digits in position order
 * (pos1 first). A VN sheet draws its tiers from the lowest (7th prize in the north, 8th in the
 * south) up to the special prize, in each tier its numbers in the order listed, each number's
 * digits left to right; the result lists the tiers special first. Sheets: north special 1×5
 * digits, p1 1×5, p2 2×5, p3 6×5, p4 4×4, p5 6×4, p6 3×3, p7 4×2 (27 prizes); south and central
 * special 1×6, p1 1×5, p2 1×5, p3 2×5, p4 7×5, p5 1×4, p6 3×4, p7 1×3, p8 1×2 (18 prizes).
 * Vector: seed 000102…1f → commit 630dcd29…1bd710dd, digit5 [7, 7, 7, 0, 0], north special 01565.
 */
export const LOTTERY_DRAW_ALGORITHM = 'hmac-sha256-counter-v1';

/** A lottery game's code; anything else is an unknown game (the client asks nothing for it). */
export const LOTTERY_GAME_CODE = /^[A-Z0-9_]{2,40}$/;
const gameCodeSchema = z.string().check(z.regex(LOTTERY_GAME_CODE, { error: 'lottery.errors.unknown_game' }));
const numeroSchema = z.string().check(z.regex(/^[0-9-]{6,20}$/, { error: 'lottery.errors.unknown_period' }));

/** One lottery game (spec §3 lottery menu item). */
export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  /** The game's name as shown (a brand title or a province name, not translated). */
  labelName: z.string(),
  gameGroupCode: z.string(),
  prizeMode: z.enum(PRIZE_MODES),
  lotteryType: z.literal(LOTTERY_TYPE),
  kind: z.enum(LOTTERY_KINDS),
  /** VN games only. */
  region: z.nullable(z.enum(VN_REGIONS)),
  /** Fast games: seconds between draws (60, 180, 300); null for daily games. */
  intervalSeconds: z.nullable(z.number()),
  /** Daily games: the draw's local time HH:mm and its days of the week (0 = Sunday); null for fast games. */
  drawTime: z.nullable(z.string()),
  drawDays: z.nullable(z.array(z.number())),
  /** Sales stop this many seconds before the draw. */
  closeSeconds: z.number(),
  defaultPlayType: z.enum(PLAY_TYPES),
  playTypes: z.array(z.enum(PLAY_TYPES)),
  /** The catalogue game this lottery is launched from, when there is one. */
  catalogueGameId: z.nullable(z.number()),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

/** Spec §3 lottery menu: gameMenus, gameGroupCode, labelName (labelName: an i18n key lottery.groups.<code>). */
export const lotteryMenuSchema = z.object({
  gameGroupCode: z.string(),
  labelName: z.string(),
  gameMenus: z.array(lotteryGameSchema),
});
export type LotteryMenu = z.infer<typeof lotteryMenuSchema>;

/** A period (numero) of a game. commitHash is published from the moment the period exists. */
export const periodSchema = z.object({
  gameCode: z.string(),
  numero: z.string(),
  openAt: z.string(),
  closeAt: z.string(),
  drawAt: z.string(),
  state: z.enum(PERIOD_STATES),
  commitHash: z.string(),
});
export type Period = z.infer<typeof periodSchema>;

export const VN_PRIZE_TIERS = ['special', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'] as const;
export type VnPrizeTier = (typeof VN_PRIZE_TIERS)[number];

/**
 * A VN result sheet's layout: tier, how many numbers, digits each; special prize first. North
 * (Miền Bắc): 27 prizes; south and centre: 18. The draw follows it, the pages show it.
 */
export const VN_SHEETS: Record<'vn_north' | 'vn_south', readonly (readonly [VnPrizeTier, number, number])[]> =
  {
    vn_north: [
      ['special', 1, 5],
      ['p1', 1, 5],
      ['p2', 2, 5],
      ['p3', 6, 5],
      ['p4', 4, 4],
      ['p5', 6, 4],
      ['p6', 3, 3],
      ['p7', 4, 2],
    ],
    vn_south: [
      ['special', 1, 6],
      ['p1', 1, 5],
      ['p2', 1, 5],
      ['p3', 2, 5],
      ['p4', 7, 5],
      ['p5', 1, 4],
      ['p6', 3, 4],
      ['p7', 1, 3],
      ['p8', 1, 2],
    ],
  };

/** Digit games: digits in position order. VN games: the sheet, special prize first. */
export const lotteryResultSchema = z.object({
  digits: z.optional(z.array(z.number())),
  prizes: z.optional(z.array(z.object({ tier: z.enum(VN_PRIZE_TIERS), numbers: z.array(z.string()) }))),
});
export type LotteryResult = z.infer<typeof lotteryResultSchema>;

/** A drawn (or refunded) period: the result with the seed that proves it. */
export const drawSchema = z.object({
  gameCode: z.string(),
  labelName: z.string(),
  kind: z.enum(LOTTERY_KINDS),
  numero: z.string(),
  drawAt: z.string(),
  state: z.enum(['drawn', 'refunded']),
  commitHash: z.string(),
  /** Hex; null when refunded before a draw. */
  seed: z.nullable(z.string()),
  result: z.nullable(lotteryResultSchema),
  algorithm: z.string(),
});
export type Draw = z.infer<typeof drawSchema>;

/** One line of a slip as sent: a play type, its picks, the unit and the multiplier. */
export const betLineSchema = z.object({
  playType: playTypeSchema,
  selection: z
    .array(
      z
        .array(z.string().check(z.maxLength(8, { error: 'lottery.errors.bad_selection' })))
        .check(z.maxLength(1_000, { error: 'lottery.errors.bad_selection' })),
    )
    .check(
      z.minLength(1, { error: 'lottery.errors.bad_selection' }),
      z.maxLength(5, { error: 'lottery.errors.bad_selection' }),
    ),
  unit: z
    .number({ error: 'lottery.errors.bad_unit' })
    .check(
      z.refine((u) => (LOTTERY_UNITS as readonly number[]).includes(u), { error: 'lottery.errors.bad_unit' }),
    ),
  multiplier: z
    .number({ error: 'lottery.errors.bad_multiplier' })
    .check(
      z.int({ error: 'lottery.errors.bad_multiplier' }),
      z.minimum(1, { error: 'lottery.errors.bad_multiplier' }),
      z.maximum(MULTIPLIER_MAX, { error: 'lottery.errors.bad_multiplier' }),
    ),
});
export type BetLine = z.infer<typeof betLineSchema>;

/** One placed bet (one slip line in one period). */
export const lotteryBetSchema = z.object({
  id: z.number(),
  gameCode: z.string(),
  labelName: z.string(),
  numero: z.string(),
  playType: z.enum(PLAY_TYPES),
  selection: z.array(z.array(z.string())),
  unit: z.number(),
  multiplier: z.number(),
  /** Single bets (combinations) in the line; stake = betCount × unit × multiplier. */
  betCount: z.number(),
  stake: minorSchema,
  state: z.enum(LOTTERY_BET_STATES),
  /** 0 until won. */
  payout: minorSchema,
  /** Winning single bets (bao lô: hits) once settled. */
  winCount: z.number(),
  chaseId: z.nullable(z.number()),
  /** Cancellable now (pending and its period still open). */
  cancellable: z.boolean(),
  createdAt: z.string(),
  settledAt: z.nullable(z.string()),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

/** What the betting record's detail holds for a lottery bet (betDetail.detail). */
export const lotteryBetDetailSchema = z.object({
  kind: z.literal('lottery'),
  bet: lotteryBetSchema,
  period: periodSchema,
  /** Null until drawn. */
  draw: z.nullable(drawSchema),
});
export type LotteryBetDetail = z.infer<typeof lotteryBetDetailSchema>;

/** One payout of the merchant's table: odds is the multiplier of the stake paid on a win (stake included). */
export const oddsItemSchema = z.object({
  playType: z.enum(PLAY_TYPES),
  /** SUM_RANGE: the range id; '' otherwise (DA pays its one odds per extra hit). */
  option: z.string(),
  odds: z.number(),
  /** 1 − expected return of a single bet, from the exact probabilities (e.g. 0.02). */
  houseEdge: z.number(),
});
export type OddsItem = z.infer<typeof oddsItemSchema>;

// ---------------------------------------------------------------------------------------------
// Calls of spec §7.

export const lotteryPopular = defineEndpoint({
  id: 'lotteryPopular',
  method: 'GET',
  path: '/lgw/games/popular',
  moduleId: MODULE_IDS.lottery,
  auth: 'guest',
  summary:
    'Popular lottery games (count 20, prizeMode, device, language) with the open numero, the last draw and the hot numbers',
  tags: ['lottery'],
  request: z.strictObject({
    count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
    prizeMode: z.optional(z.enum(PRIZE_MODES)),
    device: z.optional(z.string().check(z.maxLength(16))),
    language: z.optional(z.string().check(z.maxLength(8))),
  }),
  response: z.object({
    items: z.array(
      z.object({
        game: lotteryGameSchema,
        current: z.nullable(periodSchema),
        last: z.nullable(drawSchema),
        /** The numbers drawn most often over the last 30 draws, most frequent first. */
        hotNumbers: z.array(z.string()),
      }),
    ),
    serverTime: z.string(),
  }),
});

export const lotteryOpenedNumero = defineEndpoint({
  id: 'lotteryOpenedNumero',
  method: 'GET',
  path: '/lotto/lgw/games/opened/numero',
  moduleId: MODULE_IDS.lottery,
  auth: 'guest',
  summary:
    'The open period of a game (numero, close and draw times, commit hash), the next one and the last draws',
  tags: ['lottery'],
  request: z.strictObject({ gameCode: gameCodeSchema }),
  response: z.object({
    game: lotteryGameSchema,
    /** Null when the game has no period on sale now (e.g. a province that draws on other days). */
    current: z.nullable(periodSchema),
    next: z.nullable(periodSchema),
    /** The last 10 draws, newest first. */
    recent: z.array(drawSchema),
    odds: z.array(oddsItemSchema),
    serverTime: z.string(),
  }),
});

export const vnGameMenu = defineEndpoint({
  id: 'vnGameMenu',
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  moduleId: MODULE_IDS.lottery,
  auth: 'guest',
  summary: 'Vietnamese lottery menu: regions with their province games (and which of them draw today)',
  tags: ['lottery'],
  request: z.strictObject({ prizeMode: z.optional(z.enum(PRIZE_MODES)) }),
  response: z.object({
    regions: z.array(
      z.object({
        region: z.enum(VN_REGIONS),
        games: z.array(z.object({ ...lotteryGameSchema.shape, drawsToday: z.boolean() })),
      }),
    ),
    serverTime: z.string(),
  }),
});

export const vnRecent = defineEndpoint({
  id: 'vnRecent',
  method: 'GET',
  path: '/lgw/vn/games/recent',
  moduleId: MODULE_IDS.lottery,
  auth: 'guest',
  summary: 'Vietnamese result sheets of one day (default: the latest day with draws), by region or game',
  tags: ['lottery'],
  request: z.strictObject({
    region: z.optional(z.enum(VN_REGIONS)),
    gameCode: z.optional(gameCodeSchema),
    date: z.optional(daySchema),
  }),
  response: z.object({ date: z.nullable(z.string()), items: z.array(drawSchema) }),
});

export const vnOpenedNumeros = defineEndpoint({
  id: 'vnOpenedNumeros',
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  moduleId: MODULE_IDS.lottery,
  auth: 'guest',
  summary: 'Vietnamese periods on sale (list count 100), soonest close first',
  tags: ['lottery'],
  request: z.strictObject({
    count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(VN_LIST_COUNT))),
    region: z.optional(z.enum(VN_REGIONS)),
  }),
  response: z.object({ items: z.array(z.object({ game: lotteryGameSchema, period: periodSchema })) }),
});

/**
 * Refusals (the message keys): 404 lottery.errors.unknown_game (unknown or in maintenance),
 * 404 lottery.errors.unknown_period, 409 lottery.errors.betting_closed (the period or a chased one
 * is past its close), 400 lottery.errors.{bad_play_type, bad_selection, too_many_bets, bad_unit,
 * bad_multiplier, empty_slip, too_many_lines, bad_chase} (fields name the line: lines.<i>…),
 * 422 money.errors.insufficient_balance (the slip's whole total, chase included), 409
 * money.errors.idempotency_conflict (the key with another body), 403 errors.in_need_true_account
 * (free play). Cancel: 404 lottery.errors.unknown_bet / unknown_chase (also another member's),
 * 409 lottery.errors.cancel_closed.
 */
export const lotteryPlaceBets = defineEndpoint({
  id: 'lotteryPlaceBets',
  method: 'POST',
  path: '/lotto/lgw/bets',
  moduleId: MODULE_IDS.lottery,
  auth: 'member',
  summary:
    'Places a slip on a period (one debit per line; all or nothing). With chase, the slip repeats over the next periods (paid now; stopOnWin refunds the rest after a win). Closed → 409, unknown period → 404, bad picks → 400, above balance → 422; nothing is written on any refusal',
  tags: ['lottery'],
  request: z.strictObject({
    gameCode: gameCodeSchema,
    numero: numeroSchema,
    idempotencyKey: idempotencyKeySchema,
    lines: z
      .array(betLineSchema)
      .check(
        z.minLength(1, { error: 'lottery.errors.empty_slip' }),
        z.maxLength(SLIP_LINES_MAX, { error: 'lottery.errors.too_many_lines' }),
      ),
    chase: z.optional(
      z.strictObject({
        periods: z
          .number({ error: 'lottery.errors.bad_chase' })
          .check(
            z.int({ error: 'lottery.errors.bad_chase' }),
            z.minimum(2, { error: 'lottery.errors.bad_chase' }),
            z.maximum(CHASE_PERIODS_MAX, { error: 'lottery.errors.bad_chase' }),
          ),
        stopOnWin: z.boolean(),
      }),
    ),
  }),
  response: z.object({
    bets: z.array(lotteryBetSchema),
    chaseId: z.nullable(z.number()),
    /** The main wallet after the debit. */
    balance: minorSchema,
  }),
});

export const lotteryBets = defineEndpoint({
  id: 'lotteryBets',
  method: 'GET',
  path: '/lotto/lgw/bets',
  moduleId: MODULE_IDS.lottery,
  auth: 'member',
  summary: 'My lottery bets, newest first: of a game, of a period, of a chase or of a state',
  tags: ['lottery'],
  request: z.strictObject({
    gameCode: z.optional(gameCodeSchema),
    numero: z.optional(numeroSchema),
    chaseId: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
    state: z.optional(z.enum(LOTTERY_BET_STATES)),
    ...pageQuery,
  }),
  response: pagedSchema(lotteryBetSchema),
});

export const lotteryCancelBet = defineEndpoint({
  id: 'lotteryCancelBet',
  method: 'POST',
  path: '/lotto/lgw/bets/cancel',
  moduleId: MODULE_IDS.lottery,
  auth: 'member',
  summary:
    'Cancels my pending bet while its period is open (the stake comes back); after close → 409 lottery.errors.cancel_closed; twice is fine',
  tags: ['lottery'],
  request: z.strictObject({ betId: z.number().check(z.int(), z.minimum(1)) }),
  response: z.object({ bet: lotteryBetSchema, balance: minorSchema }),
});

export const lotteryCancelChase = defineEndpoint({
  id: 'lotteryCancelChase',
  method: 'POST',
  path: '/lotto/lgw/chases/cancel',
  moduleId: MODULE_IDS.lottery,
  auth: 'member',
  summary: 'Stops my chase: every pending bet of it whose period is still open is cancelled and refunded',
  tags: ['lottery'],
  request: z.strictObject({ chaseId: z.number().check(z.int(), z.minimum(1)) }),
  response: z.object({ cancelled: z.number(), balance: minorSchema }),
});

export const lotteryDraws = defineEndpoint({
  id: 'lotteryDraws',
  method: 'GET',
  path: '/lotto/lgw/draws',
  moduleId: MODULE_IDS.lottery,
  auth: 'guest',
  summary:
    'Draw results of a game, newest first, optionally of one day (merchant zone), with the commit hash and seed',
  tags: ['lottery'],
  request: z.strictObject({ gameCode: gameCodeSchema, date: z.optional(daySchema), ...pageQuery }),
  response: pagedSchema(drawSchema),
});

export const lotteryEndpoints = {
  lotteryPopular,
  lotteryOpenedNumero,
  vnGameMenu,
  vnRecent,
  vnOpenedNumeros,
  lotteryPlaceBets,
  lotteryBets,
  lotteryCancelBet,
  lotteryCancelChase,
  lotteryDraws,
} satisfies Record<string, Endpoint>;
