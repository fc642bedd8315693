import { describe, expect, it } from 'vitest';
import { endpoints, walletEndpoints } from './index.ts';

const key = 'k-12345678';
const issues = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}:${i.message}`);

describe('wallet endpoints', () => {
  it('are in the one table under their ids, as member calls of the wallet module', () => {
    for (const [id, e] of Object.entries(walletEndpoints)) {
      expect(e.id).toBe(id);
      expect(e.auth).toBe('member');
      expect(e.moduleId).toBe('WAL');
      expect((endpoints as Record<string, unknown>)[id]).toBe(e);
    }
    expect(Object.keys(walletEndpoints).sort()).toEqual(
      [
        'balance',
        'consolidatedFunds',
        'merchantWallet',
        'transferUpline',
        'uplineInfo',
        'walletCollect',
        'walletTransfer',
      ].sort(),
    );
    expect(endpoints.balance.path).toBe('/wps/v2/wallets/balance');
    expect(endpoints.walletTransfer.path).toBe('/wps/relay/GCS_walletTransfer');
    expect(endpoints.consolidatedFunds.path).toBe('/wps/member/info/funds/consolidated');
  });
});

describe('walletTransfer request', () => {
  const parse = (b: unknown) => endpoints.walletTransfer.request.safeParse(b);

  it('accepts main → vendor with an amount and vendor → main with all', () => {
    expect(parse({ from: 'MAIN', to: 'PG', amount: 1, key }).success).toBe(true);
    expect(parse({ from: 'MAIN', to: 'PG', amount: 1_000_000_000_000, key }).success).toBe(true);
    expect(parse({ from: 'JILI', to: 'MAIN', all: true, key }).success).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['huge', 1_000_000_000_001],
    ['a string of digits', '100'],
    ['not a number', 'abc'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['null', null],
  ])('refuses a %s amount with money.errors.amount_invalid', (_name, amount) => {
    const r = parse({ from: 'MAIN', to: 'PG', amount, key });
    expect(r.success).toBe(false);
    expect(issues(r)).toContain('amount:money.errors.amount_invalid');
  });

  it('needs exactly one of amount and all', () => {
    expect(issues(parse({ from: 'MAIN', to: 'PG', key }))).toContain('amount:money.errors.amount_invalid');
    expect(issues(parse({ from: 'MAIN', to: 'PG', all: false, key }))).toContain(
      'amount:money.errors.amount_invalid',
    );
    expect(issues(parse({ from: 'MAIN', to: 'PG', amount: 5, all: true, key }))).toContain(
      'amount:money.errors.amount_invalid',
    );
  });

  it('needs MAIN on exactly one side and well-formed wallet codes', () => {
    expect(issues(parse({ from: 'MAIN', to: 'MAIN', amount: 1, key }))).toContain(
      'to:money.errors.unknown_wallet',
    );
    expect(issues(parse({ from: 'PG', to: 'JILI', amount: 1, key }))).toContain(
      'to:money.errors.unknown_wallet',
    );
    expect(issues(parse({ from: 'MAIN', to: 'pg soft', amount: 1, key }))).toContain(
      'to:money.errors.unknown_wallet',
    );
  });

  it('needs an idempotency key and no unknown fields', () => {
    expect(issues(parse({ from: 'MAIN', to: 'PG', amount: 1 }))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^key:/)]),
    );
    expect(issues(parse({ from: 'MAIN', to: 'PG', amount: 1, key: 'short' }))).toContain(
      'key:money.errors.idempotency_key',
    );
    expect(parse({ from: 'MAIN', to: 'PG', amount: 1, key, memberId: 7 }).success).toBe(false);
  });
});

describe('transferUpline request', () => {
  const parse = (b: unknown) => endpoints.transferUpline.request.safeParse(b);
  it('takes an amount, the payment password and a key', () => {
    expect(parse({ amount: 100, paymentPassword: '246810', key }).success).toBe(true);
    expect(issues(parse({ amount: 100, paymentPassword: '', key }))).toContain(
      'paymentPassword:money.errors.payment_password_required',
    );
    for (const amount of [0, -5, 0.5, '10', 1e13])
      expect(issues(parse({ amount, paymentPassword: '246810', key }))).toContain(
        'amount:money.errors.amount_invalid',
      );
  });
});

describe('walletCollect request', () => {
  it('takes only a key', () => {
    expect(endpoints.walletCollect.request.safeParse({ key }).success).toBe(true);
    expect(endpoints.walletCollect.request.safeParse({}).success).toBe(false);
  });
});
