import type { Db } from '../db/db.ts';

/** The demo merchant's game vendors with a wallet of their own (issue 4), in menu order. */
export const DEMO_WALLET_VENDORS = [
  { code: 'PG', name: 'PG Soft' },
  { code: 'JILI', name: 'JILI' },
  { code: 'EVO', name: 'Evolution' },
  { code: 'SABA', name: 'SABA' },
] as const;

/** Idempotent: adds the vendors the merchant does not have yet, keeps an operator's changes. */
export async function seedWalletVendors(db: Db, merchantId: number): Promise<void> {
  await db.query(
    `insert into wallet_vendors (merchant_id, code, name, sort)
     select $1, v.code, v.name, v.sort from unnest($2::text[], $3::text[], $4::int[]) as v(code, name, sort)
     on conflict do nothing`,
    [
      merchantId,
      DEMO_WALLET_VENDORS.map((v) => v.code),
      DEMO_WALLET_VENDORS.map((v) => v.name),
      DEMO_WALLET_VENDORS.map((_, i) => (i + 1) * 10),
    ],
  );
}
