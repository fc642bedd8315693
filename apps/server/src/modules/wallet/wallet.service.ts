import { randomUUID } from 'node:crypto';
import {
  MAIN_WALLET,
  TRIAL_TYPE,
  type ConsolidatedFunds,
  type ResponseOf,
  type UplineInfo,
  type VendorTransferResult,
  type WalletBalance,
  type WalletItem,
  type walletEndpoints,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { idempotencyConflict, once, requestHash } from '../ledger/idempotency.ts';
import { addLedgerCheck, insufficientBalance, memberAccount, move, systemAccount } from '../ledger/ledger.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';
import { verifyPaymentPassword } from '../ledger/payment-password.ts';
import type { PasswordLimits } from '../session/password-checks.ts';
import type { SessionMember } from '../session/session.service.ts';
import { VendorUnreachable, type VendorAnswer, type VendorCall, type VendorPort } from './demo-vendor.ts';
import * as repo from './wallet.repository.ts';
import { checkMovement, hasProtection } from '../protection/protection.guard.ts';

/**
 * Wallets (issue 4): balances, main ↔ vendor transfers in two phases (DESIGN §3), collect-all,
 * the transfer to the upline. The vendor is called between two committed statements, never inside
 * a database transaction; whatever is left open (a timeout, a lost answer, a crash) is decided by
 * asking the vendor — at once, or later by the reconciler.
 */

export type WalletMember = Pick<SessionMember, 'id' | 'type' | 'merchantId'>;

export interface WalletServiceDeps {
  db: Db;
  money: MoneyRunner;
  vendor: VendorPort;
  now: Clock;
  passwordLimits: PasswordLimits;
  /** Where the service reports what it could not finish (the reconciler will). */
  log?: { warn(obj: object, msg: string): void };
  /** How long the vendor list and the merchant's money settings are cached (default 5 s). */
  cacheMs?: number;
  /** How long a vendor call may take before its outcome counts as unknown (default 10 s). */
  vendorTimeoutMs?: number;
}

export interface TransferInput {
  from: string;
  to: string;
  amount?: number | undefined;
  all?: boolean | undefined;
  key: string;
}

export interface ReconcileReport {
  checked: number;
  completed: number;
  failed: number;
  /** Still open (the vendor could not be reached). */
  open: number;
}

export type WalletService = ReturnType<typeof createWalletService>;
type CollectResult = ResponseOf<typeof walletEndpoints.walletCollect>;
type TransferUplineResult = ResponseOf<typeof walletEndpoints.transferUpline>;

const VENDOR_MESSAGES: Record<string, string> = {
  insufficient: 'money.errors.insufficient_balance',
  refused: 'money.errors.vendor_unavailable',
  cancelled: 'money.errors.vendor_unavailable',
};
const unknownWallet = (field: 'from' | 'to') =>
  new AppError('BAD_REQUEST', 'money.errors.unknown_wallet', { [field]: 'money.errors.unknown_wallet' });
const vendorUnavailable = () => new AppError('UNPROCESSABLE', 'money.errors.vendor_unavailable');

addLedgerCheck(repo.vendorLedgerProblems);

export function createWalletService(deps: WalletServiceDeps) {
  const { db, vendor } = deps;
  const cacheMs = deps.cacheMs ?? 5_000;
  const vendorTimeoutMs = deps.vendorTimeoutMs ?? 10_000;

  // Per app instance, short TTL: the hot path reads no settings from the database.
  interface MerchantCache {
    at: number;
    vendors: repo.VendorRow[];
    currency: string;
    isSingle: boolean;
  }
  const merchants = new Map<number, Promise<MerchantCache>>();
  const clearing = new Map<number, Promise<number>>();

  function merchantOf(merchantId: number): Promise<MerchantCache> {
    const hit = merchants.get(merchantId);
    const fresh = hit ?? load();
    if (!hit) merchants.set(merchantId, fresh);
    return fresh.then((c) => {
      if (Date.now() - c.at <= cacheMs) return c;
      if (merchants.get(merchantId) === fresh) merchants.delete(merchantId);
      return merchantOf(merchantId);
    });
    async function load(): Promise<MerchantCache> {
      try {
        const [vendors, money] = await Promise.all([
          repo.listVendors(db, merchantId),
          repo.merchantMoney(db, merchantId),
        ]);
        return { at: Date.now(), vendors, ...money };
      } catch (err) {
        merchants.delete(merchantId);
        throw err;
      }
    }
  }

  /** The clearing account id (created outside any transaction, so a cached id always exists). */
  function clearingAccount(merchantId: number): Promise<number> {
    let hit = clearing.get(merchantId);
    if (!hit) {
      hit = systemAccount(db, merchantId, 'VENDOR_CLEARING').then((a) => a.id);
      hit.catch(() => clearing.delete(merchantId));
      clearing.set(merchantId, hit);
    }
    return hit;
  }

  const stateOf = (id: string) => transferResult(db, id);

  const settle = (call: VendorCall, answer: VendorAnswer | 'unreachable') =>
    settleTransfer({ db, vendor, vendorTimeoutMs }, call, answer);

  async function callVendor(
    call: VendorCall,
    direction: 'in' | 'out',
  ): Promise<VendorAnswer | 'unreachable'> {
    try {
      return await withTimeout(
        direction === 'in' ? vendor.credit(call) : vendor.debit(call),
        vendorTimeoutMs,
      );
    } catch (err) {
      if (err instanceof VendorUnreachable) return 'unreachable';
      deps.log?.warn({ err, transferId: call.id }, 'vendor call failed; the outcome is unknown');
      return 'unreachable';
    }
  }

  /** The answer of a repeated key: the first answer, or the transfer's state while it is open. */
  async function replay(memberId: string, key: string, scope: string, hash: string): Promise<unknown> {
    const stored = await repo.storedKey(db, memberId, key);
    if (!stored || stored.scope !== scope || stored.request_hash !== hash) throw idempotencyConflict();
    return stored.response;
  }

  async function repeatOf(
    memberId: string,
    key: string,
    scope: string,
    hash: string,
  ): Promise<VendorTransferResult> {
    const stored = (await replay(memberId, key, scope, hash)) as
      VendorTransferResult | { transferId: string };
    return 'status' in stored ? stored : stateOf(stored.transferId);
  }

  async function transfer(member: WalletMember, input: TransferInput): Promise<VendorTransferResult> {
    if (member.type === TRIAL_TYPE) throw new AppError('FORBIDDEN', 'errors.in_need_true_account');
    const direction = input.from === MAIN_WALLET ? 'in' : 'out';
    const code = direction === 'in' ? input.to : input.from;
    if ((input.from === MAIN_WALLET) === (input.to === MAIN_WALLET)) throw unknownWallet('to');
    const amount = input.all === true ? null : (input.amount ?? 0);
    if (amount !== null && !(Number.isSafeInteger(amount) && amount > 0))
      throw new AppError('BAD_REQUEST', 'money.errors.amount_invalid', {
        amount: 'money.errors.amount_invalid',
      });
    const m = await merchantOf(member.merchantId);
    const v = m.vendors.find((x) => x.code === code);
    if (!v) throw unknownWallet(direction === 'in' ? 'to' : 'from');
    const scope = 'walletTransfer';
    const hash = requestHash(scope, {
      from: input.from,
      to: input.to,
      amount: input.amount ?? null,
      all: input.all === true,
    });
    if (v.status !== 'active' || m.isSingle) {
      // A repeat still gets its first answer after the vendor went into maintenance.
      if (await repo.storedKey(db, member.id, input.key)) return repeatOf(member.id, input.key, scope, hash);
      throw vendorUnavailable();
    }
    const id = randomUUID();
    const holdInput: repo.HoldInput = {
      id,
      merchantId: member.merchantId,
      memberId: member.id,
      vendor: code,
      direction,
      amount,
      clearingAccountId: await clearingAccount(member.merchantId),
      key: input.key,
      scope,
      requestHash: hash,
    };
    // Issue 10: money into a vendor wallet is a stake. A member with protection settings gets the
    // guard (row lock, limits, time-out) and the hold in one transaction; the others the one statement.
    const guarded = direction === 'in' && (await hasProtection(db, member.id));
    const held = guarded
      ? await db
          .withTx(async (tx) => {
            await checkMovement(tx, member.id, { kind: 'stake', amount }, deps.now());
            return repo.hold(tx, { ...holdInput, once: true });
          })
          .catch((err: unknown): repo.HoldResult => {
            if ((err as { code?: string }).code === '23505') return { kind: 'repeat' };
            throw err;
          })
      : await repo.hold(db, holdInput);
    if (held.kind === 'insufficient') {
      // A concurrent repeat of this key that committed while the hold waited for the wallet's row
      // lock: the hold saw the balance after that debit but not the key (its snapshot is older).
      if (await repo.storedKey(db, member.id, input.key)) return repeatOf(member.id, input.key, scope, hash);
      throw insufficientBalance();
    }
    if (held.kind === 'repeat') return repeatOf(member.id, input.key, scope, hash);
    const call: VendorCall = { id, memberId: member.id, vendor: code, amount: held.amount };
    try {
      const done = await settle(call, await callVendor(call, direction));
      return done === 'open' ? await stateOf(id) : done;
    } catch (err) {
      // The hold is committed: whatever failed now, the reconciler decides the transfer later.
      deps.log?.warn({ err, transferId: id }, 'vendor transfer left open for the reconciler');
      return {
        transferId: id,
        status: 'pending',
        from: input.from,
        to: input.to,
        amount: held.amount,
        balances: { [direction === 'in' ? MAIN_WALLET : code]: held.balance },
      };
    }
  }

  /**
   * Collect-all: the first call decides which vendor wallets to collect (active, with a balance)
   * and stores that list under the key; then every vendor is its own two-phase transfer under a
   * key derived from the client's ('.' never appears in a client key, so they never collide). A
   * repeat — sequential or concurrent — walks the same list with the same derived keys, so each
   * vendor moves at most once and the answer shows each transfer's current state.
   */
  async function collect(member: WalletMember, key: string): Promise<CollectResult> {
    if (member.type === TRIAL_TYPE) throw new AppError('FORBIDDEN', 'errors.in_need_true_account');
    const scope = 'walletCollect';
    const hash = requestHash(scope, {});
    let codes: string[];
    const stored = await repo.storedKey(db, member.id, key);
    if (stored) {
      if (stored.scope !== scope || stored.request_hash !== hash) throw idempotencyConflict();
      codes = (stored.response as { vendors?: string[] } | null)?.vendors ?? [];
    } else {
      const m = await merchantOf(member.merchantId);
      if (m.isSingle) throw vendorUnavailable();
      const { balances } = await repo.memberWallets(db, member.id);
      codes = m.vendors
        .filter((v) => v.status === 'active' && (balances.get(v.code) ?? 0) > 0)
        .map((v) => v.code);
      const [claimed] = await db.query<{ ok: number }>(
        `insert into idempotency_keys (member_id, key, scope, request_hash, status, response)
         values ($1, $2, $3, $4, 'done', $5) on conflict (member_id, key) do nothing returning 1 as ok`,
        [member.id, key, scope, hash, JSON.stringify({ vendors: codes })],
      );
      // A concurrent call with the same key decided first: walk its list.
      if (!claimed) return collect(member, key);
    }
    const results: VendorTransferResult[] = [];
    for (const code of codes) {
      try {
        results.push(
          await transfer(member, { from: code, to: MAIN_WALLET, all: true, key: `${key}.${code}` }),
        );
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        results.push({
          transferId: '',
          status: 'failed',
          from: code,
          to: MAIN_WALLET,
          amount: 0,
          message: err.message,
          balances: {},
        });
      }
    }
    const { balances } = await repo.memberWallets(db, member.id);
    return { results, balances: Object.fromEntries(balances) };
  }

  function walletItems(m: MerchantCache, balances: Map<string, number>): WalletItem[] {
    return m.vendors.map((v) => ({
      code: v.code,
      name: v.name,
      balance: balances.get(v.code) ?? 0,
      status: v.status,
    }));
  }

  /** `read`: the wallet rows read with the session (MEMBER_WALLETS_READ), else read here. */
  async function balance(
    member: WalletMember,
    read?: readonly Record<string, unknown>[] | null,
  ): Promise<WalletBalance> {
    const [m, w] = await Promise.all([
      merchantOf(member.merchantId),
      read ? repo.walletsOf(read) : repo.memberWallets(db, member.id),
    ]);
    const main = w.balances.get(MAIN_WALLET) ?? 0;
    const vendors = walletItems(m, w.balances);
    return {
      sumBalance: main + vendors.reduce((s, v) => s + v.balance, 0) + w.pending,
      currency: m.currency,
      wallets: [{ code: MAIN_WALLET, name: 'Main', balance: main, status: 'active' }, ...vendors],
    };
  }

  async function consolidated(member: WalletMember): Promise<ConsolidatedFunds> {
    const [m, w, open] = await Promise.all([
      merchantOf(member.merchantId),
      repo.memberWallets(db, member.id),
      repo.pendingTransfersOf(db, member.id),
    ]);
    const main = w.balances.get(MAIN_WALLET) ?? 0;
    const vendors = walletItems(m, w.balances);
    const pending = open.reduce((s, t) => s + t.amount, 0);
    return {
      currency: m.currency,
      main,
      vendors,
      pending,
      pendingTransfers: open.map((t) => ({
        transferId: t.id,
        from: t.direction === 'in' ? MAIN_WALLET : t.vendor,
        to: t.direction === 'in' ? t.vendor : MAIN_WALLET,
        amount: t.amount,
        createdAt: t.createdAt.toISOString(),
      })),
      total: main + vendors.reduce((s, v) => s + v.balance, 0) + pending,
    };
  }

  interface UplineRow {
    upline_id: string | null;
    account: string | null;
    nickname: string | null;
    status: string | null;
    has_pp: boolean;
    main: string | null;
  }
  /** The member's upline (none when upline_id names the member itself: a transfer to self is no transfer). */
  async function uplineOf(memberId: string): Promise<UplineRow> {
    const [row] = await db.query<UplineRow>(
      `select m.upline_id, u.account, u.nickname, u.status, m.payment_password_hash is not null as has_pp,
              (select balance from ledger_accounts where kind = 'member' and member_id = m.id and wallet = 'MAIN') as main
         from members m left join members u on u.id = m.upline_id and u.id <> m.id where m.id = $1`,
      [memberId],
    );
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }

  async function uplineInfo(member: WalletMember): Promise<UplineInfo> {
    const u = await uplineOf(member.id);
    return {
      upline: u.upline_id && u.account ? { account: u.account, nickname: u.nickname } : null,
      allowed: Boolean(u.upline_id) && u.status === 'active' && member.type !== TRIAL_TYPE,
      balance: Number(u.main ?? 0),
      hasPaymentPassword: u.has_pp,
    };
  }

  async function transferUpline(
    member: WalletMember,
    input: { amount: number; paymentPassword: string; key: string },
    ctx: { ip: string; userAgent?: string | undefined },
  ): Promise<TransferUplineResult> {
    if (member.type === TRIAL_TYPE) throw new AppError('FORBIDDEN', 'errors.in_need_true_account');
    const u = await uplineOf(member.id);
    if (!u.upline_id || !u.account) throw new AppError('UNPROCESSABLE', 'wallet.errors.no_upline');
    if (u.status !== 'active') throw new AppError('UNPROCESSABLE', 'wallet.errors.upline_unavailable');
    await verifyPaymentPassword(
      db,
      {
        memberId: member.id,
        password: input.paymentPassword,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        path: 'transferUpline',
      },
      deps.passwordLimits,
      deps.now(),
    );
    const uplineId = u.upline_id;
    const uplineAccount = u.account;
    // The idempotency body is the amount only: the payment password is never hashed into it.
    return once(
      deps.money,
      { memberId: member.id, key: input.key, scope: 'transferUpline', body: { amount: input.amount } },
      async (tx) => {
        const from = await memberAccount(tx, member.id);
        const to = await memberAccount(tx, uplineId);
        const posted = await move(tx, {
          type: 'upline_out',
          memberId: member.id,
          ref: `upline:${uplineId}`,
          memo: { uplineId: String(uplineId), upline: uplineAccount },
          from,
          to,
          amount: input.amount,
        });
        tx.balanceChanged(member.id);
        tx.balanceChanged(String(uplineId));
        return {
          transferId: String(posted.transferId),
          amount: input.amount,
          balance: posted.balances.get(from.id) ?? 0,
          upline: uplineAccount,
        };
      },
    );
  }

  async function merchantWallet(member: WalletMember): Promise<{ isSingle: boolean }> {
    return { isSingle: (await merchantOf(member.merchantId)).isSingle };
  }

  return {
    vendor,
    balance,
    merchantWallet,
    transfer,
    collect,
    consolidated,
    uplineInfo,
    transferUpline,
    /** Resolves open transfers older than `olderThanSeconds` by asking the vendor (see reconcile). */
    reconcile: (o: { olderThanSeconds?: number; limit?: number } = {}) =>
      reconcileVendorTransfers({ db, vendor, vendorTimeoutMs }, o),
    /** Forgets the cached vendor list and settings (after an operator change; tests). */
    invalidate(): void {
      merchants.clear();
    },
  };
}

export interface ReconcileDeps {
  db: Db;
  vendor: VendorPort;
  vendorTimeoutMs?: number;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new VendorUnreachable('vendor call timed out')), ms);
    timer.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

