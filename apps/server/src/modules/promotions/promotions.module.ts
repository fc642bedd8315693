import type { promotionEndpoints } from '@app/contracts';
import type { DomainModule, ModuleDeps } from '../../lib/module.ts';

/** Promotions (issue 9): the handlers of the contract's `promotionEndpoints`, its jobs and routes. */
export function createPromotionsModule(deps: ModuleDeps): DomainModule<typeof promotionEndpoints> {
  void deps;
  return { handlers: {} };
}
