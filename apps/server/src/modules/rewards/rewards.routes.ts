import type { rewardEndpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import type { RouteConfig } from '../../lib/module.ts';
import { requestOrigin } from '../agents/agents.routes.ts';
import { requireRealAccount } from '../session/session.plugin.ts';
import type { RewardsService } from './rewards.service.ts';

type Ids = keyof typeof rewardEndpoints;

/**
 * Thin handlers of the reward centre (issue 9). Every call needs a real account: a trial account
 * (type 4) is told to use one (403 errors.in_need_true_account), as for other money pages.
 */
export function rewardHandlers(rewards: RewardsService): HandlerMap<typeof rewardEndpoints> {
  return {
    rewardList: ({ req, input }) => rewards.list(requireRealAccount(req), input),
    rewardClaim: ({ req, input }) => rewards.claim(requireRealAccount(req), input),
    rewardSummary: ({ req }) => rewards.summary(requireRealAccount(req)),
    referralInfo: ({ req }) => rewards.referralInfo(requireRealAccount(req), requestOrigin(req)),
    referralFriends: ({ req, input }) => rewards.referralFriends(requireRealAccount(req), input),
    missionList: ({ req }) => rewards.missions(requireRealAccount(req)),
    missionLeaderboard: ({ req }) => rewards.leaderboard(requireRealAccount(req)),
    redEnvelopeList: ({ req, input }) => rewards.envelopes(requireRealAccount(req), input),
    redEnvelopeOpen: ({ req, input }) => rewards.openEnvelope(requireRealAccount(req), input),
  };
}

/** A refused claim body names its problem: an unusable key, or an id that cannot be one. */
const CLAIM_MESSAGES: [field: string, message: string][] = [
  ['key', 'money.errors.idempotency_key'],
  ['rewardId', 'rewards.errors.not_found'],
];
export const rewardRouteConfigs: Partial<Record<Ids, RouteConfig>> = {
  rewardClaim: { validationMessage: (fields) => CLAIM_MESSAGES.find(([f]) => f in fields)?.[1] },
};
