import type { ContractKind, ContractTier, DividendPeriod } from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/errors.ts';
import type { JobLog } from '../../lib/interval-job.ts';
import { memberAccount, move } from '../ledger/ledger.ts';
import { addNotice, type MoneyRunner, type MoneyTx } from '../ledger/money-tx.ts';
import { revokeAllSessions } from '../session/session.service.ts';
import { periodEnd } from './periods.ts';

/**
 * The settlement engine of the contracts (issue 8; spec §3, §4, §9). A contract is settled period
 * by period from its cursor `settled_until`: the team's settled bets of the period decide the
 * tier, the amount moves from the upline's MAIN to the downline's MAIN ('contract_pay') in the
 * same transaction that writes the settlement row and advances the cursor.
 *
 * Exactly once, also with several instances: each contract's periods are settled under a
 * transaction-scoped advisory lock of the contract, then its row lock, then the cursor is read
 * again; the unique (contract_id, period_start) is the last guard (a duplicate rolls the whole
 * transaction back, the payment with it).
 */
export interface SettleDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  log?: JobLog;
}

/** Depth cap of the team walk (a corrupted cycle of uplines must not loop forever). */
const TEAM_DEPTH_MAX = 64;
/** Periods settled in one transaction (a long outage catches up over several). */
const PERIODS_PER_TX = 50;
/** Unpaid settlements retried per pass. */
const RETRY_BATCH = 500;

export interface Figures {
  /** Σ stake of the team's settled bets. */
  bets: number;
  /** Σ (stake − payout): the house's profit from the team. */
  profitLoss: number;
  /** Distinct members of the team who bet. */
  activeMembers: number;
}

/** The team's figures over [start, end): the downline and its whole subtree. */
export async function teamFigures(
  q: Queryable,
  downlineId: string,
  start: Date,
  end: Date,
): Promise<Figures> {
  const [row] = await q.query<{ bets: string; pl: string; active: string }>(
    `with recursive team (id, depth) as (
       select $1::bigint, 0
       union
       select m.id, t.depth + 1 from members m join team t on m.upline_id = t.id where t.depth < ${TEAM_DEPTH_MAX}
     )
     select coalesce(sum(b.stake), 0)::text as bets, coalesce(sum(b.stake - b.payout), 0)::text as pl,
            count(distinct b.member_id)::text as active
       from bet_records b
      where b.member_id in (select id from team) and b.status = 'settled'
        and b.settled_at >= $2 and b.settled_at < $3`,
    [downlineId, start, end],
  );
  return {
    bets: Number(row?.bets ?? 0),
    profitLoss: Number(row?.pl ?? 0),
    activeMembers: Number(row?.active ?? 0),
  };
}

export interface TierChoice {
  /** Index of the tier in the contract's tiers, or null when none applies. */
  tier: number | null;
  ratio: number | null;
  amount: number;
}

/**
 * The highest tier (by ratio, then amount) whose every threshold is met, and what it pays:
 * dividend floor(ratio × max(profit, 0) / 10 000); hourly and realtime floor(ratio × bets / 10 000);
 * daily the tier's amount.
 */
export function chooseTier(kind: ContractKind, tiers: readonly ContractTier[], f: Figures): TierChoice {
  let best: number | null = null;
  tiers.forEach((t, i) => {
    if (t.minBets !== undefined && f.bets < t.minBets) return;
    if (t.minProfitLoss !== undefined && f.profitLoss < t.minProfitLoss) return;
    if (t.minActive !== undefined && f.activeMembers < t.minActive) return;
    if (best === null) {
      best = i;
      return;
    }
    const b = tiers[best]!;
    const [r, br] = [t.ratio ?? 0, b.ratio ?? 0];
    if (r > br || (r === br && (t.amount ?? 0) > (b.amount ?? 0))) best = i;
  });
  if (best === null) return { tier: null, ratio: null, amount: 0 };
  const t = tiers[best]!;
  if (kind === 'daily') return { tier: best, ratio: null, amount: t.amount ?? 0 };
  const ratio = t.ratio ?? 0;
  const base = kind === 'dividend' ? Math.max(f.profitLoss, 0) : f.bets;
  // BigInt: ratio × base can pass 2^53 (base up to 10^15).
  const amount = Number((BigInt(ratio) * BigInt(base)) / 10_000n);
  return { tier: best, ratio, amount };
}

export interface ContractRow {
  id: string;
  merchantId: number;
  uplineId: string;
  downlineId: string;
  uplineAccount: string;
  downlineAccount: string;
  kind: ContractKind;
  period: DividendPeriod | null;
  tiers: ContractTier[];
  status: 'pending' | 'active' | 'rejected' | 'terminated';
  settledUntil: Date | null;
}

