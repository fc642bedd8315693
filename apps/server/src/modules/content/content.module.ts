import type { contentEndpoints } from '@app/contracts';
import type { DomainModule, ModuleDeps } from '../../lib/module.ts';

/** Content (issue 9): the handlers of the contract's `contentEndpoints`, its jobs and routes. */
export function createContentModule(deps: ModuleDeps): DomainModule<typeof contentEndpoints> {
  void deps;
  return { handlers: {} };
}
