/** Test answers for the wallet calls, each checked by the real contract schema (tests only). */
import {
  consolidatedFunds,
  merchantWallet,
  uplineInfo,
  walletBalance,
  type ConsolidatedFunds,
  type UplineInfo,
  type WalletBalance,
} from '@app/contracts';

export function balanceFixture(overrides: Partial<WalletBalance> = {}): WalletBalance {
  return walletBalance.response.parse({
    sumBalance: 50_000_000,
    currency: 'MMK',
    wallets: [
      { code: 'MAIN', name: 'Main', balance: 49_000_000, status: 'active' },
      { code: 'PG', name: 'PG Soft', balance: 1_000_000, status: 'active' },
    ],
    ...overrides,
  });
}

export function fundsFixture(overrides: Partial<ConsolidatedFunds> = {}): ConsolidatedFunds {
  return consolidatedFunds.response.parse({
    currency: 'MMK',
    main: 500_000,
    vendors: [
      { code: 'PG', name: 'PG Soft', balance: 20_000, status: 'active' },
      { code: 'JILI', name: 'JILI', balance: 0, status: 'active' },
      { code: 'EVO', name: 'Evolution', balance: 5_000, status: 'maintenance' },
    ],
    pending: 0,
    pendingTransfers: [],
    total: 525_000,
    ...overrides,
  });
}

export function uplineFixture(overrides: Partial<UplineInfo> = {}): UplineInfo {
  return uplineInfo.response.parse({
    upline: { account: 'agent01', nickname: null },
    allowed: true,
    balance: 300_000,
    hasPaymentPassword: true,
    ...overrides,
  });
}

export const singleFixture = (isSingle: boolean) => merchantWallet.response.parse({ isSingle });
