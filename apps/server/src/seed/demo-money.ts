import type { Db } from '../db/db.ts';
import { hashPassword } from '../lib/password.ts';
import { memberAccount, post, systemAccount } from '../modules/ledger/ledger.ts';
import { seedDepositChannels } from './demo-cashier.ts';
import { seedWalletVendors } from './demo-wallets.ts';

/**
 * Demo money (issue 4, README): the merchant's money settings, opening balances posted through the
 * ledger (from the OPENING system account, so totals stay conserved) and the payment password
 * 135790 for the accounts that move money in the demo. Idempotent: balances are posted only to
 * members that have no ledger account yet, payment passwords only where none is set.
 */
export const DEMO_MONEY_SETTINGS = {
  /** Minor units: 1,000.00 … 5,000,000.00 per withdrawal. */
  withdrawMin: 100_000,
  withdrawMax: 500_000_000,
  /** Spec §4/§9 withdrawal auto-receive {0} minutes. */
  autoReceiveMinutes: 30,
  /** The C2C depositor's guarantee, in basis points of the amount. */
  c2cGuaranteeBps: 100,
  /** Spec §3 merchant wallet isSingle: false shows the vendor wallets and transfers. */
  isSingle: false,
};

export const DEMO_OPENING_BALANCES: Record<string, number> = {
  demo01: 50_000_000,
  player01: 20_000_000,
  agent01: 100_000_000,
  agent02: 30_000_000,
};
export const DEMO_PAYMENT_PASSWORD = '135790';
const WITH_PAYMENT_PASSWORD = ['demo01', 'agent01', 'agent02'];

export async function seedDemoMoney(db: Db, merchantId: number): Promise<void> {
  await db.query(
    `insert into money_settings (merchant_id, settings) values ($1, $2) on conflict do nothing`,
    [merchantId, JSON.stringify(DEMO_MONEY_SETTINGS)],
  );
  await seedWalletVendors(db, merchantId);
  await seedDepositChannels(db, merchantId);
  const missingPp = await db.query<{ id: string }>(
    `select id from members where merchant_id = $1 and account = any($2::text[]) and payment_password_hash is null`,
    [merchantId, WITH_PAYMENT_PASSWORD],
  );
  if (missingPp.length > 0) {
    const hash = await hashPassword(DEMO_PAYMENT_PASSWORD);
    await db.query(
      `update members set payment_password_hash = $2 where id = any($1::bigint[]) and payment_password_hash is null`,
      [missingPp.map((m) => m.id), hash],
    );
  }
  await db.withTx(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('seed-money:' || current_schema()))`);
    const members = await tx.query<{ id: string; account: string }>(
      `select m.id, m.account from members m
        where m.merchant_id = $1 and m.account = any($2::text[])
          and not exists (select 1 from ledger_accounts a where a.kind = 'member' and a.member_id = m.id)`,
      [merchantId, Object.keys(DEMO_OPENING_BALANCES)],
    );
    if (members.length === 0) return;
    const opening = await systemAccount(tx, merchantId, 'OPENING');
    for (const m of members) {
      const amount = DEMO_OPENING_BALANCES[m.account] ?? 0;
      await post(tx, {
        type: 'adjustment',
        memberId: m.id,
        ref: 'seed:opening',
        memo: { reason: 'opening_balance' },
        legs: [
          { account: opening, amount: -amount },
          { account: await memberAccount(tx, m.id), amount },
        ],
      });
    }
  });
}
