import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BANK_CARDS_MAX,
  PAGE_SIZE_DEFAULT,
  PROOF_MAX_BYTES,
  PROOF_MAX_COUNT,
  TRIAL_TYPE,
  type BankCard,
  type C2cOutcome,
  type Deposit,
  type DepositChannel,
  type Withdrawal,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { once } from '../ledger/idempotency.ts';
import { addLedgerCheck, memberAccount, move, systemAccount } from '../ledger/ledger.ts';
import type { MoneyRunner } from '../ledger/money-tx.ts';
import { verifyPaymentPassword } from '../ledger/payment-password.ts';
import type { PasswordLimits } from '../session/password-checks.ts';
import type { SessionMember } from '../session/session.service.ts';
import { decideC2c, decideDeposit, disputeC2c } from './cashier.decisions.ts';
import * as repo from './cashier.repository.ts';
import { checkMovement } from '../protection/protection.guard.ts';

/**
 * The cashier (issue 4): deposit channels and deposits (BANK confirmed by the operator, INSTANT
 * through the demo gateway's signed callback, C2C matched to a pending withdrawal of the same
 * amount), bank cards, withdrawals (held until decided) and the spec §4 C2C confirmation.
 */

export type CashierMember = Pick<SessionMember, 'id' | 'type' | 'merchantId'>;

/** The development key of the demo gateway's signatures (README: set DEMO_GATEWAY_SECRET outside it). */
export const DEV_GATEWAY_SECRET = 'dev-demo-gateway-secret-change-me';

export interface CashierServiceDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
  passwordLimits: PasswordLimits;
  gatewaySecret?: string;
}

export interface RequestCtx {
  ip: string;
  userAgent?: string | undefined;
}

export type CashierService = ReturnType<typeof createCashierService>;

export const cashierError = (
  key: string,
  field?: string,
  status: 'UNPROCESSABLE' | 'NOT_FOUND' | 'CONFLICT' = 'UNPROCESSABLE',
  value?: unknown,
) =>
  new AppError(status, `cashier.errors.${key}`, field ? { [field]: `cashier.errors.${key}` } : undefined, {
    value,
  });

const trialRefused = () => new AppError('FORBIDDEN', 'errors.in_need_true_account');

addLedgerCheck(repo.cashierLedgerProblems);

/** HMAC-SHA256 hex of `text` with the gateway key. */
export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(secret: string, text: string, received: unknown): boolean {
  if (typeof received !== 'string' || !/^[0-9a-f]{64}$/i.test(received)) return false;
  const expected = Buffer.from(sign(secret, text), 'hex');
  return timingSafeEqual(expected, Buffer.from(received.toLowerCase(), 'hex'));
}

