import type { LotteryResult } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { startIntervalJob, type JobLog } from '../../lib/interval-job.ts';
import {
  ensurePeriods,
  gameById,
  gameByCode,
  listGames,
  periodById,
  periodByNumero,
  type GameRow,
  type PeriodRow,
} from './lottery.repository.ts';
import { resultFromSeed } from './rules.ts';
import { settlePeriod, type SettleDeps, type SettleResult } from './settlement.ts';

/**
 * The draw job (issue 7), every second while the app runs with jobs: each active game keeps its
 * current and next periods created (with their commits), periods past close stop sales, every
 * period past its draw time is drawn from its committed seed — late when the server was down,
 * never skipped — and settled. Several instances may run it on one database: a period is drawn
 * under a transaction-scoped advisory lock and its row lock, and a drawn period is never drawn
 * again; settlement decides each bet by a conditional update.
 */
export type DrawJobDeps = SettleDeps;

/** Periods created ahead of the current one (the current and the next on sale). */
const AHEAD = 3;
/** Most periods drawn or settled in one pass (a long outage catches up over a few passes). */
const BATCH = 200;

export interface DrawOutcome {
  drawn: boolean;
  period: PeriodRow | null;
}

/**
 * Draws one period in one transaction: the advisory lock of the period (another instance
 * drawing it: skip), the row lock, then the result from the committed seed. A period drawn or
 * refunded already is left as it is.
 */
export async function drawPeriod(d: DrawJobDeps, periodId: string): Promise<DrawOutcome> {
  return d.db.withTx(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>(
      `select pg_try_advisory_xact_lock(hashtext('lottery-draw:' || current_schema()), ($1::bigint % 2147483647)::int) as ok`,
      [periodId],
    );
    if (!lock?.ok) return { drawn: false, period: null };
    const period = await periodById(tx, periodId, { lock: true });
    if (!period || period.state === 'drawn' || period.state === 'refunded') return { drawn: false, period };
    const game = await gameById(tx, period.gameId);
    if (!game) return { drawn: false, period };
    const result: LotteryResult = resultFromSeed(game.kind, period.seed);
    const at = d.now();
    await tx.query(
      `update lottery_periods set state = 'drawn', result = $2::jsonb, drawn_at = $3,
              close_at = least(close_at, $3)
        where id = $1 and state in ('open', 'closed')`,
      [periodId, JSON.stringify(result), at],
    );
    return { drawn: true, period: { ...period, state: 'drawn', result, drawnAt: at } };
  });
}

/** Voids a period not drawn yet (operator): state 'refunded', every pending bet refunded. */
export async function voidPeriod(d: DrawJobDeps, periodId: string): Promise<SettleResult> {
  await d.db.withTx(async (tx) => {
    // Waits for a draw of the period in progress (then sees it drawn).
    await tx.query(
      `select pg_advisory_xact_lock(hashtext('lottery-draw:' || current_schema()), ($1::bigint % 2147483647)::int)`,
      [periodId],
    );
    const period = await periodById(tx, periodId, { lock: true });
    if (!period) throw new AppError('NOT_FOUND', 'lottery.errors.unknown_period');
    if (period.state === 'drawn')
      throw new AppError('CONFLICT', `period ${period.numero} is drawn already: it cannot be refunded`);
    if (period.state !== 'refunded')
      await tx.query(
        `update lottery_periods set state = 'refunded', close_at = least(close_at, $2) where id = $1`,
        [periodId, d.now()],
      );
  });
  return settlePeriod(d, periodId);
}

export interface PassResult {
  /** Periods ahead checked (and created when missing). */
  ensured: number;
  closed: number;
  drawn: number;
  settled: number;
}

