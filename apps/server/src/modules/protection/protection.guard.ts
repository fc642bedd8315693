import { LIMIT_PERIODS, TRIAL_TYPE, type LimitKind, type LimitPeriod } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { setPostGuard, type Leg, type PostInput } from '../ledger/ledger.ts';
import * as repo from './protection.repository.ts';

/**
 * The money guard of player protection (issue 10): every deposit and stake of a member is checked
 * against the member's limits, time-out and self-exclusion inside the transaction that moves the
 * money. The member's protection row is locked FOR UPDATE first, so concurrent movements of one
 * member are checked one after the other and can never pass a limit together. A member without a
 * row has set nothing: one primary-key lookup and the movement goes on.
 */

export const limitError = (kind: LimitKind, period: LimitPeriod, limit: number, used: number) =>
  new AppError('UNPROCESSABLE', `protection.errors.${kind}_limit`, undefined, {
    value: { kind, period, limit, used },
  });

/** The login (and money) refusal of a member under time-out or self-exclusion. */
export function exclusionError(e: { kind: 'time_out' | 'self_exclusion'; until: Date | null }): AppError {
  return new AppError(
    'FORBIDDEN',
    e.kind === 'time_out' ? 'errors.timed_out' : 'errors.self_excluded',
    undefined,
    {
      value: { until: e.until ? e.until.toISOString() : null },
    },
  );
}

/** The member's time-out or self-exclusion in force now, or null (a read, no lock). */
export async function exclusionOf(
  q: Queryable,
  memberId: string | number,
  now: Date,
): Promise<{ kind: 'time_out' | 'self_exclusion'; until: Date | null } | null> {
  const [row] = await q.query<Pick<repo.ProtectionRow, 'exclusion_kind' | 'excluded_until'>>(
    `select exclusion_kind, excluded_until from member_protection where member_id = $1 and exclusion_kind is not null`,
    [String(memberId)],
  );
  return repo.activeExclusion(row ?? null, now);
}

/** Refuses when the member is under time-out or self-exclusion. */
export async function assertNotExcluded(q: Queryable, memberId: string | number, now: Date): Promise<void> {
  const e = await exclusionOf(q, memberId, now);
  if (e) throw exclusionError(e);
}

/** Whether the member has set anything (a read outside any transaction: most have not). */
export async function hasProtection(q: Queryable, memberId: string): Promise<boolean> {
  const rows = await q.query('select 1 from member_protection where member_id = $1', [memberId]);
  return rows.length > 0;
}

export type GuardedMovement =
  /** A deposit: `request` counts pending deposit requests (the deposits table), else the ledger's credits. */
  | { kind: 'deposit'; amount: number; request: boolean }
  /** Money leaving MAIN into play (a bet, a transfer into a vendor wallet); amount null: the whole balance. */
  | { kind: 'stake'; amount: number | null };

/**
 * Checks one movement of the member: locks the protection row, refuses under time-out or
 * exclusion, then (not for trial accounts) every limit of the movement's kinds in every period.
 * Call it inside the transaction that moves the money.
 */
export async function checkMovement(
  q: Queryable,
  memberId: string,
  m: GuardedMovement,
  now: Date,
): Promise<void> {
  const p = await repo.protectionOf(q, memberId, true);
  if (!p) return;
  const excluded = repo.activeExclusion(p, now);
  if (excluded) throw exclusionError(excluded);
  const limits = await repo.limitsOf(q, memberId);
  const kinds: LimitKind[] = m.kind === 'deposit' ? ['deposit'] : ['wager', 'loss'];
  const active = limits.filter((l) => kinds.includes(l.kind) && repo.effectiveAmount(l, now) !== null);
  if (active.length === 0) return;
  const [member] = await q.query<{ type: number }>('select type from members where id = $1', [memberId]);
  if (member?.type === TRIAL_TYPE) return;
  let amount = m.amount;
  if (amount === null) {
    const [main] = await q.query<{ balance: string }>(
      `select balance::text as balance from ledger_accounts where kind = 'member' and member_id = $1 and wallet = 'MAIN'`,
      [memberId],
    );
    amount = Number(main?.balance ?? 0);
  }
  const usage = await repo.usageOf(q, memberId, {
    ledgerDeposits: !(m.kind === 'deposit' && m.request),
  });
  for (const kind of kinds)
    for (const period of LIMIT_PERIODS) {
      const limit = repo.effectiveAmount(
        active.find((l) => l.kind === kind && l.period === period),
        now,
      );
      if (limit === null) continue;
      const used = usage[kind][period];
      if (used + amount > limit) throw limitError(kind, period, limit, used);
    }
}

/** MAIN-wallet legs are not known by id here: a member leg of the mover's movement counts. */
function memberDelta(legs: Leg[]): number {
  return legs.filter((l) => l.account.kind === 'member').reduce((s, l) => s + l.amount, 0);
}

/**
 * The ledger's post guard: deposits credited to a member, `bet` debits (stakes; bet credits are
 * refunds) and `wallet_out` debits. Bets debiting a vendor's own wallet (transfer-mode games) are
 * checked for time-out and exclusion only (the money was counted when it went there).
 */
export function protectionPostGuard(now: Clock) {
  return async (q: Queryable, input: PostInput, legs: Leg[]): Promise<void> => {
    const memberId = input.memberId;
    if (memberId === null) return;
    const delta = memberDelta(legs);
    if (input.type === 'deposit') {
      if (delta > 0)
        await checkMovement(q, memberId, { kind: 'deposit', amount: delta, request: false }, now());
      return;
    }
    if (input.type !== 'bet' && input.type !== 'wallet_out') return;
    if (delta >= 0) return;
    // Most members have set nothing: one primary-key lookup (it takes the lock checkMovement keeps).
    if (!(await repo.protectionOf(q, memberId, true))) return;
    const [main] = await q.query<{ id: string }>(
      `select id::text as id from ledger_accounts where kind = 'member' and member_id = $1 and wallet = 'MAIN'`,
      [memberId],
    );
    const fromMain = legs.some(
      (l) => l.account.kind === 'member' && String(l.account.id) === main?.id && l.amount < 0,
    );
    if (fromMain) await checkMovement(q, memberId, { kind: 'stake', amount: -delta }, now());
    else await assertNotExcluded(q, memberId, now());
  };
}

/** Registers the guard on the ledger's post (the last registered clock wins: one server, one clock). */
export function installProtectionGuard(now: Clock): void {
  setPostGuard('protection', protectionPostGuard(now));
}
