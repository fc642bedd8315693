import type { RequestOf, ResponseOf } from '@app/contracts';
import type { lotteryBets, lotteryCancelBet, lotteryCancelChase, lotteryPlaceBets } from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';
import type { SessionMember } from '../session/session.service.ts';

/**
 * Placing, listing and cancelling lottery bets (issue 7). NOTE (scaffolding): built by the betting work.
 */
export interface BettingDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
}

export type BettingService = ReturnType<typeof createBettingService>;

export function createBettingService(_deps: BettingDeps) {
  const todo = (): never => {
    throw new AppError('NOT_FOUND', 'lottery.errors.unknown_game');
  };
  return {
    async place(
      _m: SessionMember,
      _q: RequestOf<typeof lotteryPlaceBets>,
    ): Promise<ResponseOf<typeof lotteryPlaceBets>> {
      return todo();
    },
    async list(
      _m: SessionMember,
      _q: RequestOf<typeof lotteryBets>,
    ): Promise<ResponseOf<typeof lotteryBets>> {
      return todo();
    },
    async cancel(_m: SessionMember, _betId: number): Promise<ResponseOf<typeof lotteryCancelBet>> {
      return todo();
    },
    async cancelChase(_m: SessionMember, _chaseId: number): Promise<ResponseOf<typeof lotteryCancelChase>> {
      return todo();
    },
  };
}
