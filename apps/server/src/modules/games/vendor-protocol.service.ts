import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MAIN_WALLET, type GameType } from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { requestHash } from '../ledger/idempotency.ts';
import { insufficientBalance, memberAccount, move, systemAccount } from '../ledger/ledger.ts';
import type { MoneyRunner, MoneyTx } from '../ledger/money-tx.ts';
import * as repo from './play.repository.ts';

/**
 * The vendor protocol (DESIGN §4, issue 5): what a game vendor's server calls on the platform —
 * launch (validate a ticket), balance, debit (take a stake, open the bet), credit (pay the round,
 * settle the bet) and rollback (refund a debit once, or cancel a debit never seen for good).
 *
 * Every money call is idempotent by (vendor, txId): the transaction row is claimed in the same
 * database transaction as the movement, so a repeat — sequential or concurrent, which waits for
 * the first on the unique index — answers the stored answer (`repeated: true`); the same txId
 * with another body is refused (409). Seamless vendors play from the main wallet; transfer vendors
 * from the member's vendor wallet, with the demo vendor's own books moving in the same
 * transaction. Trial sessions play with the session's play money: no ledger, no betting record.
 *
 * The HTTP routes verify the vendor's signature and hash the ticket; in-process callers (the demo
 * studio, its reconciler) call these functions with the ticket's hash directly.
 */

/** Development HMAC key of the vendor protocol (VENDOR_PROTOCOL_SECRET overrides it). */
export const DEV_VENDOR_PROTOCOL_SECRET = 'dev-vendor-protocol-secret-not-for-production';
export const VENDOR_SIGNATURE_HEADER = 'x-vendor-signature';

/** Each vendor's own secret, derived from the server's one secret (handed to the vendor once). */
export const vendorSecret = (serverSecret: string, vassalage: string) =>
  createHmac('sha256', serverSecret).update(`vendor:${vassalage}`).digest('hex');

/** Hex HMAC-SHA256 of the raw body with the vendor's secret (the X-Vendor-Signature header). */
export const signVendorBody = (secret: string, raw: string) =>
  createHmac('sha256', secret).update(raw).digest('hex');

export function vendorSignatureMatches(secret: string, raw: string, received: unknown): boolean {
  if (typeof received !== 'string' || !/^[0-9a-f]{64}$/i.test(received)) return false;
  return timingSafeEqual(
    Buffer.from(signVendorBody(secret, raw), 'hex'),
    Buffer.from(received.toLowerCase(), 'hex'),
  );
}

export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** The betting record's vertical of a game type. */
export const VERTICAL_OF: Record<GameType, string> = {
  RNG: 'slots',
  LIVE: 'live',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  FISH: 'fish',
  PVP: 'card',
  LOTT: 'lottery',
  ELOTT: 'lottery',
};

export const ticketInvalid = () => new AppError('UNAUTHORIZED', 'games.errors.ticket_invalid');
export const vendorMismatch = () =>
  new AppError('BAD_REQUEST', 'games.errors.vendor_mismatch', { vassalage: 'games.errors.vendor_mismatch' });
const txConflict = () => new AppError('CONFLICT', 'games.errors.tx_conflict');
const txCancelled = () => new AppError('UNPROCESSABLE', 'games.errors.tx_cancelled');
const unknownRound = () => new AppError('NOT_FOUND', 'games.errors.unknown_round');
const roundClosed = () => new AppError('CONFLICT', 'games.errors.round_closed');

export interface SessionKey {
  vassalage: string;
  /** SHA-256 (hex) of the launch ticket. */
  ticketHash: string;
}
export interface DebitInput extends SessionKey {
  txId: string;
  roundId: string;
  amount: number;
  gameId: number;
  detail?: unknown;
}
export interface CreditInput extends SessionKey {
  txId: string;
  roundId: string;
  amount: number;
  detail?: unknown;
}
export interface RollbackInput extends SessionKey {
  txId: string;
  roundId: string;
  debitTxId: string;
}
export interface VendorAnswer {
  balance: number;
  txId?: string;
  repeated?: boolean;
}
export interface LaunchAnswer {
  memberId: string;
  account: string;
  gameId: number;
  mode: 'real' | 'trial';
  currency: string;
  balance: number;
  language?: string;
}

export interface VendorProtocolDeps {
  db: Db;
  money: MoneyRunner;
  now: Clock;
}

export type VendorProtocol = ReturnType<typeof createVendorProtocol>;

