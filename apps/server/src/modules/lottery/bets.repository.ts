import type { LotteryBet, LotteryBetState, LotteryKind, PeriodState, PlayType } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

/**
 * SQL of lottery betting (issue 7): the bets, the chases, and the period locks that keep a bet
 * and a draw from crossing. Functions take a Queryable: the service opens the transaction.
 *
 * Lock order, the same as the draw's: the period first (here `for share`, the draw's close
 * `for update`), then the bets, then the member's account (ledger `post`). A bet placed while
 * its period is locked for share is in before the close; after the close it sees `closed`.
 */

export interface LockedPeriod {
  id: string;
  numero: string;
  state: PeriodState;
  close_at: Date;
  draw_at: Date;
}

/**
 * The period and the `count − 1` periods after it (draw order), locked for share until the
 * transaction ends: a concurrent close waits for this bet, or this bet sees it closed.
 */
export async function lockPeriods(
  q: Queryable,
  gameId: number,
  numero: string,
  count: number,
): Promise<LockedPeriod[]> {
  return q.query<LockedPeriod>(
    `select p.id::text as id, p.numero, p.state, p.close_at, p.draw_at
       from lottery_periods p
      where p.game_id = $1
        and p.draw_at >= (select s.draw_at from lottery_periods s where s.game_id = $1 and s.numero = $2)
      order by p.draw_at, p.id
      limit $3
      for share of p`,
    [gameId, numero, count],
  );
}

/** Locks periods by id (ascending, so two lockers never wait on each other in a circle). */
export async function lockPeriodsById(q: Queryable, ids: readonly string[]): Promise<LockedPeriod[]> {
  return q.query<LockedPeriod>(
    `select id::text as id, numero, state, close_at, draw_at from lottery_periods
      where id = any($1::bigint[]) order by id for share`,
    [ids],
  );
}

export async function insertChase(
  q: Queryable,
  c: { memberId: string; gameId: number; periods: number; stopOnWin: boolean; at: Date },
): Promise<number> {
  const [row] = await q.query<{ id: string }>(
    `insert into lottery_chases (member_id, game_id, periods, stop_on_win, created_at)
     values ($1, $2, $3, $4, $5) returning id::text as id`,
    [c.memberId, c.gameId, c.periods, c.stopOnWin, c.at],
  );
  return Number(row!.id);
}

export interface NewLotteryBet {
  periodId: string;
  playType: PlayType;
  selection: string[][];
  unit: number;
  multiplier: number;
  betCount: number;
  stake: number;
}

/**
 * Inserts the bets of one slip (every line × every period) in one statement and answers their
 * ids in the order given: the ids are taken from the sequence first, so the order is certain.
 */
export async function insertBets(
  q: Queryable,
  memberId: string,
  chaseId: number | null,
  bets: readonly NewLotteryBet[],
  at: Date,
): Promise<number[]> {
  const ids = await q.query<{ id: string }>(
    `select nextval(pg_get_serial_sequence('lottery_bets', 'id'))::text as id from generate_series(1, $1)`,
    [bets.length],
  );
  const idList = ids.map((r) => r.id);
  await q.query(
    `insert into lottery_bets (id, member_id, period_id, chase_id, play_type, selection, unit, multiplier,
                               bet_count, stake, created_at)
     select b.id, $1, b.period_id, $2, b.play_type, b.selection::jsonb, b.unit, b.multiplier, b.bet_count,
            b.stake, $3
       from unnest($4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::int[], $9::int[], $10::int[],
                   $11::bigint[]) as b(id, period_id, play_type, selection, unit, multiplier, bet_count, stake)`,
    [
      memberId,
      chaseId,
      at,
      idList,
      bets.map((b) => b.periodId),
      bets.map((b) => b.playType),
      bets.map((b) => JSON.stringify(b.selection)),
      bets.map((b) => b.unit),
      bets.map((b) => b.multiplier),
      bets.map((b) => b.betCount),
      bets.map((b) => b.stake),
    ],
  );
  return idList.map(Number);
}

/**
 * The betting record's rows of a slip's bets in one statement: open, like play.repository's
 * openBet writes one (vertical lottery, round LOT-<id>), settled or rolled back by the draw.
 */
export async function openBetRecords(
  q: Queryable,
  memberId: string,
  game: { vassalage: string; gameId: number | null; gameName: string },
  rows: readonly { roundId: string; stake: number }[],
  at: Date,
): Promise<void> {
  await q.query(
    `insert into bet_records (member_id, vertical, stake, payout, settled_at, round_id, vassalage, game_id,
                              game_name, status, created_at)
     select $1, 'lottery', r.stake, 0, null, r.round_id, $2, $3, $4, 'open', $5
       from unnest($6::text[], $7::bigint[]) as r(round_id, stake)`,
    [
      memberId,
      game.vassalage,
      game.gameId,
      game.gameName,
      at,
      rows.map((r) => r.roundId),
      rows.map((r) => r.stake),
    ],
  );
}

/** A bet as lists and answers show it: with its game and period. */
export interface BetViewRow {
  id: string;
  member_id: string;
  period_id: string;
  chase_id: string | null;
  play_type: PlayType;
  selection: string[][];
  unit: number;
  multiplier: number;
  bet_count: number;
  stake: string;
  state: LotteryBetState;
  payout: string;
  win_count: number;
  created_at: Date;
  settled_at: Date | null;
  numero: string;
  period_state: PeriodState;
  close_at: Date;
  game_code: string;
  game_label: string;
  game_kind: LotteryKind;
  merchant_id: number;
  vassalage: string;
  catalogue_game_id: number | null;
}

