import {
  LIMIT_KINDS,
  LIMIT_PERIOD_HOURS,
  LIMIT_PERIODS,
  MAIN_WALLET,
  type LimitKind,
  type LimitPeriod,
} from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

/**
 * Player protection rows (migration 0022) and the sums the limits count. Windows are rolling and
 * counted on the database's clock, the clock that stamps ledger transfers and deposits.
 */

export interface ProtectionRow {
  member_id: string;
  session_limit_minutes: number | null;
  session_limit_pending_minutes: number | null;
  session_limit_effective_at: Date | null;
  reality_check_minutes: number | null;
  deposit_prompt_answered_at: Date | null;
  exclusion_kind: 'time_out' | 'self_exclusion' | null;
  excluded_until: Date | null;
  excluded_at: Date | null;
}

export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: string | null;
  pending_amount: string | null;
  pending_effective_at: Date | null;
}

const PROTECTION_COLUMNS = `member_id::text as member_id, session_limit_minutes, session_limit_pending_minutes,
  session_limit_effective_at, reality_check_minutes, deposit_prompt_answered_at, exclusion_kind,
  excluded_until, excluded_at`;

/** The member's row; `lock` takes it FOR UPDATE (the money guard and every change). */
export async function protectionOf(
  q: Queryable,
  memberId: string,
  lock = false,
): Promise<ProtectionRow | null> {
  const [row] = await q.query<ProtectionRow>(
    `select ${PROTECTION_COLUMNS} from member_protection where member_id = $1${lock ? ' for update' : ''}`,
    [memberId],
  );
  return row ?? null;
}

/** Creates the member's row when missing, then locks it. */
export async function lockProtection(q: Queryable, memberId: string, now: Date): Promise<ProtectionRow> {
  await q.query(
    `insert into member_protection (member_id, updated_at) values ($1, $2) on conflict (member_id) do nothing`,
    [memberId, now],
  );
  return (await protectionOf(q, memberId, true))!;
}

export async function limitsOf(q: Queryable, memberId: string): Promise<LimitRow[]> {
  return q.query<LimitRow>(
    `select kind, period, amount::text as amount, pending_amount::text as pending_amount, pending_effective_at
       from member_limits where member_id = $1`,
    [memberId],
  );
}

/** The limit in force at `now` (a pending change that is due counts), null: none. */
export function effectiveAmount(l: LimitRow | undefined, now: Date): number | null {
  if (!l) return null;
  if (l.pending_effective_at && l.pending_effective_at.getTime() <= now.getTime())
    return l.pending_amount === null ? null : Number(l.pending_amount);
  return l.amount === null ? null : Number(l.amount);
}

export function effectiveSessionLimit(p: ProtectionRow | null, now: Date): number | null {
  if (!p) return null;
  if (p.session_limit_effective_at && p.session_limit_effective_at.getTime() <= now.getTime())
    return p.session_limit_pending_minutes;
  return p.session_limit_minutes;
}

/** Writes down every pending change that is due (lazily on read, and by the job). */
export async function applyDue(q: Queryable, now: Date, memberId?: string): Promise<number> {
  const who = memberId ? ' and member_id = $2' : '';
  const params = memberId ? [now, memberId] : [now];
  const limits = await q.query(
    `update member_limits set amount = pending_amount, pending_amount = null, pending_effective_at = null,
            updated_at = $1
      where pending_effective_at <= $1${who} returning 1`,
    params,
  );
  const sessions = await q.query(
    `update member_protection set session_limit_minutes = session_limit_pending_minutes,
            session_limit_pending_minutes = null, session_limit_effective_at = null, updated_at = $1
      where session_limit_effective_at <= $1${who} returning 1`,
    params,
  );
  return limits.length + sessions.length;
}

export type Usage = Record<LimitKind, Record<LimitPeriod, number>>;

export function emptyUsage(): Usage {
  const u = {} as Usage;
  for (const k of LIMIT_KINDS) u[k] = { day: 0, week: 0, month: 0 };
  return u;
}

const windowFilter = (period: LimitPeriod) =>
  `t.created_at > now() - make_interval(hours => ${LIMIT_PERIOD_HOURS[period]})`;

