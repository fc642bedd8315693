import {
  countBets,
  MAIN_WALLET,
  PAGE_SIZE_DEFAULT,
  selectionError,
  type LotteryBetDetail,
  type ParsedRequestOf,
  type RequestOf,
  type ResponseOf,
} from '@app/contracts';
import type { lotteryBets, lotteryCancelBet, lotteryCancelChase, lotteryPlaceBets } from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { once } from '../ledger/idempotency.ts';
import { insufficientBalance, memberAccount, move, systemAccount } from '../ledger/ledger.ts';
import type { MoneyRunner, MoneyTx } from '../ledger/money-tx.ts';
import type { SessionMember } from '../session/session.service.ts';
import * as repo from './bets.repository.ts';
import { refundBet, roundIdOf } from './settlement.ts';
import {
  ensurePeriods,
  gameByCode,
  periodById,
  periodByNumero,
  toDraw,
  toPeriod,
  type GameRow,
} from './lottery.repository.ts';

/**
 * Placing, listing and cancelling lottery bets (issue 7, spec §7).
 *
 * A slip is all or nothing, in one money transaction: its lines are checked by the shared rules
 * (the same the client's pickers use), the period (and a chase's later periods) locked for share
 * and checked on sale, the member's main balance locked and checked against the whole total,
 * then each bet (line × period) gets its lottery_bets row and its betting-record row (bet_records,
 * round LOT-<id>, open until the draw settles it), and the slip one 'bet' transfer MAIN → GAMES
 * (ref lottery:slip:<first bet id>, memo naming every bet; constant work for a 2 500-bet chase).
 * Any refusal throws before the commit: nothing is written. A cancel before the close is that
 * bet's stake back (GAMES → MAIN, memo.rollback, ref lottery:<id>:cancel), the record rolled back.
 */
export interface BettingDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
}

export type BettingService = ReturnType<typeof createBettingService>;

type PlaceRequest = RequestOf<typeof lotteryPlaceBets>;
type PlaceAnswer = ResponseOf<typeof lotteryPlaceBets>;

const unknownGame = () => new AppError('NOT_FOUND', 'lottery.errors.unknown_game');
const unknownPeriod = () => new AppError('NOT_FOUND', 'lottery.errors.unknown_period');
const bettingClosed = () => new AppError('CONFLICT', 'lottery.errors.betting_closed');
const cancelClosed = () => new AppError('CONFLICT', 'lottery.errors.cancel_closed');
const unknownBet = () => new AppError('NOT_FOUND', 'lottery.errors.unknown_bet');
const unknownChase = () => new AppError('NOT_FOUND', 'lottery.errors.unknown_chase');
const badLine = (key: string, index: number) => new AppError('BAD_REQUEST', key, { [`lines.${index}`]: key });

const onSale = (p: repo.LockedPeriod, now: Date) =>
  p.state === 'open' && now.getTime() < new Date(p.close_at).getTime();

