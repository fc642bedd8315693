import { MAIN_WALLET } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The double-entry ledger (DESIGN §3, issue 4). Every movement of money is one call of `post`
 * inside one database transaction: a transfer row, its entries (summing to zero) and the member
 * balances, updated conditionally so a member balance can never go below zero. Accounts are
 * updated in id order, so two transfers touching the same accounts never deadlock.
 *
 * System accounts (house, pending deposits and withdrawals, vendor clearing, C2C guarantees …)
 * keep no balance on their row: their balance is the sum of their entries. That leaves no hot row
 * that every transfer of the site would have to lock.
 */

export type SystemCode =
  | 'HOUSE'
  | 'DEPOSIT_GATEWAY'
  | 'WITHDRAWAL_PENDING'
  | 'WITHDRAWAL_PAYOUT'
  | 'VENDOR_CLEARING'
  | 'VENDOR_FLOAT'
  | 'C2C_GUARANTEE'
  | 'BONUS'
  | 'OPENING'
  // Issue 5: stakes in, wins out (the game vendors' side of every bet).
  | 'GAMES';

export interface AccountRef {
  id: number;
  kind: 'member' | 'system';
}

export interface Leg {
  account: AccountRef;
  /** Minor units; positive credits the account, negative debits it. */
  amount: number;
}

export interface PostInput {
  type: string;
  /** The member the movement is shown to (account record); null for internal movements. */
  memberId: string | null;
  ref?: string | null;
  memo?: Record<string, unknown>;
  legs: Leg[];
}

export interface Posted {
  transferId: number;
  /** Balance after the movement, per member account id. */
  balances: Map<number, number>;
}

export const insufficientBalance = () => new AppError('UNPROCESSABLE', 'money.errors.insufficient_balance');

/** The account of one member wallet (MAIN, a vendor code …), created on first use. */
export async function memberAccount(
  q: Queryable,
  memberId: string,
  wallet: string = MAIN_WALLET,
): Promise<AccountRef> {
  const find = () =>
    q.query<{ id: string }>(
      `select id from ledger_accounts where kind = 'member' and member_id = $1 and wallet = $2`,
      [memberId, wallet],
    );
  let [row] = await find();
  if (!row) {
    [row] = await q.query<{ id: string }>(
      `insert into ledger_accounts (kind, member_id, wallet, merchant_id)
       select 'member', id, $2, merchant_id from members where id = $1
       on conflict (member_id, wallet) where kind = 'member' do nothing
       returning id`,
      [memberId, wallet],
    );
    // Another transaction created it first: it is committed now (the insert waited for it).
    row ??= (await find())[0];
  }
  if (!row) throw new AppError('NOT_FOUND');
  return { id: Number(row.id), kind: 'member' };
}

/** A system account of the merchant, created on first use. */
export async function systemAccount(q: Queryable, merchantId: number, code: SystemCode): Promise<AccountRef> {
  const find = () =>
    q.query<{ id: string }>(
      `select id from ledger_accounts where kind = 'system' and merchant_id = $1 and code = $2`,
      [merchantId, code],
    );
  let [row] = await find();
  if (!row) {
    [row] = await q.query<{ id: string }>(
      `insert into ledger_accounts (kind, code, merchant_id) values ('system', $2, $1)
       on conflict (merchant_id, code) where kind = 'system' do nothing returning id`,
      [merchantId, code],
    );
    row ??= (await find())[0];
  }
  if (!row) throw new Error(`system account ${code} could not be created`);
  return { id: Number(row.id), kind: 'system' };
}

/**
 * Posts one transfer: entries must sum to zero and name each account once. Member balances are
 * updated with `balance + amount >= 0` as the condition: a debit larger than the balance updates
 * nothing and throws money.errors.insufficient_balance (the caller's transaction rolls back).
 */
export async function post(q: Queryable, input: PostInput): Promise<Posted> {
  const legs = input.legs.filter((l) => l.amount !== 0);
  if (legs.length < 2) throw new Error('a transfer needs two legs');
  let sum = 0;
  const seen = new Set<number>();
  for (const l of legs) {
    if (!Number.isSafeInteger(l.amount)) throw new Error('amounts are integer minor units');
    if (seen.has(l.account.id)) throw new Error('an account appears twice in one transfer');
    seen.add(l.account.id);
    sum += l.amount;
  }
  if (sum !== 0) throw new Error(`transfer does not balance (${sum})`);
  // Issue 10: player protection checks deposits and stakes here, in the movement's transaction.
  for (const guard of postGuards.values()) await guard(q, input, legs);

  const balances = new Map<number, number>();
  // Lock order: ascending account id (no deadlocks between transfers over the same accounts).
  for (const l of [...legs].sort((a, b) => a.account.id - b.account.id)) {
    if (l.account.kind !== 'member') continue;
    const [row] = await q.query<{ balance: string }>(
      `update ledger_accounts set balance = balance + $2
        where id = $1 and kind = 'member' and balance + $2 >= 0
        returning balance`,
      [l.account.id, l.amount],
    );
    if (!row) throw insufficientBalance();
    balances.set(l.account.id, Number(row.balance));
  }

  const [t] = await q.query<{ transfer_id: string }>(
    `with t as (
       insert into ledger_transfers (type, member_id, ref, memo) values ($1, $2, $3, $4) returning id
     )
     insert into ledger_entries (transfer_id, account_id, amount, balance_after)
     select t.id, e.account_id, e.amount, e.balance_after
       from t, unnest($5::bigint[], $6::bigint[], $7::bigint[]) as e(account_id, amount, balance_after)
     returning transfer_id`,
    [
      input.type,
      input.memberId,
      input.ref ?? null,
      JSON.stringify(input.memo ?? {}),
      legs.map((l) => l.account.id),
      legs.map((l) => l.amount),
      legs.map((l) => balances.get(l.account.id) ?? null),
    ],
  );
  return { transferId: Number(t!.transfer_id), balances };
}