const VIEW_COLUMNS = `b.id::text as id, b.member_id::text as member_id, b.period_id::text as period_id,
  b.chase_id::text as chase_id, b.play_type, b.selection, b.unit, b.multiplier, b.bet_count, b.stake, b.state,
  b.payout, b.win_count, b.created_at, b.settled_at, p.numero, p.state as period_state, p.close_at,
  g.code as game_code, g.label as game_label, g.kind as game_kind, g.merchant_id, g.vassalage, g.catalogue_game_id`;
const VIEW_FROM = `lottery_bets b join lottery_periods p on p.id = b.period_id join lottery_games g on g.id = p.game_id`;

export async function betsByIds(q: Queryable, ids: readonly number[]): Promise<BetViewRow[]> {
  return q.query<BetViewRow>(
    `select ${VIEW_COLUMNS} from ${VIEW_FROM} where b.id = any($1::bigint[]) order by b.id`,
    [ids],
  );
}

/** One of the member's bets (null for another member's: never revealed). */
export async function memberBet(q: Queryable, memberId: string, betId: number): Promise<BetViewRow | null> {
  const [row] = await q.query<BetViewRow>(
    `select ${VIEW_COLUMNS} from ${VIEW_FROM} where b.id = $1 and b.member_id = $2`,
    [betId, memberId],
  );
  return row ?? null;
}

/** Locks the member's bets for update (ascending id; after their periods, see the lock order). */
export async function lockBets(
  q: Queryable,
  memberId: string,
  ids: readonly number[],
): Promise<BetViewRow[]> {
  return q.query<BetViewRow>(
    `select ${VIEW_COLUMNS} from ${VIEW_FROM}
      where b.id = any($1::bigint[]) and b.member_id = $2 order by b.id for update of b`,
    [ids, memberId],
  );
}

export interface BetFilters {
  gameCode?: string | undefined;
  numero?: string | undefined;
  chaseId?: number | undefined;
  state?: LotteryBetState | undefined;
}

/** The member's bets, newest first, with the count of every match. */
export async function listBets(
  q: Queryable,
  memberId: string,
  f: BetFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: BetViewRow[]; total: number }> {
  const params: unknown[] = [memberId];
  const where = ['b.member_id = $1'];
  const add = (sql: (n: number) => string, v: unknown) => {
    params.push(v);
    where.push(sql(params.length));
  };
  if (f.gameCode) add((n) => `g.code = $${n}`, f.gameCode);
  if (f.numero) add((n) => `p.numero = $${n}`, f.numero);
  if (f.chaseId !== undefined) add((n) => `b.chase_id = $${n}`, f.chaseId);
  if (f.state) add((n) => `b.state = $${n}`, f.state);
  const filter = where.join(' and ');
  const [rows, [count]] = await Promise.all([
    q.query<BetViewRow>(
      `select ${VIEW_COLUMNS} from ${VIEW_FROM} where ${filter}
        order by b.created_at desc, b.id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, page.limit, page.offset],
    ),
    q.query<{ total: string }>(`select count(*) as total from ${VIEW_FROM} where ${filter}`, params),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export interface ChaseRow {
  id: string;
  member_id: string;
  state: 'running' | 'stopped_on_win' | 'finished' | 'cancelled';
}

/** The member's chase, locked (null for another member's). */
export async function lockChase(q: Queryable, memberId: string, chaseId: number): Promise<ChaseRow | null> {
  const [row] = await q.query<ChaseRow>(
    `select id::text as id, member_id::text as member_id, state from lottery_chases
      where id = $1 and member_id = $2 for update`,
    [chaseId, memberId],
  );
  return row ?? null;
}

/** The chase's pending bets with their periods (ids only: the caller locks them in order). */
export async function pendingChaseBets(
  q: Queryable,
  chaseId: number,
): Promise<{ id: string; period_id: string }[]> {
  return q.query<{ id: string; period_id: string }>(
    `select id::text as id, period_id::text as period_id from lottery_bets
      where chase_id = $1 and state = 'pending' order by id`,
    [chaseId],
  );
}

export async function setChaseState(q: Queryable, chaseId: number, state: ChaseRow['state']): Promise<void> {
  await q.query(`update lottery_chases set state = $2 where id = $1`, [chaseId, state]);
}

/** The bet as the contract shows it; `cancellable` at `now`. */
export function toLotteryBet(r: BetViewRow, now: Date): LotteryBet {
  return {
    id: Number(r.id),
    gameCode: r.game_code,
    labelName: r.game_label,
    numero: r.numero,
    playType: r.play_type,
    selection: r.selection,
    unit: Number(r.unit),
    multiplier: Number(r.multiplier),
    betCount: Number(r.bet_count),
    stake: Number(r.stake),
    state: r.state,
    payout: Number(r.payout),
    winCount: Number(r.win_count),
    chaseId: r.chase_id === null ? null : Number(r.chase_id),
    cancellable: isCancellable(r, now),
    createdAt: new Date(r.created_at).toISOString(),
    settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
  };
}

/** Pending, and its period still on sale (open and before its close). */
export function isCancellable(
  r: Pick<BetViewRow, 'state' | 'period_state' | 'close_at'>,
  now: Date,
): boolean {
  return r.state === 'pending' && r.period_state === 'open' && now.getTime() < new Date(r.close_at).getTime();
}
