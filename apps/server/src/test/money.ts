import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/password.ts';
import { checkLedger, memberAccount, post, systemAccount } from '../modules/ledger/ledger.ts';
import { addMember, freshIp, login } from './accounts.ts';

/** The payment password of members made by `moneyMember`. */
export const TEST_PAYMENT_PASSWORD = '246810';

/** A fresh idempotency key (what the client generates once per submit). */
export const newKey = () => randomUUID();

/** Credits `amount` minor units to the member's wallet from the OPENING system account. */
export async function fund(
  app: FastifyInstance,
  memberId: string,
  amount: number,
  wallet = 'MAIN',
): Promise<void> {
  await app.services.money(async (tx) => {
    const [m] = await tx.query<{ merchant_id: number }>('select merchant_id from members where id = $1', [
      memberId,
    ]);
    const opening = await systemAccount(tx, m!.merchant_id, 'OPENING');
    await post(tx, {
      type: 'adjustment',
      memberId,
      ref: 'test:fund',
      legs: [
        { account: opening, amount: -amount },
        { account: await memberAccount(tx, memberId, wallet), amount },
      ],
    });
    tx.balanceChanged(memberId);
  });
}

export interface MoneyMember {
  id: string;
  account: string;
  password: string;
  token: string;
  /** `authorization` header of the member's session. */
  headers: { authorization: string };
}

/**
 * A new member with a session, the payment password TEST_PAYMENT_PASSWORD and `balance` minor
 * units in the main wallet (type 3 unless said; `upline` sets the upline id).
 */
export async function moneyMember(
  app: FastifyInstance,
  o: { balance?: number; type?: number; upline?: string; paymentPassword?: boolean } = {},
): Promise<MoneyMember> {
  const set: Record<string, unknown> = {};
  if (o.paymentPassword !== false) set.payment_password_hash = await hashPassword(TEST_PAYMENT_PASSWORD);
  if (o.upline) set.upline_id = o.upline;
  const m = await addMember(app, { type: o.type ?? 3, set });
  const session = await login(app, m.account, m.password, {}, { ip: freshIp() });
  if (o.balance) await fund(app, m.id, o.balance);
  return { ...m, token: session.token, headers: { authorization: `Bearer ${session.token}` } };
}

/** The member's balance of one wallet, straight from the ledger account row. */
export async function walletBalance(
  app: FastifyInstance,
  memberId: string,
  wallet = 'MAIN',
): Promise<number> {
  const [row] = await app.services.db.query<{ balance: string }>(
    `select balance from ledger_accounts where kind = 'member' and member_id = $1 and wallet = $2`,
    [memberId, wallet],
  );
  return Number(row?.balance ?? 0);
}

/** Number of ledger transfers and entries (to prove a refused call wrote nothing). */
export async function ledgerCounts(app: FastifyInstance): Promise<{ transfers: number; entries: number }> {
  const [row] = await app.services.db.query<{ transfers: string; entries: string }>(
    'select (select count(*) from ledger_transfers) as transfers, (select count(*) from ledger_entries) as entries',
  );
  return { transfers: Number(row!.transfers), entries: Number(row!.entries) };
}

/** Fails the test when any ledger invariant does not hold. */
export async function expectLedgerSound(app: FastifyInstance): Promise<void> {
  const report = await checkLedger(app.services.db);
  if (!report.ok) throw new Error(`ledger check failed:\n${report.problems.join('\n')}`);
}
