import type { BetStatus, GameType, WalletMode } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

/**
 * SQL of the play side (issue 5): launch sessions, the vendor protocol's transactions and the
 * betting record. Functions take a Queryable: the service opens the transaction.
 */

export interface LaunchGameRow {
  id: number;
  code: string;
  name: string;
  vassalage: string;
  game_type: GameType;
  is_game: 'GAME' | 'VASSALAGE';
  family: string | null;
  trial: boolean;
  status: 'active' | 'maintenance';
  vendor_status: 'active' | 'maintenance';
  wallet_mode: WalletMode;
}

export async function findLaunchGame(
  q: Queryable,
  merchantId: number,
  gameId: number,
): Promise<LaunchGameRow | null> {
  const [row] = await q.query<LaunchGameRow>(
    `select g.id, g.code, g.name, g.vassalage, g.game_type, g.is_game, g.family, g.trial, g.status,
            v.status as vendor_status, v.wallet_mode
       from games g join game_vendors v on v.merchant_id = g.merchant_id and v.code = g.vassalage
      where g.merchant_id = $1 and g.id = $2`,
    [merchantId, gameId],
  );
  return row ?? null;
}

export interface NewGameSession {
  id: string;
  ticketHash: string;
  merchantId: number;
  memberId: string | null;
  gameId: number;
  vassalage: string;
  mode: 'real' | 'trial';
  language: string;
  trialBalance: number;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertGameSession(q: Queryable, s: NewGameSession): Promise<void> {
  await q.query(
    `insert into game_sessions (id, ticket_hash, merchant_id, member_id, game_id, vassalage, mode, language,
                                trial_balance, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      s.id,
      s.ticketHash,
      s.merchantId,
      s.memberId,
      s.gameId,
      s.vassalage,
      s.mode,
      s.language,
      s.trialBalance,
      s.createdAt,
      s.expiresAt,
    ],
  );
}

export async function touchRecent(q: Queryable, memberId: string, gameId: number, at: Date): Promise<void> {
  await q.query(
    `insert into game_recents (member_id, game_id, played_at) values ($1, $2, $3)
     on conflict (member_id, game_id) do update set played_at = excluded.played_at`,
    [memberId, gameId, at],
  );
}

/** A launch session as the vendor protocol sees it (by ticket hash). */
export interface SessionRow {
  id: string;
  merchant_id: number;
  member_id: string | null;
  account: string | null;
  game_id: number;
  game_name: string;
  game_type: GameType;
  vassalage: string;
  wallet_mode: WalletMode;
  mode: 'real' | 'trial';
  language: string;
  trial_balance: string;
  expires_at: Date;
  currency: string;
}

export async function sessionByHash(q: Queryable, ticketHash: string): Promise<SessionRow | null> {
  const [row] = await q.query<SessionRow>(
    `select s.id::text as id, s.merchant_id, s.member_id::text as member_id, m.account, s.game_id,
            g.name as game_name, g.game_type, s.vassalage, v.wallet_mode, s.mode, s.language,
            s.trial_balance, s.expires_at, mc.currency
       from game_sessions s
       join games g on g.id = s.game_id
       join game_vendors v on v.merchant_id = g.merchant_id and v.code = g.vassalage
       join merchants mc on mc.id = s.merchant_id
       left join members m on m.id = s.member_id
      where s.ticket_hash = $1`,
    [ticketHash],
  );
  return row ?? null;
}

/** A member wallet's balance without creating its account (0 when never used). */
export async function walletBalance(q: Queryable, memberId: string, wallet: string): Promise<number> {
  const [row] = await q.query<{ balance: string }>(
    `select balance from ledger_accounts where kind = 'member' and member_id = $1 and wallet = $2`,
    [memberId, wallet],
  );
  return Number(row?.balance ?? 0);
}

export type TxKind = 'debit' | 'credit' | 'rollback' | 'cancelled';

export interface NewVendorTx {
  vassalage: string;
  txId: string;
  kind: TxKind;
  sessionId: string;
  mode: 'real' | 'trial';
  roundId: string | null;
  memberId: string | null;
  amount: number;
  requestHash: string;
}

/**
 * Claims (vassalage, txId) — and for a debit the round too. Returns the new row's id, or null when
 * either is taken: a concurrent claim waits for the first transaction and then sees its row.
 */
export async function claimTx(q: Queryable, t: NewVendorTx): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(
    `insert into vendor_transactions (vassalage, tx_id, kind, session_id, mode, round_id, member_id, amount,
                                      round_status, request_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, case when $3 = 'debit' then 'open' end, $9)
     on conflict do nothing returning id::text as id`,
    [t.vassalage, t.txId, t.kind, t.sessionId, t.mode, t.roundId, t.memberId, t.amount, t.requestHash],
  );
  return row?.id ?? null;
}

export interface StoredTx {
  id: string;
  kind: TxKind;
  session_id: string | null;
  round_id: string | null;
  amount: string;
  round_status: 'open' | 'settled' | 'rolled_back' | null;
  request_hash: string;
  answer: unknown;
}

const TX_COLUMNS = `id::text as id, kind, session_id::text as session_id, round_id, amount, round_status, request_hash, answer`;

export async function findTx(q: Queryable, vassalage: string, txId: string): Promise<StoredTx | null> {
  const [row] = await q.query<StoredTx>(
    `select ${TX_COLUMNS} from vendor_transactions where vassalage = $1 and tx_id = $2`,
    [vassalage, txId],
  );
  return row ?? null;
}

/** The debit of a round, locked until the transaction ends (credit and rollback decide it once). */
export async function lockRoundDebit(
  q: Queryable,
  vassalage: string,
  roundId: string,
): Promise<StoredTx | null> {
  const [row] = await q.query<StoredTx>(
    `select ${TX_COLUMNS} from vendor_transactions
      where vassalage = $1 and round_id = $2 and kind = 'debit' for update`,
    [vassalage, roundId],
  );
  return row ?? null;
}

export async function lockDebitTx(q: Queryable, vassalage: string, txId: string): Promise<StoredTx | null> {
  const [row] = await q.query<StoredTx>(
    `select ${TX_COLUMNS} from vendor_transactions where vassalage = $1 and tx_id = $2 for update`,
    [vassalage, txId],
  );
  return row ?? null;
}

export async function setRoundStatus(
  q: Queryable,
  id: string,
  status: 'settled' | 'rolled_back',
): Promise<void> {
  await q.query(`update vendor_transactions set round_status = $2 where id = $1`, [id, status]);
}

export async function finishTx(
  q: Queryable,
  id: string,
  answer: unknown,
  o: { transferId?: number | null; amount?: number } = {},
): Promise<void> {
  await q.query(
    `update vendor_transactions set answer = $2, transfer_id = coalesce($3, transfer_id), amount = coalesce($4, amount)
      where id = $1`,
    [id, JSON.stringify(answer), o.transferId ?? null, o.amount ?? null],
  );
}

/** Play money of a trial session; null when short (nothing changed). */
export async function moveTrialBalance(
  q: Queryable,
  sessionId: string,
  delta: number,
): Promise<number | null> {
  const [row] = await q.query<{ trial_balance: string }>(
    `update game_sessions set trial_balance = trial_balance + $2
      where id = $1 and trial_balance + $2 >= 0 returning trial_balance`,
    [sessionId, delta],
  );
  return row ? Number(row.trial_balance) : null;
}

/**
 * The demo vendor's own books (issue 4, demo_vendor_wallets) move with the member's vendor wallet,
 * so both stay equal; false when the vendor's books are short (the caller refuses the debit).
 */
export async function moveDemoVendorBooks(
  q: Queryable,
  memberId: string,
  vendor: string,
  delta: number,
): Promise<boolean> {
  if (delta === 0) return true;
  const rows = await q.query(
    delta > 0
      ? `insert into demo_vendor_wallets (member_id, vendor, balance) values ($1, $2, $3)
         on conflict (member_id, vendor) do update set balance = demo_vendor_wallets.balance + excluded.balance
         returning 1`
      : `update demo_vendor_wallets set balance = balance + $3
          where member_id = $1 and vendor = $2 and balance + $3 >= 0 returning 1`,
    [memberId, vendor, delta],
  );
  return rows.length > 0;
}

export interface NewBet {
  memberId: string;
  vertical: string;
  stake: number;
  roundId: string;
  vassalage: string;
  gameId: number;
  gameName: string;
  detail: unknown;
  at: Date;
}

export async function openBet(q: Queryable, b: NewBet): Promise<void> {
  await q.query(
    `insert into bet_records (member_id, vertical, stake, payout, settled_at, round_id, vassalage, game_id,
                              game_name, status, created_at, detail)
     values ($1, $2, $3, 0, null, $4, $5, $6, $7, 'open', $8, $9)`,
    [
      b.memberId,
      b.vertical,
      b.stake,
      b.roundId,
      b.vassalage,
      b.gameId,
      b.gameName,
      b.at,
      b.detail === undefined ? null : JSON.stringify(b.detail),
    ],
  );
}

export async function settleBet(
  q: Queryable,
  vassalage: string,
  roundId: string,
  payout: number,
  detail: unknown,
  at: Date,
): Promise<void> {
  await q.query(
    `update bet_records set payout = $3, status = 'settled', settled_at = $4,
            detail = coalesce($5::jsonb, detail)
      where vassalage = $1 and round_id = $2 and status = 'open'`,
    [vassalage, roundId, payout, at, detail === undefined ? null : JSON.stringify(detail)],
  );
}

export async function rollBackBet(q: Queryable, vassalage: string, roundId: string): Promise<void> {
  await q.query(
    `update bet_records set status = 'rolled_back' where vassalage = $1 and round_id = $2 and status = 'open'`,
    [vassalage, roundId],
  );
}

// ---------------------------------------------------------------------------------------------
// The betting record.

export interface BetRow {
  id: string;
  round_id: string;
  game_id: number | null;
  game_name: string | null;
  vassalage: string;
  vendor_name: string | null;
  vertical: string;
  stake: string;
  payout: string;
  status: BetStatus;
  created_at: Date;
  settled_at: Date | null;
  detail?: unknown;
}

export const BET_COLUMNS = `b.id::text as id, b.round_id, b.game_id, b.game_name, b.vassalage, v.name as vendor_name,
  b.vertical, b.stake, b.payout, b.status, b.created_at, b.settled_at`;
export const BET_FROM = `bet_records b
  left join members m on m.id = b.member_id
  left join game_vendors v on v.merchant_id = m.merchant_id and v.code = b.vassalage`;

export interface BetTxRow {
  tx_id: string;
  kind: 'debit' | 'credit' | 'rollback';
  amount: string;
  created_at: Date;
}

export async function betTransactions(q: Queryable, vassalage: string, roundId: string): Promise<BetTxRow[]> {
  return q.query<BetTxRow>(
    `select tx_id, kind, amount, created_at from vendor_transactions
      where vassalage = $1 and round_id = $2 and kind in ('debit', 'credit', 'rollback') order by id`,
    [vassalage, roundId],
  );
}