/**
 * What counts against the limits now, per kind and period. Stakes are the money that leaves the
 * member's MAIN wallet into play (`bet` debits, transfers into a vendor wallet); returns are what
 * comes back into it from play (payouts, refunds, a vendor transfer voided or collected back).
 * Bets inside a vendor's own wallet were counted when the money went there. Deposits: `deposits`
 * rows pending or succeeded (`ledger = false`), or the deposits credited on the ledger.
 */
export async function usageOf(
  q: Queryable,
  memberId: string,
  o: { ledgerDeposits: boolean },
): Promise<Usage> {
  const cols: string[] = [];
  for (const p of LIMIT_PERIODS) {
    const w = windowFilter(p);
    cols.push(
      `coalesce(sum(-e.amount) filter (where e.amount < 0 and t.type in ('bet', 'wallet_out') and ${w}), 0)::text as stake_${p}`,
      `coalesce(sum(e.amount) filter (where e.amount > 0 and t.type in ('bet', 'payout', 'wallet_out', 'wallet_in') and ${w}), 0)::text as back_${p}`,
      `coalesce(sum(e.amount) filter (where e.amount > 0 and t.type = 'deposit' and ${w}), 0)::text as deposit_${p}`,
    );
  }
  const [row] = await q.query<Record<string, string>>(
    `select ${cols.join(',\n')}
       from ledger_transfers t
       join ledger_entries e on e.transfer_id = t.id
       join ledger_accounts a on a.id = e.account_id and a.kind = 'member' and a.member_id = $1 and a.wallet = $2
      where t.member_id = $1 and t.created_at > now() - make_interval(hours => ${LIMIT_PERIOD_HOURS.month})
        and t.type in ('bet', 'payout', 'wallet_out', 'wallet_in', 'deposit')`,
    [memberId, MAIN_WALLET],
  );
  const u = emptyUsage();
  let requested: Record<string, string> | undefined;
  if (!o.ledgerDeposits) {
    const dcols = LIMIT_PERIODS.map(
      (p) =>
        `coalesce(sum(case when status = 'succeeded' then coalesce(credited, amount) else amount end)
           filter (where ${windowFilter(p)}), 0)::text as deposit_${p}`,
    );
    [requested] = await q.query<Record<string, string>>(
      `select ${dcols.join(', ')} from deposits t
        where member_id = $1 and status in ('pending', 'succeeded')
          and created_at > now() - make_interval(hours => ${LIMIT_PERIOD_HOURS.month})`,
      [memberId],
    );
  }
  for (const p of LIMIT_PERIODS) {
    const stake = Number(row?.[`stake_${p}`] ?? 0);
    const back = Number(row?.[`back_${p}`] ?? 0);
    u.wager[p] = stake;
    u.loss[p] = Math.max(0, stake - back);
    u.deposit[p] = Number((o.ledgerDeposits ? row : requested)?.[`deposit_${p}`] ?? 0);
  }
  return u;
}

/** Payouts and refunds minus stakes on the MAIN wallet since `from` (the ledger's clock). */
export async function netSince(q: Queryable, memberId: string, from: Date): Promise<number> {
  const [row] = await q.query<{ net: string }>(
    `select coalesce(sum(e.amount), 0)::text as net
       from ledger_transfers t
       join ledger_entries e on e.transfer_id = t.id
       join ledger_accounts a on a.id = e.account_id and a.kind = 'member' and a.member_id = $1 and a.wallet = $2
      where t.member_id = $1 and t.created_at >= $3 and t.type in ('bet', 'payout', 'wallet_out', 'wallet_in')`,
    [memberId, MAIN_WALLET, from],
  );
  return Number(row?.net ?? 0);
}

/** The time-out or self-exclusion in force at `now`, or null. */
export function activeExclusion(
  p: Pick<ProtectionRow, 'exclusion_kind' | 'excluded_until'> | null,
  now: Date,
): { kind: 'time_out' | 'self_exclusion'; until: Date | null } | null {
  if (!p?.exclusion_kind) return null;
  if (p.excluded_until && p.excluded_until.getTime() <= now.getTime()) return null;
  return { kind: p.exclusion_kind, until: p.excluded_until };
}
