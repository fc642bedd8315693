import type { Endpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import type { SystemService } from './system.service.ts';

type SystemIds =
  'whitelabel' | 'registerSetting' | 'status' | 'domainRoute' | 'helpCenter' | 'countries' | 'health';

/** Thin handlers of the system endpoints (CONVENTIONS habit 3). */
export function systemHandlers(system: SystemService): Pick<HandlerMap<Endpoints>, SystemIds> {
  return {
    whitelabel: () => system.whitelabel(),
    registerSetting: () => system.registerSetting(),
    status: () => system.status(),
    domainRoute: () => system.domainRoute(),
    helpCenter: ({ input }) => system.helpCenter(input.language),
    countries: () => system.countries(),
    health: () => system.health(),
    // updateLanguage stores the signed-in member's choice: modules/session/session.routes.ts.
  };
}