function resultOf(s: repo.TransferState): VendorTransferResult {
  const r: VendorTransferResult = {
    transferId: s.id,
    status: s.status === 'completed' || s.status === 'failed' ? s.status : 'pending',
    from: s.direction === 'in' ? MAIN_WALLET : s.vendor,
    to: s.direction === 'in' ? s.vendor : MAIN_WALLET,
    amount: s.amount,
    balances: { [MAIN_WALLET]: s.main, [s.vendor]: s.vendorBalance },
  };
  if (s.status === 'failed' && s.message) r.message = s.message;
  return r;
}

/** The transfer as it stands now (a repeat of its key, an answer we could not finish). */
async function transferResult(db: Db, id: string): Promise<VendorTransferResult> {
  const s = await repo.transferState(db, id);
  if (!s) throw new Error(`vendor transfer ${id} not found`);
  return resultOf(s);
}

/**
 * Decides an open transfer from the vendor's answer: completed, or failed (voided, the amount back
 * in the source wallet). Without an answer (timeout, lost answer, crash) the vendor's final word
 * decides (`resolve`); when even that cannot be had, the transfer stays open (status unknown).
 */
export async function settleTransfer(
  deps: ReconcileDeps,
  call: VendorCall,
  answer: VendorAnswer | 'unreachable',
): Promise<VendorTransferResult | 'open'> {
  let outcome = answer;
  if (outcome === 'unreachable') {
    try {
      const final = await withTimeout(deps.vendor.resolve(call), deps.vendorTimeoutMs ?? 10_000);
      outcome = final === 'applied' ? { ok: true } : { ok: false, reason: 'cancelled' };
    } catch (err) {
      if (!(err instanceof VendorUnreachable)) throw err;
      await repo.markUnknown(deps.db, call.id);
      return 'open';
    }
  }
  const body = outcome.ok
    ? await repo.finish(deps.db, call.id, 'completed', null)
    : await repo.finish(
        deps.db,
        call.id,
        'failed',
        VENDOR_MESSAGES[outcome.reason] ?? 'money.errors.vendor_unavailable',
      );
  return body ?? transferResult(deps.db, call.id);
}

