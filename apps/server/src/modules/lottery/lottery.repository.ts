import { createHash, randomBytes } from 'node:crypto';
import {
  LOTTERY_DRAW_ALGORITHM,
  LOTTERY_TYPE,
  type Draw,
  type LotteryGame,
  type LotteryKind,
  type LotteryResult,
  type Period,
  type PeriodState,
  type PlayType,
  type PrizeMode,
  type VnRegion,
} from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import type { OddsTable } from './rules.ts';
import { windowsAfter, type ScheduleGame } from './schedule.ts';

/**
 * SQL of the lottery's games, periods and odds (issue 7). Functions take a Queryable: the service
 * opens the transaction. A period's seed never leaves this module's callers except as a drawn
 * period's proof (`toDraw`).
 */

export interface GameRow extends ScheduleGame {
  id: number;
  merchantId: number;
  code: string;
  label: string;
  groupCode: string;
  prizeMode: PrizeMode;
  kind: LotteryKind;
  region: VnRegion | null;
  intervalSeconds: number | null;
  drawTime: string | null;
  drawDays: number[] | null;
  timeZone: string;
  closeSeconds: number;
  defaultPlayType: PlayType;
  playTypes: PlayType[];
  vassalage: string;
  catalogueGameId: number | null;
  status: 'active' | 'maintenance';
  sort: number;
}

export const GAME_COLUMNS = `g.id, g.merchant_id as "merchantId", g.code, g.label, g.group_code as "groupCode",
  g.prize_mode as "prizeMode", g.kind, g.region, g.interval_seconds as "intervalSeconds",
  g.draw_time as "drawTime", g.draw_days as "drawDays", g.time_zone as "timeZone",
  g.close_seconds as "closeSeconds", g.default_play_type as "defaultPlayType", g.play_types as "playTypes",
  g.vassalage, g.catalogue_game_id as "catalogueGameId", g.status, g.sort`;

export async function gameByCode(q: Queryable, merchantId: number, code: string): Promise<GameRow | null> {
  const [row] = await q.query<GameRow>(
    `select ${GAME_COLUMNS} from lottery_games g where g.merchant_id = $1 and g.code = $2`,
    [merchantId, code],
  );
  return row ?? null;
}

export async function gameById(q: Queryable, id: number): Promise<GameRow | null> {
  const [row] = await q.query<GameRow>(`select ${GAME_COLUMNS} from lottery_games g where g.id = $1`, [id]);
  return row ?? null;
}

/** The merchant's games (every merchant when null), in menu order. */
export async function listGames(
  q: Queryable,
  merchantId: number | null,
  o: { activeOnly?: boolean } = {},
): Promise<GameRow[]> {
  return q.query<GameRow>(
    `select ${GAME_COLUMNS} from lottery_games g
      where ($1::int is null or g.merchant_id = $1) and (not $2 or g.status = 'active')
      order by g.merchant_id, g.sort, g.id`,
    [merchantId, o.activeOnly ?? false],
  );
}

export interface PeriodRow {
  id: string;
  gameId: number;
  gameCode: string;
  numero: string;
  openAt: Date;
  closeAt: Date;
  drawAt: Date;
  state: PeriodState;
  seed: Uint8Array;
  commitHash: string;
  result: LotteryResult | null;
  drawnAt: Date | null;
  settledAt: Date | null;
}

export const PERIOD_COLUMNS = `p.id::text as id, p.game_id as "gameId", g.code as "gameCode", p.numero,
  p.open_at as "openAt", p.close_at as "closeAt", p.draw_at as "drawAt", p.state, p.seed,
  p.commit_hash as "commitHash", p.result, p.drawn_at as "drawnAt", p.settled_at as "settledAt"`;
export const PERIOD_FROM = `lottery_periods p join lottery_games g on g.id = p.game_id`;

/** hex SHA-256 of the seed: the published commit (the same as rules.commitOf). */
export const commitHashOf = (seed: Uint8Array) => createHash('sha256').update(seed).digest('hex');

/**
 * The `count` periods whose draw is after `from`, in order; missing ones are created with a fresh
 * secret seed and its commit. Two instances may run it at once: the insert gives way on the
 * unique (game_id, numero) and both read the same rows.
 */
export async function ensurePeriods(
  q: Queryable,
  game: GameRow,
  from: Date,
  count: number,
): Promise<PeriodRow[]> {
  const windows = windowsAfter(game, from, count);
  if (windows.length === 0) return [];
  const numeros = windows.map((w) => w.numero);
  const existing = await q.query<{ numero: string }>(
    `select numero from lottery_periods where game_id = $1 and numero = any($2::text[])`,
    [game.id, numeros],
  );
  const have = new Set(existing.map((r) => r.numero));
  const missing = windows.filter((w) => !have.has(w.numero));
  if (missing.length > 0) {
    const seeds = missing.map(() => randomBytes(32));
    await q.query(
      `insert into lottery_periods (game_id, numero, open_at, close_at, draw_at, seed, commit_hash)
       select $1, w.numero, w.open_at, w.close_at, w.draw_at, decode(w.seed, 'hex'), w.commit_hash
         from unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[], $6::text[], $7::text[])
           as w(numero, open_at, close_at, draw_at, seed, commit_hash)
       on conflict (game_id, numero) do nothing`,
      [
        game.id,
        missing.map((w) => w.numero),
        missing.map((w) => w.openAt.toISOString()),
        missing.map((w) => w.closeAt.toISOString()),
        missing.map((w) => w.drawAt.toISOString()),
        seeds.map((s) => s.toString('hex')),
        seeds.map((s) => commitHashOf(s)),
      ],
    );
  }
  const rows = await q.query<PeriodRow>(
    `select ${PERIOD_COLUMNS} from ${PERIOD_FROM} where p.game_id = $1 and p.numero = any($2::text[])
      order by p.draw_at`,
    [game.id, numeros],
  );
  return rows.map(normalizePeriod);
}

