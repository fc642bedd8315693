import type { LotteryMenu, PrizeMode, RequestOf, ResponseOf, VnRegion } from '@app/contracts';
import type {
  lotteryDraws,
  lotteryOpenedNumero,
  lotteryPopular,
  vnGameMenu,
  vnOpenedNumeros,
  vnRecent,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';
import type { SessionMember } from '../session/session.service.ts';

/**
 * The draw engine's read side and its job (issue 7). NOTE (scaffolding): built by the engine work.
 */
type Caller = SessionMember | null;

export interface DrawsDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
}

export type DrawsService = ReturnType<typeof createDrawsService>;

export function createDrawsService(_deps: DrawsDeps) {
  const todo = (): never => {
    throw new AppError('NOT_FOUND', 'lottery.errors.unknown_game');
  };
  return {
    /** The lottery menus of gameMenus (spec §3): one per group, games in order. */
    async menus(_merchantId: number): Promise<LotteryMenu[]> {
      return [];
    },
    async popular(
      _c: Caller,
      _q: RequestOf<typeof lotteryPopular>,
    ): Promise<ResponseOf<typeof lotteryPopular>> {
      return todo();
    },
    async openedNumero(_c: Caller, _gameCode: string): Promise<ResponseOf<typeof lotteryOpenedNumero>> {
      return todo();
    },
    async vnMenu(_c: Caller, _prizeMode: PrizeMode | undefined): Promise<ResponseOf<typeof vnGameMenu>> {
      return todo();
    },
    async vnRecent(
      _c: Caller,
      _q: RequestOf<typeof vnRecent> & { region?: VnRegion | undefined },
    ): Promise<ResponseOf<typeof vnRecent>> {
      return todo();
    },
    async vnOpened(
      _c: Caller,
      _q: RequestOf<typeof vnOpenedNumeros>,
    ): Promise<ResponseOf<typeof vnOpenedNumeros>> {
      return todo();
    },
    async history(_c: Caller, _q: RequestOf<typeof lotteryDraws>): Promise<ResponseOf<typeof lotteryDraws>> {
      return todo();
    },
    /** Starts the draw job (periods ahead, close, draw, settle; missed periods on start). */
    start(): () => void {
      return () => {};
    },
  };
}
