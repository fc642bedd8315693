import type { Permission } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';
import { addressSet, familyOf, normalizeIp } from '../../lib/net.ts';
import * as systemRepo from '../system/system.repository.ts';
import * as repo from './access.repository.ts';

/** Issue 2 §5: settings are read through a short cache so an ops change takes effect quickly. */
export const SETTINGS_TTL_MS = 2_000;

interface Snapshot {
  maintenance: boolean;
  maintenanceMessage: string | null;
  blockedCountries: Set<string>;
  ipBlocked: (ip: string) => boolean;
  expires: number;
}

export interface AccessServiceDeps {
  db: Db;
  /** True when the socket peer is one of TRUST_PROXY (DESIGN §7). */
  isTrustedProxy: (peer: string) => boolean;
  now?: () => number;
}

export interface CallerAccess extends Permission {
  ip: string;
}

export type AccessService = ReturnType<typeof createAccessService>;

export function createAccessService({ db, isTrustedProxy, now = Date.now }: AccessServiceDeps) {
  let cache: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;

  async function load(): Promise<Snapshot> {
    const merchant = await systemRepo.findMerchant(db);
    const [settings, rules] = await Promise.all([
      merchant
        ? repo.getSettings(db, merchant.id)
        : Promise.resolve({ maintenance: false, maintenanceMessage: null }),
      repo.listRegionRules(db),
    ]);
    return {
      ...settings,
      blockedCountries: new Set(rules.filter((r) => r.kind === 'country').map((r) => r.value)),
      ipBlocked: addressSet(rules.filter((r) => r.kind !== 'country').map((r) => r.value)),
      expires: now() + SETTINGS_TTL_MS,
    };
  }

  async function snapshot(): Promise<Snapshot> {
    if (cache && cache.expires > now()) return cache;
    // Concurrent requests share one load instead of each hitting the database.
    loading ??= load().finally(() => {
      loading = null;
    });
    cache = await loading;
    return cache;
  }

  /**
   * The caller's country: a trusted proxy's `X-Country-Code` header (e.g. a CDN's geo header),
   * otherwise the ip table. A header from any other peer is ignored: it is the caller's word.
   */
  async function countryOf(req: FastifyRequest, ip: string): Promise<string | null> {
    const header = req.headers['x-country-code'];
    if (
      typeof header === 'string' &&
      /^[A-Za-z]{2}$/.test(header) &&
      isTrustedProxy(req.socket.remoteAddress ?? '')
    ) {
      return header.toUpperCase();
    }
    if (!familyOf(ip)) return null;
    return repo.countryOfIp(db, ip);
  }

  return {
    /** Drops the cached settings; called after local writes (ops). */
    invalidate(): void {
      cache = null;
    },

    /**
     * Maintenance and region state for this request. `req.ip` is the socket address unless the
     * peer is a TRUST_PROXY address (Fastify's trustProxy), so a spoofed X-Forwarded-For changes
     * nothing. The country is looked up only when needed (`full`, or country rules exist).
     */
    async evaluate(req: FastifyRequest, full = false): Promise<CallerAccess> {
      const s = await snapshot();
      const ip = normalizeIp(req.ip);
      const country = full || s.blockedCountries.size > 0 ? await countryOf(req, ip) : null;
      const byAddress = s.ipBlocked(ip);
      return {
        ip,
        maintenance: s.maintenance,
        maintenanceMessage: s.maintenanceMessage,
        regionRestriction: byAddress || (country !== null && s.blockedCountries.has(country)),
        // Issue 9: a rule on the caller's address (ip or cidr) also says so (spec §2 IP-blocked
        // page: "access from your network address is blocked"); calls still answer REGION_RESTRICTED.
        ipBlocked: byAddress,
        country,
      };
    },
  };
}
