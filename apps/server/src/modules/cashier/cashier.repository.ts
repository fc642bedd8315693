import type { BankCard, Deposit, DepositChannel, Withdrawal } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

/** SQL of the cashier (issue 4): channels, bank cards, deposits, withdrawals, C2C proofs. */

export interface MoneySettings {
  withdrawMin: number;
  withdrawMax: number;
  autoReceiveMinutes: number;
  c2cGuaranteeBps: number;
}

const DEFAULT_SETTINGS: MoneySettings = {
  withdrawMin: 100_000,
  withdrawMax: 500_000_000,
  autoReceiveMinutes: 30,
  c2cGuaranteeBps: 100,
};

export async function moneySettings(q: Queryable, merchantId: number): Promise<MoneySettings> {
  const [row] = await q.query<{ settings: Partial<MoneySettings> | null }>(
    'select settings from money_settings where merchant_id = $1',
    [merchantId],
  );
  const s = row?.settings ?? {};
  const int = (v: unknown, d: number) => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : d);
  return {
    withdrawMin: int(s.withdrawMin, DEFAULT_SETTINGS.withdrawMin),
    withdrawMax: int(s.withdrawMax, DEFAULT_SETTINGS.withdrawMax),
    autoReceiveMinutes: int(s.autoReceiveMinutes, DEFAULT_SETTINGS.autoReceiveMinutes),
    c2cGuaranteeBps: int(s.c2cGuaranteeBps, DEFAULT_SETTINGS.c2cGuaranteeBps),
  };
}

/* ------------------------------------------------------------------ channels */

export interface ChannelRow {
  id: number;
  code: 'BANK' | 'INSTANT' | 'C2C';
  name: string;
  min_amount: string;
  max_amount: string;
  receiver: DepositChannel['receiver'];
}

export async function listChannels(q: Queryable, merchantId: number): Promise<ChannelRow[]> {
  return q.query<ChannelRow>(
    `select id, code, name, min_amount, max_amount, receiver from deposit_channels
      where merchant_id = $1 and active order by sort, id`,
    [merchantId],
  );
}

export const channelView = (c: ChannelRow): DepositChannel => ({
  id: c.id,
  code: c.code,
  name: c.name,
  min: Number(c.min_amount),
  max: Number(c.max_amount),
  receiver: c.code === 'BANK' ? c.receiver : null,
});

/* ---------------------------------------------------------------- bank cards */

/** Only the last four digits: "**** 8901". */
export const maskNumber = (n: string) => `**** ${n.slice(-4)}`;

interface CardRow {
  id: string;
  bank_name: string;
  account_name: string;
  account_number: string;
}
const cardView = (c: CardRow): BankCard => ({
  id: Number(c.id),
  bankName: c.bank_name,
  accountName: c.account_name,
  accountNumber: maskNumber(c.account_number),
});

export async function listCards(q: Queryable, memberId: string): Promise<BankCard[]> {
  const rows = await q.query<CardRow>(
    `select id, bank_name, account_name, account_number from bank_cards
      where member_id = $1 and removed_at is null order by id`,
    [memberId],
  );
  return rows.map(cardView);
}

export async function ownCard(
  q: Queryable,
  memberId: string,
  id: number,
): Promise<(CardRow & { member_id: string }) | undefined> {
  const [row] = await q.query<CardRow & { member_id: string }>(
    `select id, member_id, bank_name, account_name, account_number from bank_cards
      where id = $1 and member_id = $2 and removed_at is null`,
    [id, memberId],
  );
  return row;
}

/** Adds the card unless the member has `max` cards or this number already (under a member lock). */
export async function insertCard(
  q: Queryable,
  memberId: string,
  card: { bankName: string; accountName: string; accountNumber: string },
  max: number,
): Promise<BankCard | 'too_many' | 'exists'> {
  await q.query('select id from members where id = $1 for update', [memberId]);
  const [count] = await q.query<{ n: string; same: string }>(
    `select count(*) as n, count(*) filter (where account_number = $2) as same
       from bank_cards where member_id = $1 and removed_at is null`,
    [memberId, card.accountNumber],
  );
  if (Number(count?.same ?? 0) > 0) return 'exists';
  if (Number(count?.n ?? 0) >= max) return 'too_many';
  const [row] = await q.query<CardRow>(
    `insert into bank_cards (member_id, bank_name, account_name, account_number) values ($1, $2, $3, $4)
     returning id, bank_name, account_name, account_number`,
    [memberId, card.bankName, card.accountName, card.accountNumber],
  );
  return cardView(row!);
}