export async function periodByNumero(
  q: Queryable,
  gameId: number,
  numero: string,
): Promise<PeriodRow | null> {
  const [row] = await q.query<PeriodRow>(
    `select ${PERIOD_COLUMNS} from ${PERIOD_FROM} where p.game_id = $1 and p.numero = $2`,
    [gameId, numero],
  );
  return row ? normalizePeriod(row) : null;
}

export async function periodById(
  q: Queryable,
  id: string,
  o: { lock?: boolean } = {},
): Promise<PeriodRow | null> {
  const [row] = await q.query<PeriodRow>(
    `select ${PERIOD_COLUMNS} from ${PERIOD_FROM} where p.id = $1${o.lock ? ' for update of p' : ''}`,
    [id],
  );
  return row ? normalizePeriod(row) : null;
}

/** bytea arrives as a Buffer (pg) or a Uint8Array (PGlite); jsonb may arrive as text. */
export function normalizePeriod(row: PeriodRow): PeriodRow {
  const seed = row.seed as unknown;
  const result = row.result as unknown;
  return {
    ...row,
    gameId: Number(row.gameId),
    seed: seed instanceof Uint8Array ? new Uint8Array(seed) : new Uint8Array(),
    result: typeof result === 'string' ? (JSON.parse(result) as LotteryResult) : (row.result ?? null),
  };
}

/** The merchant's payout table of a kind of game. */
export async function loadOdds(q: Queryable, merchantId: number, kind: LotteryKind): Promise<OddsTable> {
  const rows = await q.query<{ play_type: PlayType; option: string; odds_x10000: number }>(
    `select play_type, option, odds_x10000 from lottery_odds where merchant_id = $1 and kind = $2
      order by play_type, option`,
    [merchantId, kind],
  );
  return rows.map((r) => ({ playType: r.play_type, option: r.option, oddsX10000: Number(r.odds_x10000) }));
}

/** Writes a payout table (seed, ops): rows of the table replace the stored ones. */
export async function saveOdds(
  q: Queryable,
  merchantId: number,
  kind: LotteryKind,
  odds: OddsTable,
): Promise<void> {
  if (odds.length === 0) return;
  await q.query(
    `insert into lottery_odds (merchant_id, kind, play_type, option, odds_x10000)
     select $1, $2, o.play_type, o.option, o.odds from unnest($3::text[], $4::text[], $5::int[]) as o(play_type, option, odds)
     on conflict (merchant_id, kind, play_type, option) do update set odds_x10000 = excluded.odds_x10000`,
    [merchantId, kind, odds.map((o) => o.playType), odds.map((o) => o.option), odds.map((o) => o.oddsX10000)],
  );
}

/** The contract's period: never the seed. */
export function toPeriod(row: PeriodRow): Period {
  return {
    gameCode: row.gameCode,
    numero: row.numero,
    openAt: row.openAt.toISOString(),
    closeAt: row.closeAt.toISOString(),
    drawAt: row.drawAt.toISOString(),
    state: row.state,
    commitHash: row.commitHash,
  };
}

/** The contract's draw of a drawn or refunded period: the seed (hex) only once drawn. */
export function toDraw(row: PeriodRow, game: Pick<GameRow, 'code' | 'label' | 'kind'>): Draw {
  const drawn = row.state === 'drawn';
  return {
    gameCode: game.code,
    labelName: game.label,
    kind: game.kind,
    numero: row.numero,
    drawAt: row.drawAt.toISOString(),
    state: drawn ? 'drawn' : 'refunded',
    commitHash: row.commitHash,
    seed: drawn ? Buffer.from(row.seed).toString('hex') : null,
    result: drawn ? row.result : null,
    algorithm: LOTTERY_DRAW_ALGORITHM,
  };
}

/** The contract's game (spec §3 lottery menu item). */
export function toGame(g: GameRow): LotteryGame {
  return {
    gameCode: g.code,
    labelName: g.label,
    gameGroupCode: g.groupCode,
    prizeMode: g.prizeMode,
    lotteryType: LOTTERY_TYPE,
    kind: g.kind,
    region: g.region,
    intervalSeconds: g.intervalSeconds,
    drawTime: g.drawTime,
    drawDays: g.drawDays,
    closeSeconds: g.closeSeconds,
    defaultPlayType: g.defaultPlayType,
    playTypes: g.playTypes,
    catalogueGameId: g.catalogueGameId,
  };
}
