import {
  POPULAR_COUNT,
  VN_LIST_COUNT,
  VN_REGIONS,
  type Draw,
  type LotteryMenu,
  type OddsItem,
  type PrizeMode,
  type RequestOf,
  type ResponseOf,
  type VnRegion,
} from '@app/contracts';
import type {
  lotteryDraws,
  lotteryOpenedNumero,
  lotteryPopular,
  vnGameMenu,
  vnOpenedNumeros,
  vnRecent,
} from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { JobLog } from '../../lib/interval-job.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';
import type { SessionMember } from '../session/session.service.ts';
import * as systemRepo from '../system/system.repository.ts';
import { createDrawJob, drawNow, refundNumero } from './draw.job.ts';
import {
  ensurePeriods,
  gameByCode,
  listGames,
  loadOdds,
  normalizePeriod,
  PERIOD_COLUMNS,
  PERIOD_FROM,
  toDraw,
  toGame,
  toPeriod,
  type GameRow,
  type PeriodRow,
} from './lottery.repository.ts';
import { expectedReturn, numbersOf } from './rules.ts';
import { dayIso, drawsOnDayOf, localDay, localInstant, parseDay } from './schedule.ts';

/**
 * The draw engine's read side and its job (issue 7): menus, popular games with hot numbers, the
 * open period of a game, the Vietnamese menu, sheets and open periods, the draw history. Reads
 * create the current periods when missing (so they answer also before the job's first pass).
 */
type Caller = SessionMember | null;

export interface DrawsDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  log?: JobLog;
}

export type DrawsService = ReturnType<typeof createDrawsService>;

const VIETNAM = 'Asia/Ho_Chi_Minh';
const HOT_DRAWS = 30;
const HOT_MAX = 10;
const RECENT_DRAWS = 10;
const PAGE_SIZE = 20;

const unknownGame = () => new AppError('NOT_FOUND', 'lottery.errors.unknown_game');

/** The period on sale now and the one after it, from the periods ahead of now (in draw order). */
export function currentAndNext(
  periods: PeriodRow[],
  now: Date,
): { current: PeriodRow | null; next: PeriodRow | null } {
  const t = now.getTime();
  const open = periods.filter((p) => p.state === 'open' && p.closeAt.getTime() > t);
  const i = open.findIndex((p) => p.openAt.getTime() <= t);
  if (i >= 0) return { current: open[i]!, next: open[i + 1] ?? null };
  return { current: null, next: open[0] ?? null };
}

/**
 * The period on sale and the one after it. The schedule's next windows hold them, unless the
 * operator drew those early (`lottery draw-now`): then they are further on.
 */
export async function periodsOnSale(
  q: Queryable,
  game: GameRow,
  now: Date,
): Promise<{ current: PeriodRow | null; next: PeriodRow | null }> {
  const near = currentAndNext(await ensurePeriods(q, game, now, 3), now);
  if (near.current || near.next) return near;
  return currentAndNext(await ensurePeriods(q, game, now, 8), now);
}

/** The last `n` draws (drawn or refunded) of each game, newest first. */
async function lastDraws(q: Queryable, gameIds: number[], n: number): Promise<Map<number, PeriodRow[]>> {
  const out = new Map<number, PeriodRow[]>();
  if (gameIds.length === 0) return out;
  // One index range per game (game_id, draw_at desc): no scan of a game's whole history.
  const rows = await q.query<PeriodRow>(
    `select x.* from unnest($1::int[]) as gid(id)
       cross join lateral (
         select ${PERIOD_COLUMNS} from ${PERIOD_FROM}
          where p.game_id = gid.id and p.state in ('drawn', 'refunded')
          order by p.draw_at desc, p.id desc limit $2
       ) x
      order by x."gameId", x."drawAt" desc`,
    [gameIds, n],
  );
  for (const r of rows.map(normalizePeriod)) {
    const list = out.get(r.gameId) ?? [];
    list.push(r);
    out.set(r.gameId, list);
  }
  return out;
}

/**
 * The next `n` periods of each game (draw after `now`) in one query; a game with fewer (the job
 * has not run yet) gets them created.
 */
async function periodsAhead(
  q: Queryable,
  games: GameRow[],
  now: Date,
  n: number,
): Promise<Map<number, PeriodRow[]>> {
  const out = new Map<number, PeriodRow[]>();
  if (games.length === 0) return out;
  const rows = await q.query<PeriodRow>(
    `select x.* from unnest($1::int[]) as gid(id)
       cross join lateral (
         select ${PERIOD_COLUMNS} from ${PERIOD_FROM}
          where p.game_id = gid.id and p.draw_at > $2
          order by p.draw_at, p.id limit $3
       ) x
      order by x."gameId", x."drawAt"`,
    [games.map((g) => g.id), now, n],
  );
  for (const r of rows.map(normalizePeriod)) {
    const list = out.get(r.gameId) ?? [];
    list.push(r);
    out.set(r.gameId, list);
  }
  for (const g of games) {
    if ((out.get(g.id)?.length ?? 0) < n) out.set(g.id, await ensurePeriods(q, g, now, n));
  }
  return out;
}

