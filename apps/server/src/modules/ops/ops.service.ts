import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { familyOf, normalizeIp, parseCidr } from '../../lib/net.ts';
import * as accessRepo from '../access/access.repository.ts';
import type { RegionRule } from '../access/access.repository.ts';
import * as systemRepo from '../system/system.repository.ts';

/**
 * Operator actions (DESIGN §3 "Operators: an ops command line"). The CLI calls them directly on
 * the database, or through POST /ops/<command> when a server holds the PGlite data directory;
 * both paths go through `runOpsCommand` below.
 */
export interface OpsServiceDeps {
  db: Db;
  /** Called after every write so the local settings cache sees it at once. */
  onChange?: () => void;
}

export interface OpsResult {
  /** Human-readable outcome, printed by the CLI. */
  message: string;
}

export type OpsService = ReturnType<typeof createOpsService>;

const usage = (text: string) => new AppError('BAD_REQUEST', text);

/** A region rule from operator input: a country code, an IP address, or a CIDR. */
export function parseRegionTarget(raw: string): RegionRule {
  const v = raw.trim();
  if (/^[A-Za-z]{2}$/.test(v)) return { kind: 'country', value: v.toUpperCase() };
  if (familyOf(normalizeIp(v))) return { kind: 'ip', value: normalizeIp(v).toLowerCase() };
  if (parseCidr(v)) return { kind: 'cidr', value: v.toLowerCase() };
  throw usage(`"${raw}" is not a country code (e.g. MM), an IP address or a CIDR (e.g. 203.0.113.0/24)`);
}

export function createOpsService({ db, onChange = () => undefined }: OpsServiceDeps) {
  async function merchantId(): Promise<number> {
    const m = await systemRepo.findMerchant(db);
    if (!m) throw new AppError('SERVICE_UNAVAILABLE', 'no merchant: the database is not seeded');
    return m.id;
  }

  async function rule(raw: string): Promise<RegionRule> {
    const r = parseRegionTarget(raw);
    return r.kind === 'cidr' ? { kind: 'cidr', value: await accessRepo.canonicalCidr(db, r.value) } : r;
  }

  return {
    async maintenance(on: boolean, message?: string): Promise<OpsResult> {
      await accessRepo.setMaintenance(db, await merchantId(), on, on ? (message ?? null) : null);
      onChange();
      return { message: `maintenance ${on ? 'on' : 'off'}${on && message ? `: ${message}` : ''}` };
    },

    async regionBlock(raw: string): Promise<OpsResult> {
      const r = await rule(raw);
      const added = await accessRepo.addRegionRule(db, r);
      onChange();
      return { message: `${added ? 'blocked' : 'already blocked'}: ${r.kind} ${r.value}` };
    },

    async regionUnblock(raw: string): Promise<OpsResult> {
      const r = await rule(raw);
      const removed = await accessRepo.removeRegionRule(db, r);
      if (!removed) throw new AppError('NOT_FOUND', `no region rule for ${r.kind} ${r.value}`);
      onChange();
      return { message: `unblocked: ${r.kind} ${r.value}` };
    },

    async regionList(): Promise<OpsResult> {
      const rules = await accessRepo.listRegionRules(db);
      if (rules.length === 0) return { message: 'no region rules' };
      return { message: rules.map((r) => `${r.kind.padEnd(8)} ${r.value}`).join('\n') };
    },

    async flag(modId: string, on: boolean): Promise<OpsResult> {
      const id = await merchantId();
      if (!(await systemRepo.setNodeEnabled(db, id, modId, on))) {
        const valid = (await systemRepo.listWhitelabelRows(db, id)).map((r) => r.modId).sort();
        throw new AppError('NOT_FOUND', `unknown flag "${modId}"; valid ids: ${valid.join(', ')}`);
      }
      onChange();
      return { message: `flag ${modId} ${on ? 'on' : 'off'}` };
    },
  };
}

export const OPS_COMMANDS = ['maintenance', 'region', 'flag'] as const;
export type OpsCommand = (typeof OPS_COMMANDS)[number];

export const OPS_USAGE = `usage: npm run ops -- <command>
  maintenance on [message] | off      every API call answers 503 MAINTENANCE (guard pages still load)
  region block <code|ip|cidr>         restrict a country (MM), an address or a range (203.0.113.0/24)
  region unblock <code|ip|cidr>
  region list
  flag <modId> on|off                 toggle a whitelabel node (see GET /wps/system/whitelabel)
  help`;

function onOff(v: string | undefined, what: string): boolean {
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw usage(`${what} needs "on" or "off" (got ${v === undefined ? 'nothing' : `"${v}"`})`);
}

/** Parses one command's arguments and calls the service: the one entry of both CLI paths. */
export async function runOpsCommand(
  ops: OpsService,
  command: string,
  args: readonly string[],
): Promise<OpsResult> {
  switch (command) {
    case 'maintenance': {
      const on = onOff(args[0], 'maintenance');
      const message = args.slice(1).join(' ').trim();
      if (message.length > 500) throw usage('the maintenance message is limited to 500 characters');
      return ops.maintenance(on, message || undefined);
    }
    case 'region': {
      const [action, target] = args;
      if (action === 'list') return ops.regionList();
      if ((action === 'block' || action === 'unblock') && target) {
        return action === 'block' ? ops.regionBlock(target) : ops.regionUnblock(target);
      }
      throw usage('region needs: block <code|ip|cidr>, unblock <code|ip|cidr> or list');
    }
    case 'flag': {
      const [modId, state] = args;
      if (!modId) throw usage('flag needs: <modId> on|off');
      return ops.flag(modId, onOff(state, `flag ${modId}`));
    }
    default:
      throw usage(`unknown command "${command}"\n${OPS_USAGE}`);
  }
}
