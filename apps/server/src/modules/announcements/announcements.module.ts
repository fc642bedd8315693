import type { announcementEndpoints } from '@app/contracts';
import type { DomainModule, ModuleDeps } from '../../lib/module.ts';
import { announcementHandlers, bannerImageRoutes } from './announcements.routes.ts';
import { createAnnouncementsService } from './announcements.service.ts';

/**
 * Announcements (issue 9): the relays of the contract's `announcementEndpoints` (announcements by
 * type, the winners board) and the demo banners' pictures. Publishing is the operator's
 * (`npm run ops -- announce …`, announcements.ops.ts) and the seed's.
 */
export function createAnnouncementsModule(deps: ModuleDeps): DomainModule<typeof announcementEndpoints> {
  const service = createAnnouncementsService({ db: deps.db, now: deps.now, system: deps.system });
  return {
    handlers: announcementHandlers(service),
    routes: bannerImageRoutes,
  };
}
