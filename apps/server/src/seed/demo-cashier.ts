import type { Db } from '../db/db.ts';

/**
 * The demo merchant's deposit channels (issue 4, README): a bank transfer the operator confirms
 * (`npm run ops -- deposit approve <id>`), the instant demo gateway (signed callback) and C2C
 * (matched to another member's pending withdrawal of the same amount). Limits in minor units.
 * Idempotent: a channel code the merchant already has is left as it is.
 */
export const DEMO_DEPOSIT_CHANNELS = [
  {
    code: 'BANK',
    name: 'KBZ Bank transfer',
    min: 10_000,
    max: 1_000_000_000,
    receiver: {
      bankName: 'KBZ Bank',
      accountName: 'Demo Merchant Co., Ltd.',
      accountNumber: '99912345678901',
    },
  },
  { code: 'INSTANT', name: 'Demo Pay (instant)', min: 1_000, max: 100_000_000, receiver: null },
  { code: 'C2C', name: 'C2C (member to member)', min: 100_000, max: 500_000_000, receiver: null },
] as const;

export async function seedDepositChannels(db: Db, merchantId: number): Promise<void> {
  let sort = 0;
  for (const c of DEMO_DEPOSIT_CHANNELS) {
    await db.query(
      `insert into deposit_channels (merchant_id, code, name, min_amount, max_amount, receiver, sort)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (merchant_id, code) do nothing`,
      [merchantId, c.code, c.name, c.min, c.max, c.receiver ? JSON.stringify(c.receiver) : null, sort++],
    );
  }
}