export function createBettingService({ db, money, now }: BettingDeps) {
  /** The lines priced: each line's single bets and stake; a bad line answers 400 with its key. */
  function priceLines(game: GameRow, lines: PlaceRequest['lines']) {
    return lines.map((line, i) => {
      if (!game.playTypes.includes(line.playType)) throw badLine('lottery.errors.bad_play_type', i);
      const error = selectionError(game.kind, line.playType, line.selection);
      if (error) throw badLine(error, i);
      const betCount = countBets(game.kind, line.playType, line.selection);
      const stake = betCount * line.unit * line.multiplier;
      if (betCount <= 0 || !Number.isSafeInteger(stake) || stake <= 0)
        throw badLine('lottery.errors.bad_selection', i);
      return { ...line, betCount, stake };
    });
  }

  /** The member's main balance (0 when the wallet was never used). */
  async function mainBalance(q: MoneyTx, memberId: string): Promise<number> {
    const [row] = await q.query<{ balance: string }>(
      `select balance from ledger_accounts where kind = 'member' and member_id = $1 and wallet = $2`,
      [memberId, MAIN_WALLET],
    );
    return Number(row?.balance ?? 0);
  }

  async function place(m: SessionMember, input: PlaceRequest): Promise<PlaceAnswer> {
    const game = await gameByCode(db, m.merchantId, input.gameCode);
    if (!game || game.status !== 'active') throw unknownGame();
    const priced = priceLines(game, input.lines);
    const periodCount = input.chase?.periods ?? 1;
    const body = {
      gameCode: input.gameCode,
      numero: input.numero,
      lines: input.lines,
      chase: input.chase ?? null,
    };
    return once(
      money,
      { memberId: m.id, key: input.idempotencyKey, scope: 'lotteryPlaceBets', body },
      async (tx) => {
        const at = now();
        const start = await periodByNumero(tx, game.id, input.numero);
        if (!start) throw unknownPeriod();
        // A chase's later periods, by the schedule (created now when the draw job has not yet).
        const planned =
          periodCount > 1
            ? (await ensurePeriods(tx, game, new Date(start.drawAt.getTime() - 1), periodCount)).map(
                (p) => p.numero,
              )
            : [start.numero];
        // The periods (the draw's lock order: period first), for share: a close waits for this
        // slip to commit, or this slip sees the period closed.
        const periods = await repo.lockPeriods(tx, game.id, input.numero, periodCount);
        const first = periods[0];
        if (!first || first.numero !== input.numero) throw unknownPeriod();
        if (!onSale(first, at)) throw bettingClosed();
        // A chase needs every later period, in order, still ahead.
        if (periods.length < periodCount || periods.some((p, i) => p.numero !== planned[i]))
          throw unknownPeriod();
        if (periods.some((p) => !onSale(p, at))) throw bettingClosed();

        const bets: repo.NewLotteryBet[] = periods.flatMap((p) =>
          priced.map((l) => ({
            periodId: p.id,
            playType: l.playType,
            selection: l.selection,
            unit: l.unit,
            multiplier: l.multiplier,
            betCount: l.betCount,
            stake: l.stake,
          })),
        );
        const total = bets.reduce((s, b) => s + b.stake, 0);
        if (!Number.isSafeInteger(total)) throw badLine('lottery.errors.bad_multiplier', 0);

        const main = await memberAccount(tx, m.id, MAIN_WALLET);
        // Lock the wallet and check the whole total before writing anything (post would refuse the
        // bet that overdraws it too, but only after the rows before it were written).
        const [locked] = await tx.query<{ balance: string }>(
          `select balance from ledger_accounts where id = $1 for update`,
          [main.id],
        );
        if (Number(locked?.balance ?? 0) < total) throw insufficientBalance();

        const chaseId = input.chase
          ? await repo.insertChase(tx, {
              memberId: m.id,
              gameId: game.id,
              periods: periodCount,
              stopOnWin: input.chase.stopOnWin,
              at,
            })
          : null;
        const ids = await repo.insertBets(tx, m.id, chaseId, bets, at);
        // One 'bet' transfer for the slip (its memo names every bet): the betting record's rows
        // hold the same stakes, so GAMES stays Σ(stake − payout) of the open and settled ones.
        const posted = await move(tx, {
          type: 'bet',
          memberId: m.id,
          ref: `lottery:slip:${ids[0]}`,
          memo: slipMemo(game, periods, ids),
          from: main,
          to: await systemAccount(tx, game.merchantId, 'GAMES'),
          amount: total,
        });
        const balance = posted.balances.get(main.id) ?? 0;
        await repo.openBetRecords(
          tx,
          m.id,
          { vassalage: game.vassalage, gameId: game.catalogueGameId, gameName: game.label },
          ids.map((id, i) => ({ roundId: roundIdOf(id), stake: bets[i]!.stake })),
          at,
        );
        tx.balanceChanged(m.id);
        const rows = await repo.betsByIds(tx, ids);
        return { bets: rows.map((r) => repo.toLotteryBet(r, at)), chaseId, balance };
      },
    );
  }

  async function list(
    m: SessionMember,
    q: ParsedRequestOf<typeof lotteryBets>,
  ): Promise<ResponseOf<typeof lotteryBets>> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
    const { rows, total } = await repo.listBets(
      db,
      m.id,
      { gameCode: q.gameCode, numero: q.numero, chaseId: q.chaseId, state: q.state },
      { limit: pageSize, offset: (page - 1) * pageSize },
    );
    const at = now();
    return { items: rows.map((r) => repo.toLotteryBet(r, at)), page, pageSize, total };
  }

  /**
   * Refunds the member's bets (already locked, pending, on sale) as the draw's refunds do: the
   * stake back GAMES → MAIN (type 'bet', memo.rollback, ref lottery:<id>:cancel), state
   * cancelled, the betting record rolled back.
   */
  async function refund(tx: MoneyTx, bets: readonly repo.BetViewRow[], at: Date): Promise<void> {
    for (const b of bets)
      await refundBet(tx, { merchantId: b.merchant_id, vassalage: b.vassalage }, b.id, at, 'cancelled');
  }

  async function cancel(m: SessionMember, betId: number): Promise<ResponseOf<typeof lotteryCancelBet>> {
    // Read first (to learn the period), then lock in the draw's order: period, then the bet.
    const seen = await repo.memberBet(db, m.id, betId);
    if (!seen) throw unknownBet();
    return money(async (tx) => {
      const at = now();
      await repo.lockPeriodsById(tx, [seen.period_id]);
      const [bet] = await repo.lockBets(tx, m.id, [betId]);
      if (!bet) throw unknownBet();
      if (bet.state === 'pending') {
        if (!repo.isCancellable(bet, at)) throw cancelClosed();
        await refund(tx, [bet], at);
      } else if (bet.state !== 'cancelled') throw cancelClosed();
      const [after] = await repo.betsByIds(tx, [betId]);
      return { bet: repo.toLotteryBet(after!, at), balance: await mainBalance(tx, m.id) };
    });
  }

  async function cancelChase(
    m: SessionMember,
    chaseId: number,
  ): Promise<ResponseOf<typeof lotteryCancelChase>> {
    return money(async (tx) => {
      const at = now();
      const chase = await repo.lockChase(tx, m.id, chaseId);
      if (!chase) throw unknownChase();
      const pending = await repo.pendingChaseBets(tx, chaseId);
      // Periods first (ascending id), then the bets, like a single cancel and the draw.
      const periods = await repo.lockPeriodsById(tx, [...new Set(pending.map((b) => b.period_id))]);
      const bets = await repo.lockBets(
        tx,
        m.id,
        pending.map((b) => Number(b.id)),
      );
      const open = bets.filter(
        (b) =>
          b.state === 'pending' &&
          onSale(
            periods.find((p) => p.id === b.period_id)!,
            at,
          ),
      );
      await refund(tx, open, at);
      if (chase.state === 'running') await repo.setChaseState(tx, chaseId, 'cancelled');
      return { cancelled: open.length, balance: await mainBalance(tx, m.id) };
    });
  }

  return { place, list, cancel, cancelChase };
}

