import { MAIN_WALLET, type VendorTransferResult, type WalletStatus } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { LIVE_CHANNEL } from '../ledger/money-tx.ts';

/**
 * SQL of the wallet module (issue 4). The hot path of a vendor transfer is three statements, each
 * its own atomic transaction (DESIGN §3 two-phase transfer): `hold` (claim the key, debit the
 * source wallet into VENDOR_CLEARING, the pending vendor_transfers row, NOTIFY), the vendor's own
 * call, and `finish` (clearing → destination or back to the source, the row completed or failed,
 * the key's answer, NOTIFY). A single statement is one transaction on both engines (PGlite runs
 * it exclusively), so no BEGIN/COMMIT round trips, and it locks only the member's own rows.
 */

export interface VendorRow {
  code: string;
  name: string;
  sort: number;
  status: WalletStatus;
}

export async function listVendors(q: Queryable, merchantId: number): Promise<VendorRow[]> {
  const rows = await q.query<VendorRow>(
    `select code, name, sort, status from wallet_vendors where merchant_id = $1 order by sort, code`,
    [merchantId],
  );
  return rows.map((r) => ({ ...r, sort: Number(r.sort) }));
}

export async function merchantMoney(
  q: Queryable,
  merchantId: number,
): Promise<{ currency: string; isSingle: boolean }> {
  const [row] = await q.query<{ currency: string; is_single: boolean | null }>(
    `select m.currency, (s.settings ->> 'isSingle')::boolean as is_single
       from merchants m left join money_settings s on s.merchant_id = m.id where m.id = $1`,
    [merchantId],
  );
  return { currency: row?.currency ?? '', isSingle: row?.is_single ?? false };
}

export interface MemberWallets {
  balances: Map<string, number>;
  /** Money of the member's transfers still in flight (in VENDOR_CLEARING). */
  pending: number;
}

const MEMBER_WALLETS = (member: string) =>
  `select wallet, balance, false as pending from ledger_accounts where kind = 'member' and member_id = ${member}
     union all
     select '', coalesce(sum(amount), 0), true from vendor_transfers
      where member_id = ${member} and status in ('pending', 'unknown')`;

export async function memberWallets(q: Queryable, memberId: string): Promise<MemberWallets> {
  return walletsOf(
    await q.query<{ wallet: string; balance: string; pending: boolean }>(MEMBER_WALLETS('$1'), [memberId]),
  );
}

/**
 * memberWallets read with the caller's session (issue 11: the balance call is one statement); the
 * route's `sessionRead`, its rows given to walletsOf. From the database on every call, never cached.
 */
export const MEMBER_WALLETS_READ = { sql: MEMBER_WALLETS('(select member_ref from caller)') };

/** The wallet rows (balance as text from a column, as a number from JSON) as balances and pending. */
export function walletsOf(rows: readonly Record<string, unknown>[]): MemberWallets {
  const balances = new Map<string, number>();
  let pending = 0;
  for (const r of rows) {
    if (r.pending) pending = Number(r.balance);
    else balances.set(String(r.wallet), Number(r.balance));
  }
  return { balances, pending };
}

export interface OpenTransfer {
  id: string;
  memberId: string;
  merchantId: number;
  vendor: string;
  direction: 'in' | 'out';
  amount: number;
  createdAt: Date;
}

interface OpenRow {
  id: string;
  member_id: string;
  merchant_id: number;
  vendor: string;
  direction: 'in' | 'out';
  amount: string;
  created_at: Date | string;
}
const openTransfer = (r: OpenRow): OpenTransfer => ({
  id: r.id,
  memberId: String(r.member_id),
  merchantId: Number(r.merchant_id),
  vendor: r.vendor,
  direction: r.direction,
  amount: Number(r.amount),
  createdAt: new Date(r.created_at),
});

export async function pendingTransfersOf(q: Queryable, memberId: string): Promise<OpenTransfer[]> {
  const rows = await q.query<OpenRow>(
    `select id, member_id, merchant_id, vendor, direction, amount, created_at from vendor_transfers
      where member_id = $1 and status in ('pending', 'unknown') order by created_at, id`,
    [memberId],
  );
  return rows.map(openTransfer);
}

