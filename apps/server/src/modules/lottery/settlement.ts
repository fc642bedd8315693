import type { PlayType } from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/errors.ts';
import { memberAccount, move, systemAccount } from '../ledger/ledger.ts';
import type { MoneyRunner, MoneyTx } from '../ledger/money-tx.ts';
import { rollBackBet, settleBet } from '../games/play.repository.ts';
import { gameById, loadOdds, periodById, type GameRow } from './lottery.repository.ts';
import { settleLine, type OddsTable } from './rules.ts';

/**
 * Settlement of a period (issue 7): every pending bet once, each in its own money transaction.
 * The bet's conditional update (state 'pending' → …) decides it: a second instance (or a second
 * pass) updating the same bet finds nothing and moves no money. A win pays GAMES → MAIN
 * ('payout'), a refund gives the stake back GAMES → MAIN ('bet' with memo.rollback); the betting
 * record's row (round 'LOT-<id>') follows in the same transaction.
 */
export interface SettleDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
}

interface PendingBet {
  id: string;
  memberId: string;
  playType: PlayType;
  selection: string[][];
  unit: number;
  multiplier: number;
  stake: number;
  chaseId: string | null;
}

const PENDING_COLUMNS = `b.id::text as id, b.member_id::text as "memberId", b.play_type as "playType", b.selection,
  b.unit, b.multiplier, b.stake::float8 as stake, b.chase_id::text as "chaseId"`;

export const roundIdOf = (betId: string | number) => `LOT-${betId}`;

async function pendingBets(q: Queryable, periodId: string): Promise<PendingBet[]> {
  const rows = await q.query<PendingBet>(
    `select ${PENDING_COLUMNS} from lottery_bets b where b.period_id = $1 and b.state = 'pending' order by b.id`,
    [periodId],
  );
  return rows.map((r) => ({
    ...r,
    selection: typeof r.selection === 'string' ? (JSON.parse(r.selection) as string[][]) : r.selection,
    unit: Number(r.unit),
    multiplier: Number(r.multiplier),
    stake: Number(r.stake),
  }));
}

/**
 * Refunds one pending bet inside the caller's money transaction: the stake back, the record
 * rolled back. False when the bet was no longer pending (nothing moved).
 */
export async function refundBet(
  tx: MoneyTx,
  game: Pick<GameRow, 'merchantId' | 'vassalage'>,
  betId: string,
  at: Date,
  state: 'refunded' | 'cancelled' = 'refunded',
): Promise<boolean> {
  const [bet] = await tx.query<{ memberId: string; stake: number }>(
    `update lottery_bets set state = $2, settled_at = $3 where id = $1 and state = 'pending'
     returning member_id::text as "memberId", stake::float8 as stake`,
    [betId, state, at],
  );
  if (!bet) return false;
  await move(tx, {
    type: 'bet',
    memberId: bet.memberId,
    ref: `lottery:${betId}:${state === 'cancelled' ? 'cancel' : 'refund'}`,
    memo: { rollback: true, vertical: 'lottery', roundId: roundIdOf(betId) },
    from: await systemAccount(tx, game.merchantId, 'GAMES'),
    to: await memberAccount(tx, bet.memberId),
    amount: Number(bet.stake),
  });
  await rollBackBet(tx, game.vassalage, roundIdOf(betId));
  tx.balanceChanged(bet.memberId);
  return true;
}

/** A running chase with no pending bet left is finished. */
async function finishChase(q: Queryable, chaseId: string): Promise<void> {
  await q.query(
    `update lottery_chases set state = 'finished' where id = $1 and state = 'running'
        and not exists (select 1 from lottery_bets where chase_id = $1 and state = 'pending')`,
    [chaseId],
  );
}

/** After a win: a stop-on-win chase refunds its bets in periods still open and stops. */
async function stopChaseOnWin(tx: MoneyTx, game: GameRow, chaseId: string, at: Date): Promise<number> {
  const [stopped] = await tx.query(
    `update lottery_chases set state = 'stopped_on_win' where id = $1 and stop_on_win and state = 'running'
     returning id`,
    [chaseId],
  );
  if (!stopped) return 0;
  const left = await tx.query<{ id: string }>(
    `select b.id::text as id from lottery_bets b join lottery_periods p on p.id = b.period_id
      where b.chase_id = $1 and b.state = 'pending' and p.state = 'open' order by b.id`,
    [chaseId],
  );
  let n = 0;
  for (const b of left) if (await refundBet(tx, game, b.id, at)) n++;
  return n;
}