/**
 * A check run by `post` before it moves anything, inside the caller's transaction (issue 10: the
 * player-protection limits). Throwing refuses the movement: the caller's transaction rolls back.
 */
export type PostGuard = (q: Queryable, input: PostInput, legs: Leg[]) => Promise<void>;
const postGuards = new Map<string, PostGuard>();
/** Registers (or, with null, removes) the guard of that name; a second registration replaces the first. */
export function setPostGuard(name: string, guard: PostGuard | null): void {
  if (guard) postGuards.set(name, guard);
  else postGuards.delete(name);
}

/** Shorthand for the common two-leg movement: `amount` from one account to another. */
export function move(
  q: Queryable,
  m: Omit<PostInput, 'legs'> & { from: AccountRef; to: AccountRef; amount: number },
): Promise<Posted> {
  return post(q, {
    type: m.type,
    memberId: m.memberId,
    ref: m.ref,
    memo: m.memo,
    legs: [
      { account: m.from, amount: -m.amount },
      { account: m.to, amount: m.amount },
    ],
  });
}

export interface WalletBalance {
  wallet: string;
  balance: number;
}

/** Every wallet of a member with its balance (wallets never used do not appear). */
export async function memberBalances(q: Queryable, memberId: string): Promise<WalletBalance[]> {
  const rows = await q.query<{ wallet: string; balance: string }>(
    `select wallet, balance from ledger_accounts where kind = 'member' and member_id = $1 order by id`,
    [memberId],
  );
  return rows.map((r) => ({ wallet: r.wallet, balance: Number(r.balance) }));
}

export interface LedgerReport {
  ok: boolean;
  transfers: number;
  entries: number;
  problems: string[];
}

/**
 * Every invariant of the ledger (issue 4 `ops ledger check`): all entries sum to zero, each
 * transfer sums to zero, each member balance equals its entries and is not negative, and nothing
 * is left pending (two-phase vendor transfers, idempotency claims) longer than `stuckSeconds`.
 */
export async function checkLedger(q: Queryable, stuckSeconds = 300): Promise<LedgerReport> {
  const problems: string[] = [];
  const [totals] = await q.query<{ transfers: string; entries: string; total: string | null }>(
    `select (select count(*) from ledger_transfers) as transfers, count(*) as entries, sum(amount) as total from ledger_entries`,
  );
  if (Number(totals?.total ?? 0) !== 0) problems.push(`entries sum to ${totals?.total}, not 0`);
  const unbalanced = await q.query<{ transfer_id: string; total: string }>(
    `select transfer_id, sum(amount) as total from ledger_entries group by transfer_id having sum(amount) <> 0 limit 20`,
  );
  for (const u of unbalanced) problems.push(`transfer ${u.transfer_id} sums to ${u.total}`);
  const empty = await q.query<{ id: string }>(
    `select t.id from ledger_transfers t where not exists (select 1 from ledger_entries e where e.transfer_id = t.id) limit 20`,
  );
  for (const e of empty) problems.push(`transfer ${e.id} has no entries`);
  const drift = await q.query<{ id: string; balance: string; entries: string }>(
    `select a.id, a.balance, coalesce(sum(e.amount), 0) as entries
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.kind = 'member'
      group by a.id having a.balance <> coalesce(sum(e.amount), 0) limit 20`,
  );
  for (const d of drift)
    problems.push(`account ${d.id} balance ${d.balance} but entries sum to ${d.entries}`);
  const negative = await q.query<{ id: string }>(
    `select id from ledger_accounts where kind = 'member' and balance < 0 limit 20`,
  );
  for (const n of negative) problems.push(`account ${n.id} is negative`);
  const pending = await q.query<{ member_id: string; key: string }>(
    `select member_id, key from idempotency_keys where status = 'pending' and created_at < now() - make_interval(secs => $1) limit 20`,
    [stuckSeconds],
  );
  for (const p of pending) problems.push(`idempotency key ${p.key} of member ${p.member_id} still pending`);
  for (const extra of ledgerChecks) problems.push(...(await extra(q, stuckSeconds)));
  return {
    ok: problems.length === 0,
    transfers: Number(totals?.transfers ?? 0),
    entries: Number(totals?.entries ?? 0),
    problems,
  };
}

/** More invariants registered by other modules (vendor transfers left pending, cashier holds …). */
export type LedgerCheck = (q: Queryable, stuckSeconds: number) => Promise<string[]>;
const ledgerChecks: LedgerCheck[] = [];
export function addLedgerCheck(check: LedgerCheck): void {
  if (!ledgerChecks.includes(check)) ledgerChecks.push(check);
}