export interface HoldInput {
  /** Inside the caller's transaction (issue 10's guard): no retry here, every error goes up. */
  once?: boolean;
  id: string;
  merchantId: number;
  memberId: string;
  vendor: string;
  direction: 'in' | 'out';
  /** A fixed amount, or null for the whole balance of the source wallet. */
  amount: number | null;
  clearingAccountId: number;
  key: string;
  scope: string;
  requestHash: string;
}

export type HoldResult =
  { kind: 'held'; amount: number; balance: number } | { kind: 'insufficient' } | { kind: 'repeat' };

/** A hold that ran into a deadlock or a serialisation failure runs again (it wrote nothing). */
const RETRYABLE = new Set(['40001', '40P01']);
const HOLD_ATTEMPTS = 4;

/**
 * Phase one, one statement: claims the idempotency key (no ON CONFLICT: a concurrent claim of the
 * same key aborts this statement, debit included), debits the source wallet conditionally (never
 * below zero), posts source → VENDOR_CLEARING and inserts the pending vendor transfer.
 *
 * No NOTIFY here: sumBalance counts money in flight, so it does not change until `finish`, which
 * tells the live stream (one NOTIFY per transfer: each takes PostgreSQL's global notify lock at
 * commit).
 */
export async function hold(q: Queryable, h: HoldInput): Promise<HoldResult> {
  const source = h.direction === 'in' ? MAIN_WALLET : h.vendor;
  const type = h.direction === 'in' ? 'wallet_out' : 'wallet_in';
  let row: { amount: string | null; balance: string | null; repeat: boolean } | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      [row] = await q.query<{ amount: string | null; balance: string | null; repeat: boolean }>(
        `with src as (
         select id, case when $6::bigint is null then balance else $6::bigint end as amt
           from ledger_accounts
          where kind = 'member' and member_id = $3 and wallet = $7
            and not exists (select 1 from idempotency_keys where member_id = $3 and key = $9)
          for update
       ), debit as (
         update ledger_accounts a set balance = a.balance - src.amt from src
          where a.id = src.id and src.amt > 0 and a.balance >= src.amt
         returning a.id, a.balance, src.amt
       ), claim as (
         insert into idempotency_keys (member_id, key, scope, request_hash, status, response)
         select $3, $9, $10, $11, 'pending', jsonb_build_object('transferId', $1::text) from debit
       ), t as (
         insert into ledger_transfers (type, member_id, ref, memo)
         select $12, $3, 'vendor:' || $1::text,
                jsonb_build_object('phase', 'hold', 'vendor', $4::text, 'vendorTransferId', $1::text)
           from debit
         returning id
       ), e as (
         insert into ledger_entries (transfer_id, account_id, amount, balance_after)
         select t.id, debit.id, -debit.amt, debit.balance from t, debit
         union all
         select t.id, $8, debit.amt, null from t, debit
       ), vt as (
         insert into vendor_transfers (id, merchant_id, member_id, vendor, direction, amount, hold_transfer_id, idempotency_key)
         select $1::uuid, $2, $3, $4, $5, debit.amt, t.id, $9 from debit, t
       )
       select (select amt from debit) as amount, (select balance from debit) as balance,
              exists (select 1 from idempotency_keys where member_id = $3 and key = $9) as repeat`,
        [
          h.id,
          h.merchantId,
          h.memberId,
          h.vendor,
          h.direction,
          h.amount,
          source,
          h.clearingAccountId,
          h.key,
          h.scope,
          h.requestHash,
          type,
        ],
      );
      break;
    } catch (err) {
      const code = (err as { code?: string }).code;
      // 23505: the same key was claimed by a concurrent call that committed first.
      if (code === '23505' && !h.once) return { kind: 'repeat' };
      // A deadlock (40P01: the hold locked the wallet and waits on a key that another money call
      // claimed before locking the same wallet) or a serialisation failure: the statement wrote
      // nothing, so it runs again (and then sees the key, or goes through).
      if (!(code && RETRYABLE.has(code) && attempt < HOLD_ATTEMPTS) || h.once) throw err;
    }
  }
  if (row?.amount != null) return { kind: 'held', amount: Number(row.amount), balance: Number(row.balance) };
  return row?.repeat ? { kind: 'repeat' } : { kind: 'insufficient' };
}

