import {
  formatMinor,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  parseMajor,
  type LimitKind,
  type LimitPeriod,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import * as repo from './protection.repository.ts';
import { createProtectionService } from './protection.service.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const PROTECTION_OPS_USAGE = `  protection show <account>          a player's limits (in force, used, waiting for the cooling-off), session
                                      limit, reality check, time-out or self-exclusion
  protection set <account> <deposit|wager|loss> <day|week|month> <amount|off>
                                      records a player's limit where the law allows it (same rules as the
                                      player's own: lower at once, raise or remove after 24 hours)
  protection session <account> <minutes|off>   the same for the session time limit`;

const usage = (text: string) => new AppError('BAD_REQUEST', text);

async function memberOf(d: MoneyOpsDeps, account: string | undefined) {
  if (!account) throw usage('name the player by account');
  const [m] = await d.db.query<{ id: string; type: number; account: string }>(
    'select id::text as id, type, account from members where account = lower($1)',
    [account],
  );
  if (!m) throw new AppError('NOT_FOUND', `no member "${account}"`);
  return m;
}

const money = (v: number | null) => (v === null ? 'none' : formatMinor(v));

async function show(d: MoneyOpsDeps, account: string | undefined): Promise<OpsResult> {
  const m = await memberOf(d, account);
  const service = createProtectionService({ db: d.db, now: d.now });
  const s = await service.settings({ id: m.id, type: m.type, sessionId: '0' });
  const p = await repo.protectionOf(d.db, m.id);
  const t = d.now();
  const excluded = repo.activeExclusion(p, t);
  const lines = [`${m.account}${s.trial ? ' (trial account: no money limits)' : ''}`];
  lines.push('limit             in force        used            pending');
  for (const l of s.limits) {
    const pending = l.pending ? `${money(l.pending.amount)} from ${l.pending.effectiveAt}` : '-';
    lines.push(
      `${`${l.kind} ${l.period}`.padEnd(18)}${money(l.amount).padEnd(16)}${formatMinor(l.used).padEnd(16)}${pending}`,
    );
  }
  const sl = s.sessionLimit;
  lines.push(
    `session limit     ${sl.minutes === null ? 'none' : `${sl.minutes} min`}${sl.pending ? ` (then ${sl.pending.minutes ?? 'none'} from ${sl.pending.effectiveAt})` : ''}`,
  );
  lines.push(
    `reality check     ${s.realityCheckMinutes === null ? 'off' : `every ${s.realityCheckMinutes} min`}`,
  );
  lines.push(`deposit prompt    ${s.depositLimitPrompt ? 'not answered' : 'answered'}`);
  lines.push(
    `exclusion         ${
      excluded
        ? `${excluded.kind === 'time_out' ? 'time-out' : 'self-exclusion'} until ${excluded.until?.toISOString() ?? 'indefinite'} (since ${p?.excluded_at?.toISOString()})`
        : 'none'
    }`,
  );
  return { message: lines.join('\n') };
}

async function set(d: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const [account, kind, period, value] = args;
  const m = await memberOf(d, account);
  if (!(LIMIT_KINDS as readonly string[]).includes(kind ?? '')) throw usage('kind: deposit, wager or loss');
  if (!(LIMIT_PERIODS as readonly string[]).includes(period ?? '')) throw usage('period: day, week or month');
  const amount = value === 'off' ? null : parseMajor(value ?? '');
  if (value !== 'off' && amount === null) throw usage('amount: a sum like 50000 or 50000.00, or off');
  const service = createProtectionService({ db: d.db, now: d.now });
  const r = await service.setLimit(
    { id: m.id, type: m.type, sessionId: '0' },
    { kind: kind as LimitKind, period: period as LimitPeriod, amount },
  );
  return {
    message: `${m.account} ${kind} ${period}: ${money(amount)} ${r.effect === 'now' ? 'in force now' : `from ${r.effectiveAt} (cooling-off)`}`,
  };
}

async function sessionLimit(d: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const [account, value] = args;
  const m = await memberOf(d, account);
  const minutes = value === 'off' ? null : Number(value);
  if (minutes !== null && !Number.isInteger(minutes)) throw usage('minutes: a whole number, or off');
  const service = createProtectionService({ db: d.db, now: d.now });
  const r = await service.setSessionLimit({ id: m.id, type: m.type, sessionId: '0' }, minutes);
  return {
    message: `${m.account} session limit: ${minutes ?? 'none'} ${r.effect === 'now' ? 'in force now' : `from ${r.effectiveAt} (cooling-off)`}`,
  };
}

export async function protectionOps(d: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const [action, ...rest] = args;
  switch (action) {
    case 'show':
      return show(d, rest[0]);
    case 'set':
      return set(d, rest);
    case 'session':
      return sessionLimit(d, rest);
    default:
      throw usage(
        `protection needs: show <account>, set <account> <kind> <period> <amount|off>, session <account> <minutes|off>\n${PROTECTION_OPS_USAGE}`,
      );
  }
}