/** The account record's memo of a slip's debit (like the vendor protocol's: vassalage, game, rounds). */
function slipMemo(
  game: Pick<GameRow, 'code' | 'label' | 'vassalage' | 'catalogueGameId'>,
  periods: readonly repo.LockedPeriod[],
  betIds: readonly number[],
): Record<string, unknown> {
  return {
    vassalage: game.vassalage,
    gameId: game.catalogueGameId,
    game: game.label,
    gameCode: game.code,
    numero: periods[0]!.numero,
    periods: periods.length,
    betIds,
  };
}

/**
 * The betting record's detail of a lottery bet (betDetail, round LOT-<id>): the bet, its period
 * and its draw, read now (never a stored copy, which would go stale at the draw); null when the
 * bet is not the member's.
 */
export async function lotteryBetDetail(
  q: Queryable,
  memberId: string,
  betId: number,
  at: Date,
): Promise<LotteryBetDetail | null> {
  const bet = await repo.memberBet(q, memberId, betId);
  if (!bet) return null;
  const period = await periodById(q, bet.period_id);
  if (!period) return null;
  const drawn = period.state === 'drawn' || period.state === 'refunded';
  return {
    kind: 'lottery',
    bet: repo.toLotteryBet(bet, at),
    period: toPeriod(period),
    draw: drawn ? toDraw(period, { code: bet.game_code, label: bet.game_label, kind: bet.game_kind }) : null,
  };
}
