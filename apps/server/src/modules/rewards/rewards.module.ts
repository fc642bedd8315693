import type { rewardEndpoints } from '@app/contracts';
import type { DomainModule, ModuleDeps } from '../../lib/module.ts';
import { startRewardsJob } from './rewards.job.ts';
import { rewardHandlers, rewardRouteConfigs } from './rewards.routes.ts';
import { createRewardsService } from './rewards.service.ts';

/**
 * Rewards (issue 9): the reward centre, invitations, missions with their leaderboard and the
 * receiving side of red envelopes — the handlers of the contract's `rewardEndpoints` and the
 * rewards job (expiry, missions, invitations).
 */
export function createRewardsModule(deps: ModuleDeps): DomainModule<typeof rewardEndpoints> {
  const rewards = createRewardsService(deps);
  return {
    handlers: rewardHandlers(rewards),
    routeConfigs: rewardRouteConfigs,
    start: () => startRewardsJob(rewards, deps.log),
  };
}