export function createDrawJob(d: DrawJobDeps) {
  /** Per game: the draw time of its first period ahead, known to exist (no query before it passes). */
  const ensuredUntil = new Map<number, number>();

  async function keepPeriods(q: Queryable, games: GameRow[], now: Date): Promise<number> {
    let ensured = 0;
    for (const g of games) {
      if ((ensuredUntil.get(g.id) ?? 0) > now.getTime()) continue;
      const periods = await ensurePeriods(q, g, now, AHEAD);
      ensured += periods.length;
      // Checked again once the second of them is due (the current and the next always exist).
      const mark = periods[1] ?? periods[0];
      if (mark) ensuredUntil.set(g.id, mark.drawAt.getTime());
    }
    return ensured;
  }

  /**
   * One pass: periods ahead, close, draw the due ones, settle the drawn ones. Every query names
   * `settled_at is null`: the partial index of the unsettled periods, never a game's history.
   */
  async function pass(): Promise<PassResult> {
    const now = d.now();
    const games = await listGames(d.db, null, { activeOnly: true });
    const ensured = await keepPeriods(d.db, games, now);
    const closed = await d.db.query(
      `update lottery_periods set state = 'closed'
        where settled_at is null and state = 'open' and close_at <= $1 returning id`,
      [now],
    );
    const due = await d.db.query<{ id: string }>(
      `select id::text as id from lottery_periods
        where settled_at is null and state in ('open', 'closed') and draw_at <= $1
        order by draw_at, id limit ${BATCH}`,
      [now],
    );
    let drawn = 0;
    for (const p of due) if ((await drawPeriod(d, p.id)).drawn) drawn++;
    const unsettled = await d.db.query<{ id: string }>(
      `select id::text as id from lottery_periods
        where settled_at is null and state in ('drawn', 'refunded') order by draw_at, id limit ${BATCH}`,
    );
    let settled = 0;
    for (const p of unsettled) if ((await settlePeriod(d, p.id)).done) settled++;
    return { ensured, closed: closed.length, drawn, settled };
  }

  return {
    pass,
    /** Starts the 1-second job (a first pass at once: periods missed while down are drawn now). */
    start(log: JobLog): () => Promise<void> {
      return startIntervalJob(
        {
          name: 'lottery draw job',
          everyMs: 1_000,
          immediate: true,
          run: pass,
          report: (r, l) => {
            if (r.drawn > 0) l.info({ drawn: r.drawn, settled: r.settled }, 'lottery periods drawn');
          },
        },
        log,
      );
    },
  };
}

export interface DrawNowResult {
  game: GameRow;
  period: PeriodRow;
  settlement: SettleResult;
  next: PeriodRow | null;
}

/**
 * Ops and tests: the current period of a game closes and draws now (close = draw = now), is
 * settled, and the next period goes on sale at once.
 */
export async function drawNow(d: DrawJobDeps, merchantId: number, gameCode: string): Promise<DrawNowResult> {
  const game = await gameByCode(d.db, merchantId, gameCode);
  if (!game) throw new AppError('NOT_FOUND', 'lottery.errors.unknown_game');
  const now = d.now();
  // The first period of the schedule not drawn yet: after a daily game's period has been drawn
  // early, the current one is the next day's (the schedule still names the day's own).
  const periods = await ensurePeriods(d.db, game, now, 6);
  const at = periods.findIndex((p) => p.state === 'open' || p.state === 'closed');
  const current = at >= 0 ? periods[at] : undefined;
  const next = at >= 0 ? periods[at + 1] : undefined;
  if (!current) throw new AppError('NOT_FOUND', 'lottery.errors.unknown_period');
  await d.db.withTx(async (tx) => {
    await tx.query(
      `update lottery_periods set open_at = least(open_at, $2), close_at = $2, draw_at = $2,
              state = case when state = 'open' then 'closed' else state end
        where id = $1 and state in ('open', 'closed')`,
      [current.id, now],
    );
    if (next)
      await tx.query(`update lottery_periods set open_at = $2 where id = $1 and open_at > $2`, [
        next.id,
        now,
      ]);
  });
  await drawPeriod(d, current.id);
  const settlement = await settlePeriod(d, current.id);
  const period = (await periodByNumero(d.db, game.id, current.numero))!;
  return { game, period, settlement, next: next ? await periodById(d.db, next.id) : null };
}

/** Ops: voids a period of a game by numero. */
export async function refundNumero(
  d: DrawJobDeps,
  merchantId: number,
  gameCode: string,
  numero: string,
): Promise<SettleResult> {
  const game = await gameByCode(d.db, merchantId, gameCode);
  if (!game) throw new AppError('NOT_FOUND', 'lottery.errors.unknown_game');
  const period = await periodByNumero(d.db, game.id, numero);
  if (!period) throw new AppError('NOT_FOUND', 'lottery.errors.unknown_period');
  return voidPeriod(d, period.id);
}