const CONTRACT_COLUMNS = `c.id::text as id, c.merchant_id as "merchantId", c.upline_id::text as "uplineId",
  c.downline_id::text as "downlineId", u.account as "uplineAccount", d.account as "downlineAccount",
  c.kind, c.period, c.tiers, c.status, c.settled_until as "settledUntil"`;

function contractOf(r: ContractRow): ContractRow {
  return {
    ...r,
    merchantId: Number(r.merchantId),
    tiers: typeof r.tiers === 'string' ? (JSON.parse(r.tiers) as ContractTier[]) : r.tiers,
  };
}

/** A contract row for settling; `lock` takes its row lock (FOR UPDATE OF c). */
export async function loadContract(q: Queryable, id: string, lock = false): Promise<ContractRow | null> {
  const [row] = await q.query<ContractRow>(
    `select ${CONTRACT_COLUMNS} from agent_contracts c
       join members u on u.id = c.upline_id join members d on d.id = c.downline_id
      where c.id = $1 ${lock ? 'for update of c' : ''}`,
    [id],
  );
  return row ? contractOf(row) : null;
}

/** Takes the contract's settlement lock: `wait` blocks until it is free, otherwise false if taken. */
export async function contractLock(q: Queryable, id: string, wait: boolean): Promise<boolean> {
  const fn = wait ? 'pg_advisory_xact_lock' : 'pg_try_advisory_xact_lock';
  const [row] = await q.query<{ ok: boolean | string | null }>(
    `select ${fn}(hashtext('contract-settle:' || current_schema()), ($1::bigint % 2147483647)::int)${wait ? ' is null' : ''} as ok`,
    [id],
  );
  // pg_advisory_xact_lock returns void: `is null` makes it answer true once it holds the lock.
  return wait ? true : row?.ok === true || row?.ok === 't';
}

export interface SettleTotals {
  /** Settlement rows written (nil rows included). */
  periods: number;
  paid: number;
  unpaid: number;
  /** Minor units moved to downlines. */
  amount: number;
}
const emptyTotals = (): SettleTotals => ({ periods: 0, paid: 0, unpaid: 0, amount: 0 });
function addTotals(a: SettleTotals, b: SettleTotals): SettleTotals {
  return {
    periods: a.periods + b.periods,
    paid: a.paid + b.paid,
    unpaid: a.unpaid + b.unpaid,
    amount: a.amount + b.amount,
  };
}

/** Locks the two MAIN accounts in id order (the ledger's order) and reads the payer's balance. */
async function lockPair(tx: Queryable, payerId: string, payeeId: string) {
  const from = await memberAccount(tx, payerId);
  const to = await memberAccount(tx, payeeId);
  const rows = await tx.query<{ id: string; balance: string }>(
    `select id::text as id, balance::text as balance from ledger_accounts
      where id = any($1::bigint[]) order by ledger_accounts.id for update`,
    [[from.id, to.id]],
  );
  const balance = Number(rows.find((r) => Number(r.id) === from.id)?.balance ?? 0);
  return { from, to, balance };
}

const payRef = (contractId: string, periodStart: Date) =>
  `contract:${contractId}:${periodStart.toISOString()}`;

/** Both sides hear of a payment of a dividend or a daily wage (hourly and 5-minute ones would flood the inbox). */
async function paidNotices(tx: MoneyTx, c: ContractRow, amount: number, settlementId: string) {
  if (c.kind !== 'dividend' && c.kind !== 'daily') return;
  const params = { kind: c.kind, contractId: Number(c.id), settlementId: Number(settlementId), amount };
  await addNotice(tx, c.downlineId, 'contract_paid', { ...params, account: c.uplineAccount });
  await addNotice(tx, c.uplineId, 'contract_paid', { ...params, account: c.downlineAccount });
}

/** Spec §4: an unpaid dividend freezes the upline (its sessions end); lifted once all are paid. */
async function freezeUpline(tx: MoneyTx, uplineId: string, now: Date) {
  await tx.query(
    `update members set status = 'frozen', frozen_reason = 'unpaid_dividend' where id = $1 and status = 'active'`,
    [uplineId],
  );
  await revokeAllSessions(tx, uplineId, now);
}

/**
 * Settles one period of a locked, active contract inside the caller's transaction and advances
 * its cursor to `end`. The caller holds the contract's advisory lock and row lock.
 */