/**
 * Phase two, one statement: when the transfer is still open (locked FOR UPDATE, so the caller and
 * the reconciler never both finish it), posts VENDOR_CLEARING → destination (`completed`) or back to
 * the source (`failed`), closes the row and stores the answer of its idempotency key. Returns that
 * answer, or null when the transfer was already finished.
 */
export async function finish(
  q: Queryable,
  id: string,
  outcome: 'completed' | 'failed',
  message: string | null,
): Promise<VendorTransferResult | null> {
  const [row] = await q.query<{ body: VendorTransferResult | null }>(
    `with vt as (
       select id, merchant_id, member_id, vendor, direction, amount, idempotency_key,
              case when ($2 = 'completed') = (direction = 'in') then vendor else 'MAIN' end as target,
              case when ($2 = 'completed') = (direction = 'in') then 'MAIN' else vendor end as other
         from vendor_transfers where id = $1 and status in ('pending', 'unknown')
         for update
     ), credit as (
       insert into ledger_accounts (kind, member_id, wallet, merchant_id, balance)
       select 'member', member_id, target, merchant_id, amount from vt
       on conflict (member_id, wallet) where kind = 'member'
       do update set balance = ledger_accounts.balance + excluded.balance
       returning id, balance
     ), t as (
       insert into ledger_transfers (type, member_id, ref, memo)
       select case when direction = 'in' then 'wallet_out' else 'wallet_in' end, member_id, 'vendor:' || id::text,
              jsonb_build_object('phase', case when $2 = 'completed' then 'settle' else 'void' end,
                                 'vendor', vendor, 'vendorTransferId', id::text)
         from vt
       returning id
     ), e as (
       insert into ledger_entries (transfer_id, account_id, amount, balance_after)
       select t.id, credit.id, vt.amount, credit.balance from t, credit, vt
       union all
       select t.id, c.id, -vt.amount, null
         from t, vt join ledger_accounts c
           on c.kind = 'system' and c.merchant_id = vt.merchant_id and c.code = 'VENDOR_CLEARING'
     ), answer as (
       select jsonb_build_object(
                'transferId', vt.id::text, 'status', $2::text,
                'from', case when vt.direction = 'in' then 'MAIN' else vt.vendor end,
                'to', case when vt.direction = 'in' then vt.vendor else 'MAIN' end,
                'amount', vt.amount,
                'balances', jsonb_build_object(
                  vt.target, (select balance from credit),
                  vt.other, coalesce((select a.balance from ledger_accounts a
                                       where a.kind = 'member' and a.member_id = vt.member_id and a.wallet = vt.other), 0)))
              || case when $3::text is null then '{}'::jsonb else jsonb_build_object('message', $3::text) end as body,
              vt.member_id, vt.idempotency_key
         from vt
     ), upd as (
       update vendor_transfers v set status = $2, settle_transfer_id = t.id, message = $3,
              updated_at = now(), settled_at = now()
         from t where v.id = $1
     ), k as (
       update idempotency_keys i set status = 'done', response = answer.body
         from answer where i.member_id = answer.member_id and i.key = answer.idempotency_key
     ), n as (
       select pg_notify($4, json_build_object('balances', json_build_array(member_id::text), 'messages', json_build_array(), 'schema', current_schema())::text)
         from vt
     )
     select (select body from answer) as body, (select count(*) from n) as notified`,
    [id, outcome, message, LIVE_CHANNEL],
  );
  return row?.body ?? null;
}

/** A transfer whose outcome the vendor could not tell us yet: the reconciler asks again. */
export async function markUnknown(q: Queryable, id: string): Promise<void> {
  await q.query(
    `update vendor_transfers set status = 'unknown', attempts = attempts + 1, updated_at = now()
      where id = $1 and status in ('pending', 'unknown')`,
    [id],
  );
}

export interface TransferState {
  id: string;
  memberId: string;
  vendor: string;
  direction: 'in' | 'out';
  amount: number;
  status: 'pending' | 'completed' | 'failed' | 'unknown';
  message: string | null;
  main: number;
  vendorBalance: number;
}

