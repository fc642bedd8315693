import { endpoints, type Endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { AccessService } from '../modules/access/access.service.ts';
import { routePath } from './errors.ts';

/** The API families the guards close (spec §7 paths). /ops and /dev stay open to operators. */
const GUARDED_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];

/**
 * The calls the client needs to render its guard pages (spec §2: maintenance and restricted
 * region pages on every path) and to change language on them. Everything else is closed.
 */
export const GUARD_ALLOWLIST = [
  'permission',
  'status',
  'whitelabel',
  'helpCenter',
  'health',
  'updateLanguage',
] as const satisfies readonly (keyof Endpoints)[];

const allowedPaths = new Set<string>(GUARD_ALLOWLIST.map((id) => endpoints[id].path));

export interface GuardsOptions {
  access: AccessService;
}

/**
 * Server-side enforcement of maintenance (503 MAINTENANCE) and region restriction
 * (403 REGION_RESTRICTED); the client's pages are only the visible half (issue 2 §5).
 */
async function guards(app: FastifyInstance, { access }: GuardsOptions): Promise<void> {
  app.addHook('onRequest', async (req) => {
    // By the route reached, not the raw target (request-target.test.ts).
    const path = routePath(req);
    if (!GUARDED_PREFIXES.some((p) => path.startsWith(p)) || allowedPaths.has(path)) return;
    const a = await access.evaluate(req);
    if (a.maintenance) throw new AppError('MAINTENANCE');
    if (a.regionRestriction) throw new AppError('REGION_RESTRICTED');
  });
}

export default fp(guards, { name: 'guards' });