async function settleOne(
  tx: MoneyTx,
  c: ContractRow,
  start: Date,
  end: Date,
  now: Date,
): Promise<SettleTotals> {
  const totals = emptyTotals();
  const figures = await teamFigures(tx, c.downlineId, start, end);
  const choice = chooseTier(c.kind, c.tiers, figures);
  const advance = () =>
    tx.query(`update agent_contracts set settled_until = $2 where id = $1 and settled_until < $2`, [
      c.id,
      end,
    ]);
  if (choice.amount === 0) {
    // Real-time windows without pay leave no row (288 a day); the cursor moves all the same.
    if (c.kind !== 'realtime') {
      await insertSettlement(tx, c, start, end, figures, choice, 'nil', null, now);
      totals.periods++;
    }
    await advance();
    return totals;
  }
  const { from, to, balance } = await lockPair(tx, c.uplineId, c.downlineId);
  if (balance >= choice.amount) {
    const posted = await move(tx, {
      type: 'contract_pay',
      memberId: c.uplineId,
      ref: payRef(c.id, start),
      memo: {
        contractId: Number(c.id),
        kind: c.kind,
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
      },
      from,
      to,
      amount: choice.amount,
    });
    const id = await insertSettlement(tx, c, start, end, figures, choice, 'paid', posted.transferId, now);
    tx.balanceChanged(c.uplineId);
    tx.balanceChanged(c.downlineId);
    await paidNotices(tx, c, choice.amount, id);
    totals.paid++;
    totals.amount += choice.amount;
  } else {
    const id = await insertSettlement(tx, c, start, end, figures, choice, 'unpaid', null, now);
    totals.unpaid++;
    if (c.kind === 'dividend') {
      await freezeUpline(tx, c.uplineId, now);
      const params = {
        kind: c.kind,
        contractId: Number(c.id),
        settlementId: Number(id),
        amount: choice.amount,
      };
      await addNotice(tx, c.uplineId, 'dividend_unpaid', { ...params, account: c.downlineAccount });
      await addNotice(tx, c.downlineId, 'dividend_unpaid', { ...params, account: c.uplineAccount });
    }
  }
  totals.periods++;
  await advance();
  return totals;
}

async function insertSettlement(
  tx: Queryable,
  c: ContractRow,
  start: Date,
  end: Date,
  f: Figures,
  choice: TierChoice,
  status: 'paid' | 'unpaid' | 'nil',
  transferId: number | null,
  now: Date,
): Promise<string> {
  // No `on conflict`: a second row for the period is a bug that must roll the payment back.
  const [row] = await tx.query<{ id: string }>(
    `insert into contract_settlements (contract_id, merchant_id, kind, upline_id, downline_id, period_start,
       period_end, bets, profit_loss, active_members, tier, ratio, amount, status, transfer_id, settled_at, paid_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning id::text as id`,
    [
      c.id,
      c.merchantId,
      c.kind,
      c.uplineId,
      c.downlineId,
      start,
      end,
      f.bets,
      f.profitLoss,
      f.activeMembers,
      choice.tier,
      choice.ratio,
      choice.amount,
      status,
      transferId,
      now,
      status === 'paid' ? now : null,
    ],
  );
  return row!.id;
}

/**
 * Settles a locked contract inside the caller's transaction: every period that has ended by
 * `until`, and with `close` also the current one, closed early at `until` (a termination, or
 * settle-now). At most `max` periods; answers what it did and whether periods are left.
 */
export async function settleLocked(
  tx: MoneyTx,
  c: ContractRow,
  until: Date,
  o: { close: boolean; now: Date; max?: number },
): Promise<SettleTotals & { more: boolean }> {
  let totals = emptyTotals();
  if (c.status !== 'active' || !c.settledUntil) return { ...totals, more: false };
  let start = c.settledUntil;
  const max = o.max ?? Infinity;
  let n = 0;
  while (start.getTime() < until.getTime()) {
    if (n >= max) return { ...totals, more: true };
    let end = periodEnd(c.kind, c.period, start);
    if (end.getTime() > until.getTime()) {
      if (!o.close) break;
      end = until;
    }
    totals = addTotals(totals, await settleOne(tx, c, start, end, o.now));
    start = end;
    n++;
  }
  c.settledUntil = start;
  return { ...totals, more: false };
}

/**
 * Settles one contract up to `until` in transactions of PERIODS_PER_TX periods. `wait` waits for
 * another instance settling it (settle-now); otherwise a contract being settled elsewhere is
 * skipped (the job: the other instance does it).
 */
export async function settleContract(
  d: SettleDeps,
  id: string,
  until: Date,
  o: { close: boolean; wait: boolean },
): Promise<SettleTotals & { skipped: boolean }> {
  let totals = emptyTotals();
  for (;;) {
    const r = await d.money(async (tx) => {
      if (!(await contractLock(tx, id, o.wait))) return null;
      const c = await loadContract(tx, id, true);
      if (!c) return { ...emptyTotals(), more: false };
      return settleLocked(tx, c, until, { close: o.close, now: d.now(), max: PERIODS_PER_TX });
    });
    if (!r) return { ...totals, skipped: true };
    totals = addTotals(totals, r);
    if (!r.more) return { ...totals, skipped: false };
  }
}

