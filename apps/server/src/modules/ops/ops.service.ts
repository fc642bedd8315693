import {
  PATTERN_KINDS,
  patternById,
  REGISTER_FIELDS,
  type FieldConfig,
  type RegisterField,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { familyOf, normalizeIp, parseCidr } from '../../lib/net.ts';
import * as accessRepo from '../access/access.repository.ts';
import type { RegionRule } from '../access/access.repository.ts';
import * as systemRepo from '../system/system.repository.ts';
import { CASHIER_OPS_USAGE, cashierOps } from '../cashier/cashier.ops.ts';
import { createMoneyRunner } from '../ledger/money-tx.ts';
import { MESSAGES_OPS_USAGE, messagesOps } from '../messages/messages.ops.ts';
import { WALLET_OPS_USAGE, walletOps } from '../wallet/wallet.ops.ts';
import { GAMES_OPS_USAGE, gamesOps } from '../games/games.reconciler.ts';
import { createVendorProtocol } from '../games/vendor-protocol.service.ts';
import { StudioVendor } from '../../vendors/studio/studio.vendor.ts';
import { SPORTS_OPS_USAGE, createSportsStudio } from '../../vendors/studio/sports/sports.module.ts';
import type { MoneyOpsDeps } from './money-ops.ts';
import { LOTTERY_OPS_USAGE, lotteryOps } from '../lottery/lottery.ops.ts';
import { CONTRACTS_OPS_USAGE, contractsOps } from '../contracts/contracts.ops.ts';
import { ANNOUNCEMENTS_OPS_USAGE, announcementOps } from '../announcements/announcements.ops.ts';
import { PROMOTIONS_OPS_USAGE, promotionOps } from '../promotions/promotions.ops.ts';
import { POINTS_OPS_USAGE, pointsOps } from '../points/points.ops.ts';
import { REWARDS_OPS_USAGE, rewardOps } from '../rewards/rewards.ops.ts';
import { CONTENT_OPS_USAGE, contentOps } from '../content/content.ops.ts';
import { PROTECTION_OPS_USAGE, protectionOps } from '../protection/protection.ops.ts';
import { installProtectionGuard } from '../protection/protection.guard.ts';

/**
 * Operator actions (DESIGN §3 "Operators: an ops command line"). The CLI calls them directly on
 * the database, or through POST /ops/<command> when a server holds the PGlite data directory;
 * both paths go through `runOpsCommand` below.
 */
export interface OpsServiceDeps {
  db: Db;
  /** Called after every write so the local settings cache sees it at once. */
  onChange?: () => void;
  /** The clock of money commands (tests move it). */
  now?: () => Date;
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

export function createOpsService({ db, onChange = () => undefined, now = () => new Date() }: OpsServiceDeps) {
  const moneyDeps: MoneyOpsDeps = { db, money: createMoneyRunner(db), now };
  // Issue 10: money moved by ops commands (a deposit approved …) passes the protection guard too.
  installProtectionGuard(now);
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
    /** The money commands (issue 4) run in their own modules with these. */
    moneyDeps,

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

    /** Registration rules per field (spec §3/§5): shown, required, bounds and pattern kind. */
    async field(name: string, changes: Partial<FieldConfig>): Promise<OpsResult> {
      if (!(REGISTER_FIELDS as readonly string[]).includes(name)) {
        throw new AppError(
          'NOT_FOUND',
          `unknown field "${name}"; valid fields: ${REGISTER_FIELDS.join(', ')}`,
        );
      }
      const id = await merchantId();
      const rows = await systemRepo.listRegisterFields(db, id);
      const { field: _f, ...current } = rows.find((r) => r.field === name)!;
      const next: FieldConfig = { ...current, ...changes };
      const kind = patternById(next.patternId);
      if (!kind) {
        throw usage(`pattern must be one of ${PATTERN_KINDS.map((k) => `${k.id} (${k.name})`).join(', ')}`);
      }
      // The stored expression follows the kind (as the seed writes it) unless any characters are accepted.
      if (next.acceptedPattern !== '*') next.acceptedPattern = kind.re.source;
      if (next.minLength > next.maxLength)
        throw usage(`min (${next.minLength}) is above max (${next.maxLength})`);
      await systemRepo.updateRegisterField(db, id, name as RegisterField, next);
      onChange();
      return { message: `field ${name}: ${describeField(next)}` };
    },

    async fieldList(): Promise<OpsResult> {
      const rows = await systemRepo.listRegisterFields(db, await merchantId());
      return { message: rows.map((r) => `${r.field.padEnd(17)} ${describeField(r)}`).join('\n') };
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

function describeField(c: FieldConfig): string {
  const kind = patternById(c.patternId)?.name ?? '?';
  return `${c.enabled ? 'shown' : 'hidden'}, ${c.required ? 'required' : 'optional'}, ${c.minLength}-${c.maxLength}, pattern ${c.patternId} (${kind})${c.acceptedPattern === '*' ? ', any characters accepted' : ''}`;
}

/** `key=value` settings of the field command. */
function parseFieldChanges(args: readonly string[]): Partial<FieldConfig> {
  const out: Partial<FieldConfig> = {};
  const int = (k: string, v: string) => {
    if (!/^\d{1,4}$/.test(v)) throw usage(`${k} needs a whole number (got "${v}")`);
    return Number(v);
  };
  for (const arg of args) {
    const [k = '', v = ''] = arg.split('=', 2);
    if (k === 'enabled' || k === 'required') out[k] = onOff(v, k);
    else if (k === 'min') out.minLength = int(k, v);
    else if (k === 'max') out.maxLength = int(k, v);
    else if (k === 'pattern') out.patternId = int(k, v);
    // '*' accepts any characters (spec §3); '' is replaced by the pattern kind's own expression.
    else if (k === 'any') out.acceptedPattern = onOff(v, k) ? '*' : '';
    else
      throw usage(
        `unknown setting "${arg}": use enabled=on|off required=on|off min=N max=N pattern=N any=on|off`,
      );
  }
  if (Object.keys(out).length === 0)
    throw usage('field needs at least one setting, e.g. field qqNum required=on');
  return out;
}

export const OPS_COMMANDS = [
  'maintenance',
  'region',
  'flag',
  'field',
  'ledger',
  'deposit',
  'withdrawal',
  'c2c',
  'mail',
  'bonus',
  'games',
  'sports',
  'lottery',
  'contracts',
  // Issue 9: announcements, promotions, the point mall, rewards (referrals, missions), content.
  'announce',
  'promo',
  'points',
  'rewards',
  'content',
  // Issue 10: player protection.
  'protection',
] as const;
export type OpsCommand = (typeof OPS_COMMANDS)[number];

export const OPS_USAGE = `usage: npm run ops -- <command>
  maintenance on [message] | off      every API call answers 503 MAINTENANCE (guard pages still load)
  region block <code|ip|cidr>         restrict a country (MM), an address or a range (203.0.113.0/24)
  region unblock <code|ip|cidr>
  region list
  flag <modId> on|off                 toggle a whitelabel node (see GET /wps/system/whitelabel)
  field list                          registration rules per field
  field <name> key=value …            e.g. field qqNum enabled=on required=on min=5 max=12 pattern=7
                                      (keys: enabled, required, min, max, pattern 1-23, any=on|off)
${[WALLET_OPS_USAGE, CASHIER_OPS_USAGE, MESSAGES_OPS_USAGE, GAMES_OPS_USAGE, SPORTS_OPS_USAGE, LOTTERY_OPS_USAGE, CONTRACTS_OPS_USAGE, ANNOUNCEMENTS_OPS_USAGE, PROMOTIONS_OPS_USAGE, POINTS_OPS_USAGE, REWARDS_OPS_USAGE, CONTENT_OPS_USAGE, PROTECTION_OPS_USAGE].filter(Boolean).join('\n')}
  help`.replace(/\n+/g, '\n');

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
    case 'field': {
      const [name, ...rest] = args;
      if (name === 'list') return ops.fieldList();
      if (!name) throw usage('field needs: list, or <name> key=value …');
      return ops.field(name, parseFieldChanges(rest));
    }
    case 'ledger':
      return walletOps(ops.moneyDeps, command, args);
    case 'deposit':
    case 'withdrawal':
    case 'c2c':
      return cashierOps(ops.moneyDeps, command, args);
    case 'mail':
    case 'bonus':
      return messagesOps(ops.moneyDeps, command, args);
    case 'games': {
      const d = ops.moneyDeps;
      return gamesOps(
        new StudioVendor(d.db, createVendorProtocol({ db: d.db, money: d.money, now: d.now })),
        args,
      );
    }
    case 'sports': {
      const d = ops.moneyDeps;
      const platform = createVendorProtocol({ db: d.db, money: d.money, now: d.now });
      const sports = createSportsStudio({ db: d.db, platform, now: d.now, log: console });
      if (!sports.ops) throw usage('sports has no operator commands yet');
      return sports.ops.run(args);
    }
    case 'lottery':
      return lotteryOps(ops.moneyDeps, args);
    case 'contracts':
      return contractsOps(ops.moneyDeps, args);
    case 'announce':
      return announcementOps(ops.moneyDeps, args);
    case 'promo':
      return promotionOps(ops.moneyDeps, args);
    case 'points':
      return pointsOps(ops.moneyDeps, args);
    case 'rewards':
      return rewardOps(ops.moneyDeps, args);
    case 'content':
      return contentOps(ops.moneyDeps, args);
    case 'protection':
      return protectionOps(ops.moneyDeps, args);
    default:
      throw usage(`unknown command "${command}"\n${OPS_USAGE}`);
  }
}