/** PNG and JPEG by their first bytes (spec §5/§9: png or jpg only). */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Strict base64 (optionally a data: URL) → bytes, or null when it is not base64. */
export function decodeBase64(data: string): Buffer | null {
  const body = data.replace(/^data:image\/(?:png|jpeg);base64,/, '');
  if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

export function createCashierService(deps: CashierServiceDeps) {
  const { db, money } = deps;
  const secret = deps.gatewaySecret ?? DEV_GATEWAY_SECRET;
  const payUrl = (id: number) => `/wps/payment/demo/pay?deposit=${id}&sig=${sign(secret, `pay:${id}`)}`;

  async function checkPaymentPassword(
    member: CashierMember,
    password: string,
    ctx: RequestCtx,
    path: string,
  ) {
    await verifyPaymentPassword(
      db,
      { memberId: member.id, password, ip: ctx.ip, userAgent: ctx.userAgent, path },
      deps.passwordLimits,
      deps.now(),
    );
  }

  /* ---------------------------------------------------------------- deposits */

  async function channels(member: CashierMember): Promise<DepositChannel[]> {
    return (await repo.listChannels(db, member.merchantId)).map(repo.channelView);
  }

  async function depositOf(id: number | string): Promise<Deposit> {
    const row = await repo.depositById(db, id);
    if (!row) throw cashierError('deposit_not_found', undefined, 'NOT_FOUND');
    return repo.depositView(row, payUrl);
  }

  async function createDeposit(
    member: CashierMember,
    input: { channelId: number; amount: number; payerName?: string | undefined; key: string },
  ): Promise<Deposit> {
    if (member.type === TRIAL_TYPE) throw trialRefused();
    const channel = (await repo.listChannels(db, member.merchantId)).find((c) => c.id === input.channelId);
    if (!channel) throw cashierError('unknown_channel', 'channelId');
    const min = Number(channel.min_amount);
    const max = Number(channel.max_amount);
    if (input.amount < min) throw cashierError('below_min', 'amount', 'UNPROCESSABLE', { min, max });
    if (input.amount > max) throw cashierError('above_max', 'amount', 'UNPROCESSABLE', { min, max });
    const payerName = input.payerName?.trim() || null;
    const settings = channel.code === 'C2C' ? await repo.moneySettings(db, member.merchantId) : null;
    const now = deps.now();
    const created = await once(
      money,
      {
        memberId: member.id,
        key: input.key,
        scope: 'createDeposit',
        body: { channelId: input.channelId, amount: input.amount, payerName },
      },
      async (tx) => {
        // Issue 10: the deposit limits count pending requests too; time-out refuses deposits.
        await checkMovement(tx, member.id, { kind: 'deposit', amount: input.amount, request: true }, now);
        if (channel.code !== 'C2C') {
          const [d] = await tx.query<{ id: string }>(
            `insert into deposits (merchant_id, member_id, channel_id, channel, amount, payer_name)
             values ($1, $2, $3, $4, $5, $6) returning id`,
            [member.merchantId, member.id, channel.id, channel.code, input.amount, payerName],
          );
          return { id: Number(d!.id) };
        }
        // C2C: the oldest unmatched pending withdrawal of this amount, not the depositor's own.
        const [w] = await tx.query<{ id: string }>(
          `select id from withdrawals
            where merchant_id = $1 and status = 'pending' and deposit_id is null and amount = $2 and member_id <> $3
            order by id limit 1 for update skip locked`,
          [member.merchantId, input.amount, member.id],
        );
        if (!w) throw cashierError('no_c2c_match', 'amount');
        const guarantee = Math.floor((input.amount * settings!.c2cGuaranteeBps) / 10_000);
        let guaranteeTransfer: number | null = null;
        if (guarantee > 0) {
          const posted = await move(tx, {
            type: 'adjustment',
            memberId: member.id,
            ref: `c2c:${w.id}`,
            memo: { reason: 'c2c_guarantee_held', withdrawalId: Number(w.id) },
            from: await memberAccount(tx, member.id),
            to: await systemAccount(tx, member.merchantId, 'C2C_GUARANTEE'),
            amount: guarantee,
          });
          guaranteeTransfer = posted.transferId;
          tx.balanceChanged(member.id);
        }
        const [d] = await tx.query<{ id: string }>(
          `insert into deposits (merchant_id, member_id, channel_id, channel, amount, payer_name, withdrawal_id,
                                 guarantee, guarantee_transfer_id)
           values ($1, $2, $3, 'C2C', $4, $5, $6, $7, $8) returning id`,
          [
            member.merchantId,
            member.id,
            channel.id,
            input.amount,
            payerName,
            w.id,
            guarantee,
            guaranteeTransfer,
          ],
        );
        await tx.query(
          `update withdrawals set status = 'matched', deposit_id = $2, matched_at = $3 where id = $1`,
          [w.id, d!.id, now],
        );
        return { id: Number(d!.id) };
      },
    );
    // Keys belong to one member: a repeat can only name this member's deposit.
    return depositOf(created.id);
  }

  async function deposits(
    member: CashierMember,
    q: { page?: number | undefined; pageSize?: number | undefined },
  ) {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
    const { rows, total } = await repo.listDeposits(db, member.id, page, pageSize);
    return { items: rows.map((r) => repo.depositView(r, payUrl)), page, pageSize, total };
  }

  /* -------------------------------------------------------------- bank cards */

  async function addBankCard(
    member: CashierMember,
    input: { bankName: string; accountName: string; accountNumber: string },
  ): Promise<BankCard> {
    if (member.type === TRIAL_TYPE) throw trialRefused();
    const r = await db.withTx((tx) => repo.insertCard(tx, member.id, input, BANK_CARDS_MAX));
    if (r === 'exists') throw cashierError('card_exists', 'accountNumber', 'CONFLICT');
    if (r === 'too_many')
      throw cashierError('too_many_cards', undefined, 'UNPROCESSABLE', { max: BANK_CARDS_MAX });
    return r;
  }

  async function removeBankCard(member: CashierMember, id: number): Promise<{ removed: boolean }> {
    if (!(await repo.removeCard(db, member.id, id))) throw cashierError('card_not_found', 'id', 'NOT_FOUND');
    return { removed: true };
  }

  /* ------------------------------------------------------------- withdrawals */

  async function withdrawInfo(member: CashierMember) {
    const s = await repo.moneySettings(db, member.merchantId);
    const [row] = await db.query<{ has_pp: boolean; main: string | null }>(
      `select m.payment_password_hash is not null as has_pp,
              (select balance from ledger_accounts where kind = 'member' and member_id = m.id and wallet = 'MAIN') as main
         from members m where m.id = $1`,
      [member.id],
    );
    return {
      min: s.withdrawMin,
      max: s.withdrawMax,
      balance: Number(row?.main ?? 0),
      autoReceiveMinutes: s.autoReceiveMinutes,
      hasPaymentPassword: row?.has_pp ?? false,
    };
  }

  async function withdrawalOf(id: number | string, merchantId: number): Promise<Withdrawal> {
    const row = await repo.withdrawalById(db, id);
    if (!row) throw cashierError('withdrawal_not_found', undefined, 'NOT_FOUND');
    const s = await repo.moneySettings(db, merchantId);
    return repo.withdrawalView(row, s.autoReceiveMinutes);
  }

  /** The member's own withdrawal, or 404 (another member's id looks exactly like a missing one). */
  async function ownWithdrawal(member: CashierMember, id: number): Promise<repo.WithdrawalRow> {
    const row = await repo.withdrawalById(db, id);
    if (!row || String(row.member_id) !== String(member.id))
      throw cashierError('withdrawal_not_found', 'withdrawalId', 'NOT_FOUND');
    return row;
  }

  async function withdraw(
    member: CashierMember,
    input: { bankCardId: number; amount: number; paymentPassword: string; key: string },
    ctx: RequestCtx,
  ): Promise<Withdrawal> {
    if (member.type === TRIAL_TYPE) throw trialRefused();
    const s = await repo.moneySettings(db, member.merchantId);
    const limits = { min: s.withdrawMin, max: s.withdrawMax };
    if (input.amount < s.withdrawMin) throw cashierError('below_min', 'amount', 'UNPROCESSABLE', limits);
    if (input.amount > s.withdrawMax) throw cashierError('above_max', 'amount', 'UNPROCESSABLE', limits);
    const card = await repo.ownCard(db, member.id, input.bankCardId);
    if (!card) throw cashierError('card_not_found', 'bankCardId', 'NOT_FOUND');
    await checkPaymentPassword(member, input.paymentPassword, ctx, 'withdraw');
    const made = await once(
      money,
      {
        memberId: member.id,
        key: input.key,
        scope: 'withdraw',
        body: { bankCardId: input.bankCardId, amount: input.amount },
      },
      async (tx) => {
        const [seq] = await tx.query<{ id: string }>(`select nextval('withdrawals_id_seq') as id`);
        const id = seq!.id;
        const posted = await move(tx, {
          type: 'withdrawal',
          memberId: member.id,
          ref: `withdrawal:${id}`,
          memo: { bankCardId: input.bankCardId },
          from: await memberAccount(tx, member.id),
          to: await systemAccount(tx, member.merchantId, 'WITHDRAWAL_PENDING'),
          amount: input.amount,
        });
        const [w] = await tx.query<{ id: string }>(
          `insert into withdrawals (id, merchant_id, member_id, bank_card_id, bank_name, account_name, account_number,
                                    amount, hold_transfer_id)
           values ($9, $1, $2, $3, $4, $5, $6, $7, $8) returning id`,
          [
            member.merchantId,
            member.id,
            card.id,
            card.bank_name,
            card.account_name,
            card.account_number,
            input.amount,
            posted.transferId,
            id,
          ],
        );
        tx.balanceChanged(member.id);
        return { id: Number(w!.id) };
      },
    );
    return withdrawalOf(made.id, member.merchantId);
  }

  async function withdrawals(
    member: CashierMember,
    q: { page?: number | undefined; pageSize?: number | undefined },
  ) {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
    const s = await repo.moneySettings(db, member.merchantId);
    const { rows, total } = await repo.listWithdrawals(db, member.id, page, pageSize);
    return { items: rows.map((r) => repo.withdrawalView(r, s.autoReceiveMinutes)), page, pageSize, total };
  }

  /* --------------------------------------------------------------------- C2C */

  async function c2cConfirm(
    member: CashierMember,
    input: { withdrawalId: number; outcome: C2cOutcome; amountReceived?: number | undefined; key: string },
  ): Promise<Withdrawal> {
    if (member.type === TRIAL_TYPE) throw trialRefused();
    const w = await ownWithdrawal(member, input.withdrawalId);
    const amount = Number(w.amount);
    if (input.outcome === 'partial') {
      const r = input.amountReceived;
      if (r === undefined || r >= amount)
        throw cashierError('partial_amount', 'amountReceived', 'UNPROCESSABLE', { max: amount - 1 });
    } else if (input.amountReceived !== undefined) {
      throw cashierError('partial_amount', 'amountReceived');
    }
    const now = deps.now();
    await once(
      money,
      {
        memberId: member.id,
        key: input.key,
        scope: 'c2cConfirm',
        body: {
          withdrawalId: input.withdrawalId,
          outcome: input.outcome,
          amountReceived: input.amountReceived ?? null,
        },
      },
      async (tx) => {
        if (input.outcome === 'none') {
          const [p] = await tx.query<{ n: string }>(
            'select count(*) as n from c2c_proofs where withdrawal_id = $1',
            [w.id],
          );
          if (Number(p?.n ?? 0) === 0) throw cashierError('proof_required', 'images');
          const r = await disputeC2c(tx, w.id, now);
          if (!r.changed) throw cashierError('not_awaiting_confirmation');
          return { id: Number(w.id) };
        }
        const r = await decideC2c(
          tx,
          w.id,
          input.outcome === 'full' ? { kind: 'full' } : { kind: 'partial', received: input.amountReceived! },
          now,
          'awaiting',
        );
        if (!r.changed) throw cashierError('not_awaiting_confirmation');
        return { id: Number(w.id) };
      },
    );
    return withdrawalOf(w.id, member.merchantId);
  }

  async function c2cProof(
    member: CashierMember,
    input: { withdrawalId: number; images: { type: 'image/png' | 'image/jpeg'; data: string }[] },
  ): Promise<{ proofs: number }> {
    if (member.type === TRIAL_TYPE) throw trialRefused();
    const w = await ownWithdrawal(member, input.withdrawalId);
    if (input.images.length > PROOF_MAX_COUNT) throw cashierError('too_many_images', 'images');
    const files: { type: string; bytes: Buffer }[] = [];
    for (const [i, img] of input.images.entries()) {
      const bytes = decodeBase64(img.data);
      if (!bytes) throw cashierError('image_type', `images.${i}`);
      if (bytes.length > PROOF_MAX_BYTES) throw cashierError('image_too_large', `images.${i}`);
      const type = imageTypeOf(bytes);
      if (!type || type !== img.type) throw cashierError('image_type', `images.${i}`);
      files.push({ type, bytes });
    }
    return db.withTx(async (tx) => {
      const locked = await repo.lockWithdrawal(tx, w.id);
      if (!locked || !(locked.status === 'matched' && locked.outcome === null && !locked.disputed))
        throw cashierError('not_awaiting_confirmation');
      const [c] = await tx.query<{ n: string }>(
        'select count(*) as n from c2c_proofs where withdrawal_id = $1',
        [w.id],
      );
      const have = Number(c?.n ?? 0);
      if (have + files.length > PROOF_MAX_COUNT) throw cashierError('too_many_images', 'images');
      for (const f of files)
        await tx.query(
          `insert into c2c_proofs (withdrawal_id, member_id, content_type, data) values ($1, $2, $3, $4)`,
          [w.id, member.id, f.type, f.bytes],
        );
      return { proofs: have + files.length };
    });
  }

  /* ----------------------------------------------------------------- gateway */

  /** The pay page's link signature: only links made by createDeposit open the page. */
  const payLinkValid = (depositId: string, sig: unknown) => signatureMatches(secret, `pay:${depositId}`, sig);

  /**
   * The demo gateway's server-to-server callback: `raw` is the exact body it signed. A bad
   * signature writes nothing (401). A paid deposit is credited once (a replay finds it decided).
   */
  async function gatewayCallback(
    raw: string,
    signature: unknown,
  ): Promise<{ depositId: number; status: string }> {
    if (!signatureMatches(secret, raw, signature))
      throw new AppError('UNAUTHORIZED', 'cashier.errors.bad_signature');
    let body: { depositId?: unknown; amount?: unknown; status?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      throw new AppError('BAD_REQUEST');
    }
    const id = body.depositId;
    if (
      !Number.isSafeInteger(id) ||
      (id as number) < 1 ||
      (body.status !== 'paid' && body.status !== 'cancelled')
    )
      throw new AppError('BAD_REQUEST');
    const d = await repo.depositById(db, id as number);
    if (!d || d.channel !== 'INSTANT') throw cashierError('deposit_not_found', undefined, 'NOT_FOUND');
    if (body.amount !== Number(d.amount)) throw cashierError('amount_mismatch');
    const r = await money((tx) =>
      decideDeposit(tx, d.id, body.status === 'paid' ? 'succeeded' : 'failed', deps.now(), {
        channels: ['INSTANT'],
        by: 'gateway',
      }),
    );
    return { depositId: Number(d.id), status: r.value.status };
  }

  return {
    secret,
    payUrl,
    payLinkValid,
    channels,
    createDeposit,
    deposits,
    depositOf,
    bankCards: (member: CashierMember) => repo.listCards(db, member.id),
    addBankCard,
    removeBankCard,
    withdrawInfo,
    withdraw,
    withdrawals,
    c2cConfirm,
    c2cProof,
    gatewayCallback,
  };
}