export async function removeCard(q: Queryable, memberId: string, id: number): Promise<boolean> {
  const rows = await q.query(
    `update bank_cards set removed_at = now() where id = $1 and member_id = $2 and removed_at is null returning 1`,
    [id, memberId],
  );
  return rows.length > 0;
}

/* ------------------------------------------------------------------ deposits */

export interface DepositRow {
  id: string;
  merchant_id: number;
  member_id: string;
  channel: 'BANK' | 'INSTANT' | 'C2C';
  amount: string;
  status: Deposit['status'];
  payer_name: string | null;
  withdrawal_id: string | null;
  guarantee: string;
  credited: string | null;
  created_at: Date;
  // The matched withdrawal's payee (C2C).
  w_account_name: string | null;
  w_bank_name: string | null;
  w_account_number: string | null;
}

const DEPOSIT_SELECT = `select d.id, d.merchant_id, d.member_id, d.channel, d.amount, d.status, d.payer_name,
        d.withdrawal_id, d.guarantee, d.credited, d.created_at,
        w.account_name as w_account_name, w.bank_name as w_bank_name, w.account_number as w_account_number
   from deposits d left join withdrawals w on w.id = d.withdrawal_id`;

export function depositView(d: DepositRow, payUrl: (id: number) => string): Deposit {
  const id = Number(d.id);
  return {
    id,
    channel: d.channel,
    amount: Number(d.amount),
    status: d.status,
    createdAt: new Date(d.created_at).toISOString(),
    payUrl: d.channel === 'INSTANT' && d.status === 'pending' ? payUrl(id) : null,
    c2c:
      d.channel === 'C2C' && d.w_account_number
        ? {
            payeeName: d.w_account_name ?? '',
            bankName: d.w_bank_name ?? '',
            accountNumber: d.w_account_number,
            guarantee: Number(d.guarantee),
          }
        : null,
  };
}

export async function depositById(q: Queryable, id: number | string): Promise<DepositRow | undefined> {
  const [row] = await q.query<DepositRow>(`${DEPOSIT_SELECT} where d.id = $1`, [id]);
  return row;
}

export async function listDeposits(
  q: Queryable,
  memberId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: DepositRow[]; total: number }> {
  const rows = await q.query<DepositRow>(
    `${DEPOSIT_SELECT} where d.member_id = $1 order by d.created_at desc, d.id desc limit $2 offset $3`,
    [memberId, pageSize, (page - 1) * pageSize],
  );
  const [c] = await q.query<{ n: string }>('select count(*) as n from deposits where member_id = $1', [
    memberId,
  ]);
  return { rows, total: Number(c?.n ?? 0) };
}

/* --------------------------------------------------------------- withdrawals */

export interface WithdrawalRow {
  id: string;
  merchant_id: number;
  member_id: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  amount: string;
  status: Withdrawal['status'];
  deposit_id: string | null;
  matched_at: Date | null;
  outcome: string | null;
  amount_received: string | null;
  disputed: boolean;
  created_at: Date;
  depositor: string | null;
  auto_receive_minutes: number | null;
  proofs: string;
}

const WITHDRAWAL_SELECT = `select w.id, w.merchant_id, w.member_id, w.bank_name, w.account_name, w.account_number,
        w.amount, w.status, w.deposit_id, w.matched_at, w.outcome, w.amount_received, w.disputed, w.created_at,
        coalesce(d.payer_name, dm.account) as depositor,
        (s.settings ->> 'autoReceiveMinutes')::int as auto_receive_minutes,
        (select count(*) from c2c_proofs p where p.withdrawal_id = w.id) as proofs
   from withdrawals w
   left join deposits d on d.id = w.deposit_id
   left join members dm on dm.id = d.member_id
   left join money_settings s on s.merchant_id = w.merchant_id`;

const OUTCOME_VIEW: Record<string, 'full' | 'partial' | 'none'> = {
  full: 'full',
  auto: 'full',
  operator_received: 'full',
  partial: 'partial',
  none: 'none',
  operator_not_received: 'none',
};

