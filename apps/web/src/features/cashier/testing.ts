/** Test answers for the cashier calls, each checked by the real contract schema (tests only). */
import {
  bankCards,
  depositChannels,
  deposits,
  walletBalance,
  withdrawals,
  withdrawInfo,
  type BankCard,
  type Deposit,
  type DepositChannel,
  type Withdrawal,
} from '@app/contracts';

export function channelsFixture(): DepositChannel[] {
  return depositChannels.response.parse([
    {
      id: 1,
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
    { id: 2, code: 'INSTANT', name: 'Demo Pay (instant)', min: 1_000, max: 100_000_000, receiver: null },
    { id: 3, code: 'C2C', name: 'C2C (member to member)', min: 100_000, max: 500_000_000, receiver: null },
  ]);
}

export function depositFixture(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 41,
    channel: 'BANK',
    amount: 50_000,
    status: 'pending',
    createdAt: '2026-11-22T09:00:00.000Z',
    payUrl: null,
    c2c: null,
    ...overrides,
  };
}

export const pageOf = <T>(items: T[]) => ({ items, page: 1, pageSize: 10, total: items.length });

export const depositsFixture = (items: Deposit[] = []) => deposits.response.parse(pageOf(items));

export function cardFixture(overrides: Partial<BankCard> = {}): BankCard {
  return bankCards.response.parse([
    { id: 5, bankName: 'AYA Bank', accountName: 'Demo Player', accountNumber: '**** 4321', ...overrides },
  ])[0]!;
}

export function withdrawInfoFixture(overrides: Partial<ReturnType<typeof withdrawInfo.response.parse>> = {}) {
  return withdrawInfo.response.parse({
    min: 100_000,
    max: 500_000_000,
    balance: 300_000,
    autoReceiveMinutes: 30,
    hasPaymentPassword: true,
    ...overrides,
  });
}

export function withdrawalFixture(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 71,
    amount: 150_000,
    status: 'pending',
    bankName: 'AYA Bank',
    accountNumber: '**** 4321',
    createdAt: '2026-11-22T09:00:00.000Z',
    c2c: null,
    ...overrides,
  };
}

/** A withdrawal paid by a matched C2C depositor, waiting for the withdrawer's answer. */
export function matchedFixture(overrides: Partial<NonNullable<Withdrawal['c2c']>> = {}): Withdrawal {
  return withdrawalFixture({
    status: 'matched',
    c2c: {
      depositorName: 'Aung Aung',
      matchedAt: '2026-11-22T09:05:00.000Z',
      autoReceiveAt: '2026-11-22T09:35:00.000Z',
      outcome: null,
      amountReceived: null,
      proofs: 0,
      disputed: false,
      ...overrides,
    },
  });
}

export const withdrawalsFixture = (items: Withdrawal[] = []) => withdrawals.response.parse(pageOf(items));

export const balanceFixture = () =>
  walletBalance.response.parse({
    sumBalance: 300_000,
    currency: 'MMK',
    wallets: [{ code: 'MAIN', name: 'Main', balance: 300_000, status: 'active' }],
  });