export interface RetryTotals {
  paid: number;
  amount: number;
  /** Uplines whose unpaid-dividend freeze was lifted. */
  unfrozen: number;
}

/**
 * Retries unpaid settlements, oldest first: one the upline's balance now covers is paid ('forced'
 * for a dividend: the payment forced through to the downline, 'paid' for a wage). An upline left
 * with no unpaid dividend gets its 'unpaid_dividend' freeze lifted.
 */
export async function retryUnpaid(d: SettleDeps): Promise<RetryTotals> {
  const totals: RetryTotals = { paid: 0, amount: 0, unfrozen: 0 };
  const due = await d.db.query<{ id: string }>(
    `select id::text as id from contract_settlements where status = 'unpaid' order by period_start, contract_settlements.id limit ${RETRY_BATCH}`,
  );
  for (const { id } of due) {
    const r = await d.money(async (tx) => {
      const [s] = await tx.query<{
        contract_id: string;
        kind: ContractKind;
        upline_id: string;
        downline_id: string;
        period_start: Date;
        amount: string;
      }>(
        `select contract_id::text as contract_id, kind, upline_id::text as upline_id,
                downline_id::text as downline_id, period_start, amount::text as amount
           from contract_settlements where id = $1 and status = 'unpaid' for update`,
        [id],
      );
      if (!s) return null;
      const amount = Number(s.amount);
      const { from, to, balance } = await lockPair(tx, s.upline_id, s.downline_id);
      if (balance < amount) return null;
      const now = d.now();
      const posted = await move(tx, {
        type: 'contract_pay',
        memberId: s.upline_id,
        ref: payRef(s.contract_id, new Date(s.period_start)),
        memo: {
          contractId: Number(s.contract_id),
          kind: s.kind,
          periodStart: new Date(s.period_start).toISOString(),
          retry: true,
        },
        from,
        to,
        amount,
      });
      const status = s.kind === 'dividend' ? 'forced' : 'paid';
      await tx.query(
        `update contract_settlements set status = $2, transfer_id = $3, paid_at = $4 where id = $1`,
        [id, status, posted.transferId, now],
      );
      tx.balanceChanged(s.upline_id);
      tx.balanceChanged(s.downline_id);
      const c = await loadContract(tx, s.contract_id);
      if (c) await paidNotices(tx, c, amount, id);
      let unfrozen = 0;
      if (s.kind === 'dividend') {
        const lifted = await tx.query(
          `update members set status = 'active', frozen_reason = null
            where id = $1 and status = 'frozen' and frozen_reason = 'unpaid_dividend'
              and not exists (select 1 from contract_settlements
                               where upline_id = $1 and kind = 'dividend' and status = 'unpaid')
           returning id`,
          [s.upline_id],
        );
        unfrozen = lifted.length;
      }
      return { amount, unfrozen };
    });
    if (r) {
      totals.paid++;
      totals.amount += r.amount;
      totals.unfrozen += r.unfrozen;
    }
  }
  return totals;
}

export interface PassTotals extends SettleTotals {
  contracts: number;
  /** Contracts another instance was settling (left to it). */
  skipped: number;
  retried: RetryTotals;
}

/**
 * One pass of the job: unpaid rows first, then every active contract's periods that have ended
 * by now. With `close` (settle-now) the current period of each is closed at now as well.
 */
export async function settlePass(
  d: SettleDeps,
  o: { close: boolean } = { close: false },
): Promise<PassTotals> {
  const retried = await retryUnpaid(d);
  const now = d.now();
  const active = await d.db.query<{
    id: string;
    kind: ContractKind;
    period: DividendPeriod | null;
    settled_until: Date;
  }>(
    `select id::text as id, kind, period, settled_until from agent_contracts
      where status = 'active' and settled_until < $1 order by agent_contracts.id`,
    [now],
  );
  let totals: PassTotals = { ...emptyTotals(), contracts: 0, skipped: 0, retried };
  for (const c of active) {
    // The job skips a contract whose current period has not ended (no transaction, no lock).
    if (!o.close && periodEnd(c.kind, c.period, new Date(c.settled_until)).getTime() > now.getTime())
      continue;
    const r = await settleContract(d, c.id, now, { close: o.close, wait: o.close });
    totals = {
      ...totals,
      ...addTotals(totals, r),
      contracts: totals.contracts + 1,
      skipped: totals.skipped + (r.skipped ? 1 : 0),
    };
  }
  return totals;
}

/** Ops `contracts settle-now` and the e2e test: every active contract settled up to this instant. */
export const settleNow = (d: SettleDeps) => settlePass(d, { close: true });