export function withdrawalView(w: WithdrawalRow, defaultMinutes: number): Withdrawal {
  const minutes = w.auto_receive_minutes ?? defaultMinutes;
  const matchedAt = w.matched_at ? new Date(w.matched_at) : null;
  return {
    id: Number(w.id),
    amount: Number(w.amount),
    status: w.status,
    bankName: w.bank_name,
    accountNumber: maskNumber(w.account_number),
    createdAt: new Date(w.created_at).toISOString(),
    c2c:
      w.deposit_id && matchedAt
        ? {
            depositorName: w.depositor ?? '',
            matchedAt: matchedAt.toISOString(),
            autoReceiveAt: new Date(matchedAt.getTime() + minutes * 60_000).toISOString(),
            outcome: w.outcome ? (OUTCOME_VIEW[w.outcome] ?? null) : null,
            amountReceived: w.amount_received === null ? null : Number(w.amount_received),
            proofs: Number(w.proofs),
            disputed: w.disputed,
          }
        : null,
  };
}

export async function withdrawalById(q: Queryable, id: number | string): Promise<WithdrawalRow | undefined> {
  const [row] = await q.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} where w.id = $1`, [id]);
  return row;
}

export async function listWithdrawals(
  q: Queryable,
  memberId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const rows = await q.query<WithdrawalRow>(
    `${WITHDRAWAL_SELECT} where w.member_id = $1 order by w.created_at desc, w.id desc limit $2 offset $3`,
    [memberId, pageSize, (page - 1) * pageSize],
  );
  const [c] = await q.query<{ n: string }>('select count(*) as n from withdrawals where member_id = $1', [
    memberId,
  ]);
  return { rows, total: Number(c?.n ?? 0) };
}

/** The withdrawal's row, locked for the rest of the transaction (state changes go through it). */
export interface LockedWithdrawal {
  id: string;
  merchant_id: number;
  member_id: string;
  amount: string;
  status: Withdrawal['status'];
  deposit_id: string | null;
  matched_at: Date | null;
  outcome: string | null;
  disputed: boolean;
}
export async function lockWithdrawal(
  q: Queryable,
  id: number | string,
): Promise<LockedWithdrawal | undefined> {
  const [row] = await q.query<LockedWithdrawal>(
    `select id, merchant_id, member_id, amount, status, deposit_id, matched_at, outcome, disputed
       from withdrawals where id = $1 for update`,
    [id],
  );
  return row;
}

export interface LockedDeposit {
  id: string;
  merchant_id: number;
  member_id: string;
  channel: 'BANK' | 'INSTANT' | 'C2C';
  amount: string;
  status: Deposit['status'];
  withdrawal_id: string | null;
  guarantee: string;
}
export async function lockDeposit(q: Queryable, id: number | string): Promise<LockedDeposit | undefined> {
  const [row] = await q.query<LockedDeposit>(
    `select id, merchant_id, member_id, channel, amount, status, withdrawal_id, guarantee
       from deposits where id = $1 for update`,
    [id],
  );
  return row;
}

/** Ledger invariants of the cashier: what the holding accounts hold equals what is open. */
export async function cashierLedgerProblems(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const held = await q.query<{ merchant_id: number; code: string; entries: string; open: string }>(
    `with acc as (
       select a.merchant_id, a.code, coalesce(sum(e.amount), 0) as entries
         from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'system' and a.code in ('WITHDRAWAL_PENDING', 'C2C_GUARANTEE')
        group by a.merchant_id, a.code
     ), open as (
       select merchant_id, 'WITHDRAWAL_PENDING' as code, sum(amount) as open
         from withdrawals where status in ('pending', 'matched') group by merchant_id
       union all
       select merchant_id, 'C2C_GUARANTEE', sum(guarantee)
         from deposits where channel = 'C2C' and status in ('pending', 'disputed') group by merchant_id
     )
     select coalesce(acc.merchant_id, open.merchant_id) as merchant_id, coalesce(acc.code, open.code) as code,
            coalesce(acc.entries, 0) as entries, coalesce(open.open, 0) as open
       from acc full join open on open.merchant_id = acc.merchant_id and open.code = acc.code
      where coalesce(acc.entries, 0) <> coalesce(open.open, 0)`,
  );
  for (const h of held)
    problems.push(
      `${h.code} of merchant ${h.merchant_id} holds ${h.entries} but open items sum to ${h.open}`,
    );
  const unsettled = await q.query<{ id: string }>(
    `select id from deposits where status = 'succeeded' and settle_transfer_id is null limit 20`,
  );
  for (const u of unsettled) problems.push(`deposit ${u.id} succeeded without a ledger transfer`);
  return problems;
}
