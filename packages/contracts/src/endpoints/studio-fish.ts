import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { minorSchema } from '../money.ts';
import { ticketSchema } from './games.ts';

// The demo studio's fish game (issue 6): the game page's own calls under /studio/api/fish/…,
// authorised by the launch ticket (like studioSession), never the member's session token.
//
// One request is one round: the shots the page fired since its last request (1 to
// FISH_MAX_SHOTS_PER_ROUND), each at a fish of a species with a bet level. The server decides every
// catch with crypto and stores the round before it answers, then debits the round's bets and credits
// its wins through the vendor protocol (one bet in the betting record per round, its shots in the
// detail). A shot that hits a fish of multiplier m catches it with probability RTP / m, so a shot
// returns RTP on average whatever fish it names.

/** Shots one request may carry (the page batches what it fired while its last request was out). */
export const FISH_MAX_SHOTS_PER_ROUND = 10;

const speciesIdSchema = z
  .string()
  .check(z.regex(/^[a-z]{2,16}$/, { error: 'games.errors.fish_species_invalid' }));

/** A fish species as the page draws and pays it. */
export const fishSpeciesSchema = z.object({
  id: z.string(),
  /** What a catch pays, × the shot's bet (the boss: drawn between multiplier and maxMultiplier). */
  multiplier: z.number(),
  maxMultiplier: z.number(),
  /** How often it swims in (relative spawn weight). */
  weight: z.number(),
  /** Body length relative to the smallest fish (drawing and hit size). */
  size: z.number(),
  boss: z.boolean(),
});
export type FishSpecies = z.infer<typeof fishSpeciesSchema>;

export const studioFishConfig = defineEndpoint({
  id: 'studioFishConfig',
  method: 'GET',
  path: '/studio/api/fish/config',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary: 'Studio fish: the species with their multipliers, the bet levels per shot and the RTP',
  tags: ['studio'],
  request: z.strictObject({ ticket: ticketSchema }),
  response: z.object({
    species: z.array(fishSpeciesSchema),
    /** Bet per shot, minor units. */
    betLevels: z.array(minorSchema),
    /** The return of a shot on average (0.96 = 96%), whatever fish it aims at. */
    rtp: z.number(),
    maxShotsPerRound: z.number(),
    balance: minorSchema,
  }),
});

/** One shot as the page fired it: the fish it hit (the page's id) and the bet. */
export const fishShotInputSchema = z.strictObject({
  fishId: z.number({ error: 'games.errors.fish_shot_invalid' }).check(z.int(), z.minimum(0)),
  species: speciesIdSchema,
  bet: z.number({ error: 'games.errors.bet_invalid' }).check(z.int(), z.minimum(1)),
});

/** One shot as the server decided it. */
export const fishShotSchema = z.object({
  fishId: z.number(),
  species: z.string(),
  /** What a catch of this fish pays (× bet); 0 never. */
  multiplier: z.number(),
  bet: minorSchema,
  caught: z.boolean(),
  /** bet × multiplier when caught, else 0. */
  win: minorSchema,
});
export type FishShot = z.infer<typeof fishShotSchema>;

export const studioFishShoot = defineEndpoint({
  id: 'studioFishShoot',
  method: 'POST',
  path: '/studio/api/fish/shoot',
  moduleId: MODULE_IDS.game,
  auth: 'guest',
  summary:
    'Studio fish: one round of 1–10 shots, each caught or not (crypto, stored before it is shown); the bets are debited and the wins credited',
  tags: ['studio'],
  request: z.strictObject({
    ticket: ticketSchema,
    /** Client-generated once per request: a repeat answers the same round (idempotent). */
    requestId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'money.errors.idempotency_key' })),
    shots: z
      .array(fishShotInputSchema)
      .check(
        z.minLength(1, { error: 'games.errors.fish_shot_invalid' }),
        z.maxLength(FISH_MAX_SHOTS_PER_ROUND, { error: 'games.errors.fish_shot_invalid' }),
      ),
  }),
  response: z.object({
    roundId: z.string(),
    shots: z.array(fishShotSchema),
    /** Sum of the shots' bets. */
    bet: minorSchema,
    /** Sum of the shots' wins. */
    win: minorSchema,
    /** After the round. */
    balance: minorSchema,
  }),
});

/** The detail the fish studio sends with its credit (the betting record shows it). */
export const fishBetDetailSchema = z.object({
  kind: z.literal('fish'),
  shots: z.array(
    z.object({
      species: z.string(),
      multiplier: z.number(),
      bet: minorSchema,
      caught: z.boolean(),
      win: minorSchema,
    }),
  ),
  bet: minorSchema,
  win: minorSchema,
});
export type FishBetDetail = z.infer<typeof fishBetDetailSchema>;

/** The fish page's calls (server: apps/server/src/vendors/studio/fish/). */
export const studioFishEndpoints = {
  studioFishConfig,
  studioFishShoot,
} satisfies Record<string, Endpoint>;
