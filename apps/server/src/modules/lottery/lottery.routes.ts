import type { lotteryEndpoints } from '@app/contracts';
import type { FastifyContextConfig } from 'fastify';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember, requireRealAccount } from '../session/session.plugin.ts';
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
    // Real money only: a free-play account is told to open a real one (403).
    lotteryPlaceBets: ({ req, input }) => betting.place(requireRealAccount(req), input),
    lotteryBets: ({ req, input }) => betting.list(requireMember(req), input),
    lotteryCancelBet: ({ req, input }) => betting.cancel(requireMember(req), input.betId),
    lotteryCancelChase: ({ req, input }) => betting.cancelChase(requireMember(req), input.chaseId),
  };
}

/**
 * A refused slip names its precise problem (the contract's keys), the first in this order:
 * fields are the body's paths (lines.0.unit …), their values the zod issue's generic key.
 */
const SLIP_FIELD_MESSAGES: [field: RegExp, message: (generic: string) => string][] = [
  [/^gameCode$/, () => 'lottery.errors.unknown_game'],
  [/^numero$/, () => 'lottery.errors.unknown_period'],
  [/^idempotencyKey$/, () => 'money.errors.idempotency_key'],
  [
    /^lines$/,
    (g) => (g === 'errors.too_long' ? 'lottery.errors.too_many_lines' : 'lottery.errors.empty_slip'),
  ],
  [/^lines\.\d+\.playType$/, () => 'lottery.errors.bad_play_type'],
  [/^lines\.\d+\.selection(\.|$)/, () => 'lottery.errors.bad_selection'],
  [/^lines\.\d+\.unit$/, () => 'lottery.errors.bad_unit'],
  [/^lines\.\d+\.multiplier$/, () => 'lottery.errors.bad_multiplier'],
  [/^chase(\.|$)/, () => 'lottery.errors.bad_chase'],
];

export function slipValidationMessage(fields: Record<string, string>): string | undefined {
  for (const [pattern, message] of SLIP_FIELD_MESSAGES) {
    const field = Object.keys(fields).find((f) => pattern.test(f));
    if (field) return message(fields[field]!);
  }
  return undefined;
}

type RouteConfig = Omit<FastifyContextConfig, 'endpointId' | 'auth'>;
export const lotteryRouteConfigs: Partial<Record<keyof typeof lotteryEndpoints, RouteConfig>> = {
  lotteryPlaceBets: { validationMessage: slipValidationMessage },
};