/** The transfer as it stands now, with the member's two balances (repeats, lost answers). */
export async function transferState(q: Queryable, id: string): Promise<TransferState | null> {
  const [r] = await q.query<{
    id: string;
    member_id: string;
    vendor: string;
    direction: 'in' | 'out';
    amount: string;
    status: TransferState['status'];
    message: string | null;
    main: string | null;
    vendor_balance: string | null;
  }>(
    `select v.id, v.member_id, v.vendor, v.direction, v.amount, v.status, v.message,
            (select balance from ledger_accounts where kind = 'member' and member_id = v.member_id and wallet = 'MAIN') as main,
            (select balance from ledger_accounts where kind = 'member' and member_id = v.member_id and wallet = v.vendor) as vendor_balance
       from vendor_transfers v where v.id = $1`,
    [id],
  );
  if (!r) return null;
  return {
    id: r.id,
    memberId: String(r.member_id),
    vendor: r.vendor,
    direction: r.direction,
    amount: Number(r.amount),
    status: r.status,
    message: r.message,
    main: Number(r.main ?? 0),
    vendorBalance: Number(r.vendor_balance ?? 0),
  };
}

export interface StoredKey {
  scope: string;
  request_hash: string;
  status: 'pending' | 'done';
  response: unknown;
}

export async function storedKey(q: Queryable, memberId: string, key: string): Promise<StoredKey | null> {
  const [row] = await q.query<StoredKey>(
    `select scope, request_hash, status, response from idempotency_keys where member_id = $1 and key = $2`,
    [memberId, key],
  );
  return row ?? null;
}

/**
 * Leases up to `limit` open transfers not touched for `olderThanSeconds` (updated_at moves to now,
 * so another instance leaves them alone), under an advisory lock held by one reconciler at a time.
 * Returns [] when another reconciler holds the lock.
 */
export async function leaseOpenTransfers(
  q: Queryable,
  olderThanSeconds: number,
  limit: number,
): Promise<OpenTransfer[]> {
  const [lock] = await q.query<{ ok: boolean }>(
    `select pg_try_advisory_xact_lock(hashtext('wallet-reconciler:' || current_schema())) as ok`,
  );
  if (!lock?.ok) return [];
  const rows = await q.query<OpenRow>(
    `update vendor_transfers set updated_at = now(), attempts = attempts + 1
      where id in (select id from vendor_transfers
                    where status in ('pending', 'unknown') and updated_at <= now() - make_interval(secs => $1)
                    order by updated_at limit $2 for update skip locked)
     returning id, member_id, merchant_id, vendor, direction, amount, created_at`,
    [olderThanSeconds, limit],
  );
  return rows.map(openTransfer);
}

/**
 * Ledger invariants of vendor transfers (added to `ops ledger check`): nothing open longer than
 * `stuckSeconds`, and VENDOR_CLEARING holds exactly what the open transfers hold, per merchant.
 * One statement, so both sides are read from one snapshot.
 */
export async function vendorLedgerProblems(q: Queryable, stuckSeconds: number): Promise<string[]> {
  const problems: string[] = [];
  const stuck = await q.query<{ id: string; status: string; created_at: Date | string }>(
    `select id, status, created_at from vendor_transfers
      where status in ('pending', 'unknown') and created_at < now() - make_interval(secs => $1)
      order by created_at limit 20`,
    [stuckSeconds],
  );
  for (const s of stuck)
    problems.push(`vendor transfer ${s.id} still ${s.status} since ${new Date(s.created_at).toISOString()}`);
  const clearing = await q.query<{ merchant_id: number; clearing: string; open: string }>(
    `with c as (
       select a.merchant_id, coalesce(sum(e.amount), 0) as clearing
         from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'system' and a.code = 'VENDOR_CLEARING' group by a.merchant_id
     ), o as (
       select merchant_id, sum(amount) as open from vendor_transfers
        where status in ('pending', 'unknown') group by merchant_id
     )
     select coalesce(c.merchant_id, o.merchant_id) as merchant_id, coalesce(c.clearing, 0) as clearing,
            coalesce(o.open, 0) as open
       from c full join o on o.merchant_id = c.merchant_id
      where coalesce(c.clearing, 0) <> coalesce(o.open, 0)`,
  );
  for (const c of clearing)
    problems.push(
      `VENDOR_CLEARING of merchant ${c.merchant_id} holds ${c.clearing} but open vendor transfers hold ${c.open}`,
    );
  return problems;
}