export interface SettleResult {
  won: number;
  lost: number;
  refunded: number;
  /** Minor units paid out (stakes included). */
  paid: number;
  /** True when no pending bet is left (settled_at set). */
  done: boolean;
}

/**
 * Settles (drawn) or refunds (refunded) every pending bet of a period; sets settled_at when none
 * is left. A period still open or closed settles nothing.
 */
export async function settlePeriod(d: SettleDeps, periodId: string): Promise<SettleResult> {
  const out: SettleResult = { won: 0, lost: 0, refunded: 0, paid: 0, done: false };
  const period = await periodById(d.db, periodId);
  if (!period || (period.state !== 'drawn' && period.state !== 'refunded')) return out;
  const game = await gameById(d.db, period.gameId);
  if (!game) return out;
  const odds: OddsTable = period.state === 'drawn' ? await loadOdds(d.db, game.merchantId, game.kind) : [];
  const pending = await pendingBets(d.db, periodId);
  const chases = new Set<string>();
  if (period.state === 'refunded') {
    for (const bet of pending) {
      if (await d.money((tx) => refundBet(tx, game, bet.id, d.now()))) out.refunded++;
      if (bet.chaseId) chases.add(bet.chaseId);
    }
  } else {
    const outcomes = pending.map((bet) => {
      const o = settleLine(game.kind, bet, period.result!, odds);
      return { bet, winCount: o.winCount, payout: Math.max(0, Math.floor(o.payout)) };
    });
    // Losses move no money: decided together, in one transaction, by the same conditional update.
    const losers = outcomes.filter((o) => o.payout === 0);
    for (let i = 0; i < losers.length; i += 1_000) {
      const part = losers.slice(i, i + 1_000);
      const at = d.now();
      out.lost += await d.money(async (tx) => {
        const done = await tx.query<{ id: string }>(
          `update lottery_bets b set state = 'lost', win_count = 0, settled_at = $2
             from unnest($1::bigint[]) as x(id)
            where b.id = x.id and b.state = 'pending' returning b.id::text as id`,
          [part.map((o) => o.bet.id), at],
        );
        if (done.length > 0)
          await tx.query(
            `update bet_records set payout = 0, status = 'settled', settled_at = $3
              where vassalage = $1 and round_id = any($2::text[]) and status = 'open'`,
            [game.vassalage, done.map((r) => roundIdOf(r.id)), at],
          );
        return done.length;
      });
    }
    for (const { bet, winCount, payout } of outcomes.filter((o) => o.payout > 0)) {
      const at = d.now();
      const decided = await d.money(async (tx) => {
        const [row] = await tx.query(
          `update lottery_bets set state = 'won', payout = $2, win_count = $3, settled_at = $4
            where id = $1 and state = 'pending' returning id`,
          [bet.id, payout, winCount, at],
        );
        if (!row) return false;
        await move(tx, {
          type: 'payout',
          memberId: bet.memberId,
          ref: `lottery:${bet.id}:win`,
          memo: { vertical: 'lottery', roundId: roundIdOf(bet.id), numero: period.numero, game: game.code },
          from: await systemAccount(tx, game.merchantId, 'GAMES'),
          to: await memberAccount(tx, bet.memberId),
          amount: payout,
        });
        tx.balanceChanged(bet.memberId);
        await settleBet(tx, game.vassalage, roundIdOf(bet.id), payout, undefined, at);
        if (bet.chaseId) await stopChaseOnWin(tx, game, bet.chaseId, at);
        return true;
      });
      if (decided) {
        out.won++;
        out.paid += payout;
      }
    }
    for (const o of outcomes) if (o.bet.chaseId) chases.add(o.bet.chaseId);
  }
  for (const chaseId of chases) await finishChase(d.db, chaseId);
  const [closed] = await d.db.query(
    `update lottery_periods set settled_at = $2 where id = $1 and settled_at is null and state in ('drawn', 'refunded')
        and not exists (select 1 from lottery_bets where period_id = $1 and state = 'pending')
     returning id`,
    [periodId, d.now()],
  );
  out.done = Boolean(closed) || (await isSettled(d.db, periodId));
  return out;
}

async function isSettled(q: Queryable, periodId: string): Promise<boolean> {
  const [row] = await q.query<{ settled: boolean }>(
    `select settled_at is not null as settled from lottery_periods where id = $1`,
    [periodId],
  );
  return Boolean(row?.settled);
}
