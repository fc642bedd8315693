import type { pointsEndpoints } from '@app/contracts';
import type { DomainModule, ModuleDeps } from '../../lib/module.ts';

/** Points (issue 9): the handlers of the contract's `pointsEndpoints`, its jobs and routes. */
export function createPointsModule(deps: ModuleDeps): DomainModule<typeof pointsEndpoints> {
  void deps;
  return { handlers: {} };
}
