import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS } from '../endpoint.ts';
import { minorSchema } from '../money.ts';
import { BET_VERTICALS } from './records.ts';

/**
 * The winners board (issue 9; spec §2 "winners board", §7 "winner rank list"), part of the
 * announcements table (announcements.ts). A module of its own: the home page's first load asks for
 * announcements only, and this one's imports (money, records) stay out of it.
 */

/** The board's window and length: the biggest wins of the last `days` days, the top `count`. */
export const WINNER_DAYS_DEFAULT = 7;
export const WINNER_DAYS_MAX = 30;
export const WINNER_COUNT_DEFAULT = 10;
export const WINNER_COUNT_MAX = 50;

export const winnerSchema = z.object({
  rank: z.number(),
  /** Masked on the server: `de***01`. */
  account: z.string(),
  /** What the bet won: payout − stake, minor units (always > 0). */
  amount: minorSchema,
  /** The game's name (null when the bet names none: the vertical says what it was). */
  game: z.nullable(z.string()),
  vertical: z.enum(BET_VERTICALS),
  /** ISO 8601: when the bet settled. */
  settledAt: z.string(),
});
export type Winner = z.infer<typeof winnerSchema>;

export const winnerRankList = defineEndpoint({
  id: 'winnerRankList',
  method: 'GET',
  path: '/wps/relay/GLS_winnerRankList',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Relay GLS_winnerRankList: the biggest wins of real settled bets of the last days, accounts masked (refreshed every minute)',
  tags: ['announcements'],
  request: z.strictObject({
    days: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(WINNER_DAYS_MAX))),
    count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(WINNER_COUNT_MAX))),
  }),
  response: z.object({
    items: z.array(winnerSchema),
    days: z.number(),
    /** ISO 8601: when the list was computed. */
    updatedAt: z.string(),
  }),
});
