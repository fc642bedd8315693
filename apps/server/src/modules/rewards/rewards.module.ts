import type { rewardEndpoints } from '@app/contracts';
import type { DomainModule, ModuleDeps } from '../../lib/module.ts';

/** Rewards (issue 9): the handlers of the contract's `rewardEndpoints`, its jobs and routes. */
export function createRewardsModule(deps: ModuleDeps): DomainModule<typeof rewardEndpoints> {
  void deps;
  return { handlers: {} };
}