/**
 * The reconciler (DESIGN §3): every transfer open longer than `olderThanSeconds` is decided by the
 * vendor's final word (`resolve`: applied → completed, otherwise cancelled → voided). Safe next to
 * live requests and on several instances: the lease takes an advisory lock and skips locked rows,
 * and `finish` closes a transfer once only. Exported for the ops command, the job and the crash
 * test.
 */
export async function reconcileVendorTransfers(
  deps: ReconcileDeps,
  o: { olderThanSeconds?: number; limit?: number } = {},
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, completed: 0, failed: 0, open: 0 };
  const limit = o.limit ?? 500;
  const seen = new Set<string>();
  for (;;) {
    const batch = await deps.db.withTx((tx) => repo.leaseOpenTransfers(tx, o.olderThanSeconds ?? 30, limit));
    const fresh = batch.filter((t) => !seen.has(t.id));
    for (const t of fresh) {
      seen.add(t.id);
      report.checked++;
      const r = await settleTransfer(
        deps,
        { id: t.id, memberId: t.memberId, vendor: t.vendor, amount: t.amount },
        'unreachable',
      );
      if (r === 'open' || r.status === 'pending') report.open++;
      else if (r.status === 'completed') report.completed++;
      else report.failed++;
    }
    // A full batch may have more behind it; transfers still open come back and end the loop.
    if (batch.length < limit || fresh.length === 0) return report;
  }
}
