import type { lotteryEndpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { BettingService } from './betting.service.ts';
import type { DrawsService } from './draws.service.ts';

/**
 * Thin handlers of the lottery calls (issue 7): the schedule, periods and draws (draws.service)
 * and the bets (betting.service). Guests see the installation's merchant.
 */
export function lotteryHandlers(
  draws: DrawsService,
  betting: BettingService,
): HandlerMap<typeof lotteryEndpoints> {
  return {
    lotteryPopular: ({ req, input }) => draws.popular(req.member, input),
    lotteryOpenedNumero: ({ req, input }) => draws.openedNumero(req.member, input.gameCode),
    vnGameMenu: ({ req, input }) => draws.vnMenu(req.member, input.prizeMode),
    vnRecent: ({ req, input }) => draws.vnRecent(req.member, input),
    vnOpenedNumeros: ({ req, input }) => draws.vnOpened(req.member, input),
    lotteryDraws: ({ req, input }) => draws.history(req.member, input),
    lotteryPlaceBets: ({ req, input }) => betting.place(requireMember(req), input),
    lotteryBets: ({ req, input }) => betting.list(requireMember(req), input),
    lotteryCancelBet: ({ req, input }) => betting.cancel(requireMember(req), input.betId),
    lotteryCancelChase: ({ req, input }) => betting.cancelChase(requireMember(req), input.chaseId),
  };
}