export function createVendorProtocol({ db, money, now }: VendorProtocolDeps) {
  /** The session of a ticket; `live` calls (launch, balance, debit) also need it unexpired. */
  async function sessionOf(q: Queryable, key: SessionKey, live: boolean): Promise<repo.SessionRow> {
    const s = await repo.sessionByHash(q, key.ticketHash);
    if (!s) throw ticketInvalid();
    if (live && s.expires_at.getTime() <= now().getTime()) throw ticketInvalid();
    if (s.vassalage !== key.vassalage) throw vendorMismatch();
    return s;
  }

  const walletOf = (s: repo.SessionRow) => (s.wallet_mode === 'transfer' ? s.vassalage : MAIN_WALLET);

  async function balanceOf(q: Queryable, s: repo.SessionRow): Promise<number> {
    if (s.mode === 'trial') {
      const [row] = await q.query<{ trial_balance: string }>(
        'select trial_balance from game_sessions where id = $1',
        [s.id],
      );
      return Number(row?.trial_balance ?? 0);
    }
    return repo.walletBalance(q, s.member_id!, walletOf(s));
  }

  /** What a txId already taken answers: the stored answer, or why not. */
  async function repeat(q: Queryable, vassalage: string, txId: string, hash: string, kind: repo.TxKind) {
    const row = await repo.findTx(q, vassalage, txId);
    // Not the txId: the round already has its debit.
    if (!row) throw roundClosed();
    if (row.kind === 'cancelled' && kind === 'debit') throw txCancelled();
    if (row.request_hash !== hash || row.kind !== kind) throw txConflict();
    // Claimed but without an answer cannot be seen: the answer is written in the claim's transaction.
    return { ...(row.answer as VendorAnswer), repeated: true };
  }

  /** Moves `amount` between the member's wallet and GAMES (+ the demo vendor's books); new balance. */
  async function moveMoney(
    tx: MoneyTx,
    s: repo.SessionRow,
    signed: number,
    o: { type: 'bet' | 'payout'; txId: string; roundId: string; rollback?: boolean },
  ): Promise<{ balance: number; transferId: number | null }> {
    const memberId = s.member_id!;
    const wallet = walletOf(s);
    if (signed === 0) return { balance: await repo.walletBalance(tx, memberId, wallet), transferId: null };
    const member = await memberAccount(tx, memberId, wallet);
    const games = await systemAccount(tx, s.merchant_id, 'GAMES');
    const amount = Math.abs(signed);
    const posted = await move(tx, {
      type: o.type,
      memberId,
      ref: `game:${s.vassalage}:${o.txId}`,
      memo: {
        vassalage: s.vassalage,
        gameId: s.game_id,
        game: s.game_name,
        roundId: o.roundId,
        txId: o.txId,
        ...(o.rollback ? { rollback: true } : {}),
      },
      from: signed < 0 ? member : games,
      to: signed < 0 ? games : member,
      amount,
    });
    if (s.wallet_mode === 'transfer' && !(await repo.moveDemoVendorBooks(tx, memberId, s.vassalage, signed)))
      throw insufficientBalance();
    tx.balanceChanged(memberId);
    return { balance: posted.balances.get(member.id) ?? 0, transferId: posted.transferId };
  }

  async function launch(key: SessionKey): Promise<LaunchAnswer> {
    const s = await sessionOf(db, key, true);
    return {
      memberId: s.member_id ?? '',
      account: s.account ?? '',
      gameId: s.game_id,
      mode: s.mode,
      currency: s.currency,
      balance: await balanceOf(db, s),
      language: s.language,
    };
  }

  async function balance(key: SessionKey): Promise<VendorAnswer> {
    const s = await sessionOf(db, key, true);
    return { balance: await balanceOf(db, s) };
  }

  async function debit(input: DebitInput): Promise<VendorAnswer> {
    const s = await sessionOf(db, input, true);
    if (input.gameId !== s.game_id)
      throw new AppError('BAD_REQUEST', 'games.errors.unknown_game', { gameId: 'games.errors.unknown_game' });
    const hash = requestHash('vendor.debit', { ...input, detail: input.detail ?? null });
    return money(async (tx) => {
      const id = await repo.claimTx(tx, {
        vassalage: s.vassalage,
        txId: input.txId,
        kind: 'debit',
        sessionId: s.id,
        mode: s.mode,
        roundId: input.roundId,
        memberId: s.member_id,
        amount: input.amount,
        requestHash: hash,
      });
      if (!id) return repeat(tx, s.vassalage, input.txId, hash, 'debit');
      let balance: number;
      let transferId: number | null = null;
      if (s.mode === 'trial') {
        const after = await repo.moveTrialBalance(tx, s.id, -input.amount);
        if (after === null) throw insufficientBalance();
        balance = after;
      } else {
        const moved = await moveMoney(tx, s, -input.amount, {
          type: 'bet',
          txId: input.txId,
          roundId: input.roundId,
        });
        balance = moved.balance;
        transferId = moved.transferId;
        await repo.openBet(tx, {
          memberId: s.member_id!,
          vertical: VERTICAL_OF[s.game_type],
          stake: input.amount,
          roundId: input.roundId,
          vassalage: s.vassalage,
          gameId: s.game_id,
          gameName: s.game_name,
          detail: input.detail,
          at: now(),
        });
      }
      const answer: VendorAnswer = { balance, txId: input.txId };
      await repo.finishTx(tx, id, answer, { transferId });
      return answer;
    });
  }

  async function credit(input: CreditInput): Promise<VendorAnswer> {
    const s = await sessionOf(db, input, false);
    const hash = requestHash('vendor.credit', { ...input, detail: input.detail ?? null });
    return money(async (tx) => {
      const id = await repo.claimTx(tx, {
        vassalage: s.vassalage,
        txId: input.txId,
        kind: 'credit',
        sessionId: s.id,
        mode: s.mode,
        roundId: input.roundId,
        memberId: s.member_id,
        amount: input.amount,
        requestHash: hash,
      });
      if (!id) return repeat(tx, s.vassalage, input.txId, hash, 'credit');
      const debitRow = await repo.lockRoundDebit(tx, s.vassalage, input.roundId);
      if (!debitRow || debitRow.session_id !== s.id) throw unknownRound();
      if (debitRow.round_status !== 'open') throw roundClosed();
      let balance: number;
      let transferId: number | null = null;
      if (s.mode === 'trial') {
        balance = (await repo.moveTrialBalance(tx, s.id, input.amount)) ?? 0;
      } else {
        const moved = await moveMoney(tx, s, input.amount, {
          type: 'payout',
          txId: input.txId,
          roundId: input.roundId,
        });
        balance = moved.balance;
        transferId = moved.transferId;
        await repo.settleBet(tx, s.vassalage, input.roundId, input.amount, input.detail, now());
      }
      await repo.setRoundStatus(tx, debitRow.id, 'settled');
      const answer: VendorAnswer = { balance, txId: input.txId };
      await repo.finishTx(tx, id, answer, { transferId });
      return answer;
    });
  }

  async function rollback(input: RollbackInput): Promise<VendorAnswer> {
    const s = await sessionOf(db, input, false);
    const hash = requestHash('vendor.rollback', input);
    return money(async (tx) => {
      const id = await repo.claimTx(tx, {
        vassalage: s.vassalage,
        txId: input.txId,
        kind: 'rollback',
        sessionId: s.id,
        mode: s.mode,
        roundId: input.roundId,
        memberId: s.member_id,
        amount: 0,
        requestHash: hash,
      });
      if (!id) return repeat(tx, s.vassalage, input.txId, hash, 'rollback');
      // The tombstone: a debit with this txId that has not been seen is refused from now on.
      const tomb = await repo.claimTx(tx, {
        vassalage: s.vassalage,
        txId: input.debitTxId,
        kind: 'cancelled',
        sessionId: s.id,
        mode: s.mode,
        roundId: input.roundId,
        memberId: s.member_id,
        amount: 0,
        requestHash: 'cancelled',
      });
      let refunded = 0;
      let transferId: number | null = null;
      let balance: number | null = null;
      if (!tomb) {
        const d = await repo.lockDebitTx(tx, s.vassalage, input.debitTxId);
        if (!d) throw unknownRound();
        if (d.kind === 'debit') {
          if (d.session_id !== s.id || d.round_id !== input.roundId) throw unknownRound();
          if (d.round_status === 'settled') throw roundClosed();
          if (d.round_status === 'open') {
            refunded = Number(d.amount);
            if (s.mode === 'trial') balance = await repo.moveTrialBalance(tx, s.id, refunded);
            else {
              const moved = await moveMoney(tx, s, refunded, {
                type: 'bet',
                txId: input.txId,
                roundId: input.roundId,
                rollback: true,
              });
              balance = moved.balance;
              transferId = moved.transferId;
              await repo.rollBackBet(tx, s.vassalage, input.roundId);
            }
            await repo.setRoundStatus(tx, d.id, 'rolled_back');
          }
        } else if (d.kind !== 'cancelled') throw txConflict();
      }
      const answer: VendorAnswer = { balance: balance ?? (await balanceOf(tx, s)), txId: input.txId };
      await repo.finishTx(tx, id, answer, { transferId, amount: refunded });
      return answer;
    });
  }

  return { launch, balance, debit, credit, rollback };
}