/** The numbers drawn most often, most frequent first (ties: the smaller number first). */
export function hotNumbers(game: Pick<GameRow, 'kind'>, draws: PeriodRow[], max = HOT_MAX): string[] {
  const counts = new Map<string, number>();
  for (const d of draws) {
    if (d.state !== 'drawn' || !d.result) continue;
    for (const n of numbersOf(game.kind, d.result)) counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, max)
    .map(([n]) => n);
}

export function createDrawsService(deps: DrawsDeps) {
  const { db, now } = deps;
  let guestMerchant: Promise<number> | null = null;

  async function merchantOf(c: Caller): Promise<number> {
    if (c) return c.merchantId;
    guestMerchant ??= systemRepo.findMerchant(db).then((m) => {
      if (!m) {
        guestMerchant = null;
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return m.id;
    });
    return guestMerchant;
  }

  async function game(c: Caller, code: string): Promise<GameRow> {
    const g = await gameByCode(db, await merchantOf(c), code);
    if (!g || g.status !== 'active') throw unknownGame();
    return g;
  }

  const activeGames = async (c: Caller) => listGames(db, await merchantOf(c), { activeOnly: true });
  const vnGames = async (c: Caller) => (await activeGames(c)).filter((g) => g.region !== null);

  async function oddsOf(g: GameRow): Promise<OddsItem[]> {
    const table = await loadOdds(db, g.merchantId, g.kind);
    return table
      .filter((o) => g.playTypes.includes(o.playType))
      .map((o) => ({
        playType: o.playType,
        option: o.option,
        odds: o.oddsX10000 / 10_000,
        houseEdge: Math.round((1 - expectedReturn(g.kind, o.playType, o.option, o.oddsX10000)) * 1e6) / 1e6,
      }));
  }

  const job = createDrawJob(deps);

  return {
    merchantOf,

    /** The lottery menus of gameMenus (spec §3): one per group, games in order. */
    async menus(merchantId: number): Promise<LotteryMenu[]> {
      const games = await listGames(db, merchantId, { activeOnly: true });
      const menus = new Map<string, LotteryMenu>();
      for (const g of games) {
        let m = menus.get(g.groupCode);
        if (!m) {
          m = {
            gameGroupCode: g.groupCode,
            labelName: `lottery.groups.${g.groupCode.toLowerCase()}`,
            gameMenus: [],
          };
          menus.set(g.groupCode, m);
        }
        m.gameMenus.push(toGame(g));
      }
      return [...menus.values()];
    },

    async popular(
      c: Caller,
      q: RequestOf<typeof lotteryPopular>,
    ): Promise<ResponseOf<typeof lotteryPopular>> {
      const t = now();
      const games = (await activeGames(c))
        .filter((g) => !q.prizeMode || g.prizeMode === q.prizeMode)
        .slice(0, Number(q.count ?? POPULAR_COUNT));
      const draws = await lastDraws(
        db,
        games.map((g) => g.id),
        HOT_DRAWS,
      );
      const ahead = await periodsAhead(db, games, t, 3);
      const items = [];
      for (const g of games) {
        const { current } = currentAndNext(ahead.get(g.id) ?? [], t);
        const past = draws.get(g.id) ?? [];
        items.push({
          game: toGame(g),
          current: current ? toPeriod(current) : null,
          last: past[0] ? toDraw(past[0], g) : null,
          hotNumbers: hotNumbers(g, past),
        });
      }
      return { items, serverTime: t.toISOString() };
    },

    async openedNumero(c: Caller, gameCode: string): Promise<ResponseOf<typeof lotteryOpenedNumero>> {
      const g = await game(c, gameCode);
      const t = now();
      const { current, next } = await periodsOnSale(db, g, t);
      const recent = (await lastDraws(db, [g.id], RECENT_DRAWS)).get(g.id) ?? [];
      return {
        game: toGame(g),
        current: current ? toPeriod(current) : null,
        next: next ? toPeriod(next) : null,
        recent: recent.map((p) => toDraw(p, g)),
        odds: await oddsOf(g),
        serverTime: t.toISOString(),
      };
    },

    async vnMenu(c: Caller, prizeMode: PrizeMode | undefined): Promise<ResponseOf<typeof vnGameMenu>> {
      const t = now();
      const games = (await vnGames(c)).filter((g) => !prizeMode || g.prizeMode === prizeMode);
      return {
        regions: VN_REGIONS.map((region) => ({
          region,
          games: games
            .filter((g) => g.region === region)
            .map((g) => ({ ...toGame(g), drawsToday: drawsOnDayOf(g, t) })),
        })),
        serverTime: t.toISOString(),
      };
    },

    async vnRecent(
      c: Caller,
      q: RequestOf<typeof vnRecent> & { region?: VnRegion | undefined },
    ): Promise<ResponseOf<typeof vnRecent>> {
      let games = await vnGames(c);
      if (q.gameCode) {
        games = games.filter((g) => g.code === q.gameCode);
        if (games.length === 0) throw unknownGame();
      }
      if (q.region) games = games.filter((g) => g.region === q.region);
      const ids = games.map((g) => g.id);
      if (ids.length === 0) return { date: null, items: [] };
      let day: number | null = q.date ? parseDay(q.date) : null;
      if (q.date && day === null) throw new AppError('BAD_REQUEST', 'errors.invalid_format');
      if (day === null) {
        const [row] = await db.query<{ last: Date | null }>(
          `select max(draw_at) as last from lottery_periods where game_id = any($1::int[]) and state = 'drawn'`,
          [ids],
        );
        if (!row?.last) return { date: null, items: [] };
        day = localDay(VIETNAM, new Date(row.last).getTime());
      }
      const rows = await db.query<PeriodRow>(
        `select ${PERIOD_COLUMNS} from ${PERIOD_FROM}
          where p.game_id = any($1::int[]) and p.state in ('drawn', 'refunded') and p.draw_at >= $2 and p.draw_at < $3
          order by g.sort, g.id`,
        [ids, new Date(localInstant(VIETNAM, day)), new Date(localInstant(VIETNAM, day + 1))],
      );
      const byId = new Map(games.map((g) => [g.id, g]));
      const order = (g: GameRow) => VN_REGIONS.indexOf(g.region ?? 'north');
      const items: Draw[] = rows
        .map(normalizePeriod)
        .sort((a, b) => order(byId.get(a.gameId)!) - order(byId.get(b.gameId)!))
        .map((p) => toDraw(p, byId.get(p.gameId)!));
      return { date: dayIso(day), items };
    },

    async vnOpened(
      c: Caller,
      q: RequestOf<typeof vnOpenedNumeros>,
    ): Promise<ResponseOf<typeof vnOpenedNumeros>> {
      const t = now();
      const games = (await vnGames(c)).filter((g) => !q.region || g.region === q.region);
      const ahead = await periodsAhead(db, games, t, 2);
      const items = [];
      for (const g of games) {
        const { current } = currentAndNext(ahead.get(g.id) ?? [], t);
        if (current) items.push({ game: toGame(g), period: toPeriod(current) });
      }
      items.sort(
        (a, b) =>
          a.period.closeAt.localeCompare(b.period.closeAt) || a.game.gameCode.localeCompare(b.game.gameCode),
      );
      return { items: items.slice(0, Number(q.count ?? VN_LIST_COUNT)) };
    },

    async history(c: Caller, q: RequestOf<typeof lotteryDraws>): Promise<ResponseOf<typeof lotteryDraws>> {
      const g = await game(c, q.gameCode);
      const page = Number(q.page ?? 1);
      const pageSize = Number(q.pageSize ?? PAGE_SIZE);
      let from: Date | null = null;
      let to: Date | null = null;
      if (q.date) {
        const day = parseDay(q.date);
        if (day === null) throw new AppError('BAD_REQUEST', 'errors.invalid_format');
        from = new Date(localInstant(g.timeZone, day));
        to = new Date(localInstant(g.timeZone, day + 1));
      }
      const where = `p.game_id = $1 and p.state in ('drawn', 'refunded')
        and ($2::timestamptz is null or p.draw_at >= $2) and ($3::timestamptz is null or p.draw_at < $3)`;
      const [count] = await db.query<{ n: number }>(
        `select count(*)::int as n from ${PERIOD_FROM} where ${where}`,
        [g.id, from, to],
      );
      const rows = await db.query<PeriodRow>(
        `select ${PERIOD_COLUMNS} from ${PERIOD_FROM} where ${where}
          order by p.draw_at desc, p.id desc limit $4 offset $5`,
        [g.id, from, to, pageSize, (page - 1) * pageSize],
      );
      return {
        items: rows.map((r) => toDraw(normalizePeriod(r), g)),
        page,
        pageSize,
        total: Number(count?.n ?? 0),
      };
    },

    /** One pass of the draw job (tests; the job runs it every second). */
    pass: () => job.pass(),

    /** Ops and tests: the current period of a game draws now and settles; the next goes on sale. */
    async drawNow(gameCode: string, merchantId?: number) {
      return drawNow(deps, merchantId ?? (await merchantOf(null)), gameCode);
    },

    /** Ops: voids a period (every pending bet refunded). */
    async refund(gameCode: string, numero: string, merchantId?: number) {
      return refundNumero(deps, merchantId ?? (await merchantOf(null)), gameCode, numero);
    },

    /** Starts the draw job (periods ahead, close, draw, settle; missed periods on start). */
    start(): () => Promise<void> {
      return job.start(deps.log ?? console);
    },
  };
}
