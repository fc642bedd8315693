import type { announcementEndpoints } from '@app/contracts';
import type { DomainModule, ModuleDeps } from '../../lib/module.ts';

/** Announcements (issue 9): the handlers of the contract's `announcementEndpoints`, its jobs and routes. */
export function createAnnouncementsModule(deps: ModuleDeps): DomainModule<typeof announcementEndpoints> {
  void deps;
  return { handlers: {} };
}
