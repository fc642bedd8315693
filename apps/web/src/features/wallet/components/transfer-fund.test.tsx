import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  consolidatedFunds,
  merchantWallet,
  walletBalance,
  walletCollect,
  walletTransfer,
  type VendorTransferResult,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { balanceFixture, fundsFixture, singleFixture } from '../testing';

const result = (over: Partial<VendorTransferResult> = {}): VendorTransferResult => ({
  transferId: '6f1c1f7e-0000-4000-8000-000000000001',
  status: 'completed',
  from: 'MAIN',
  to: 'PG',
  amount: 12_345,
  balances: { MAIN: 487_655, PG: 32_345 },
  ...over,
});

async function openWallet(handlers: Record<string, Handler>) {
  const app = renderApp('/index', {
    ...loggedInHandlers(),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [merchantWallet.path]: () => ok(merchantWallet, singleFixture(false)),
    [consolidatedFunds.path]: () => ok(consolidatedFunds, fundsFixture()),
    ...handlers,
  });
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel('personal', 'transferFund'));
  const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
  await within(panel).findByRole('heading', { name: 'Wallet' }, { timeout: 5_000 });
  return { ...app, panel };
}

const bodies = (calls: { url: URL; init: RequestInit | undefined }[], path: string) =>
  calls
    .filter((c) => c.url.pathname === path)
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

describe('wallet page (transferFund)', () => {
  it('lists every wallet with its balance, and the total', async () => {
    const { panel } = await openWallet({});
    const list = await within(panel).findByRole('list', { name: 'Wallets' });
    const item = (name: string) => within(list).getByRole('listitem', { name });
    expect(item('Main wallet')).toHaveTextContent('5,000.00');
    expect(item('PG Soft')).toHaveTextContent('200.00');
    expect(item('Evolution')).toHaveTextContent('Maintenance');
    expect(within(panel).getByText('MMK 5,250.00')).toBeInTheDocument();
    // A wallet under maintenance cannot be chosen.
    expect(within(panel).getByRole('option', { name: 'Evolution (maintenance)' })).toBeDisabled();
  });

  it('says the site uses one wallet when the merchant wallet is single', async () => {
    const { panel, calls } = await openWallet({
      [merchantWallet.path]: () => ok(merchantWallet, singleFixture(true)),
    });
    expect(await within(panel).findByText(/uses one wallet for all games/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === consolidatedFunds.path)).toBe(false);
  });

  it('checks the amount before sending: empty, not a number, more than the source holds', async () => {
    const { panel, calls } = await openWallet({});
    const amount = await within(panel).findByRole('textbox', { name: 'Amount (MMK)' });
    const submit = within(panel).getByRole('button', { name: 'Transfer' });
    await userEvent.click(submit);
    expect(await within(panel).findByText('Enter an amount.')).toBeInTheDocument();
    await userEvent.type(amount, '12.345');
    await userEvent.click(submit);
    expect(await within(panel).findByText('Enter a valid amount.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5000.01');
    await userEvent.click(submit);
    expect(await within(panel).findByText('Insufficient balance.')).toBeInTheDocument();
    // Out of PG Soft (200.00) the same check uses that wallet's balance.
    await userEvent.click(within(panel).getByRole('radio', { name: 'Game wallet → main wallet' }));
    expect(within(panel).getByText('Available: MMK 200.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '300');
    await userEvent.click(submit);
    expect(await within(panel).findByText('Insufficient balance.')).toBeInTheDocument();
    expect(bodies(calls, walletTransfer.path)).toEqual([]);
  });

  it('sends main → vendor in minor units with one key per submit; a retry after no answer reuses it', async () => {
    let n = 0;
    const { panel, calls } = await openWallet({
      [walletTransfer.path]: () => {
        n += 1;
        // The first submit never gets an answer (both tries); the user's retry does.
        return n <= 2 ? fail('INTERNAL') : ok(walletTransfer, result());
      },
    });
    const amount = await within(panel).findByRole('textbox', { name: 'Amount (MMK)' });
    await userEvent.type(amount, '123.45');
    await userEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(await within(panel).findByRole('alert')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(panel).findByText('MMK 123.45 was transferred from Main wallet to PG Soft.'),
    ).toBeInTheDocument();
    const sent = bodies(calls, walletTransfer.path);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ from: 'MAIN', to: 'PG', amount: 12_345 });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(sent.map((b) => b.key)).size).toBe(1);
    expect(amount).toHaveValue('');

    // The next submit is a new one: a new key.
    await userEvent.type(amount, '1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(bodies(calls, walletTransfer.path)).toHaveLength(4));
    expect(bodies(calls, walletTransfer.path)[3]!.key).not.toBe(sent[0]!.key);
  }, 15_000);

  it('sends "all" out of a vendor; a server field error lands on its field', async () => {
    const { panel, calls } = await openWallet({
      [walletTransfer.path]: () =>
        fail('UNPROCESSABLE', 'money.errors.insufficient_balance', {
          fields: { amount: 'money.errors.insufficient_balance' },
        }),
    });
    await userEvent.click(await within(panel).findByRole('radio', { name: 'Game wallet → main wallet' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Transfer the whole balance' }));
    expect(within(panel).getByRole('textbox', { name: 'Amount (MMK)' })).toBeDisabled();
    await userEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(bodies(calls, walletTransfer.path)).toHaveLength(1));
    expect(bodies(calls, walletTransfer.path)[0]).toMatchObject({ from: 'PG', to: 'MAIN', all: true });
    expect(bodies(calls, walletTransfer.path)[0]).not.toHaveProperty('amount');
    const field = within(panel).getByRole('textbox', { name: 'Amount (MMK)' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Insufficient balance\./));
  });

  it('a pending answer shows as pending and the page asks again until it has settled', async () => {
    let pending = true;
    const { panel, calls } = await openWallet({
      [walletTransfer.path]: () => ok(walletTransfer, result({ status: 'pending' })),
      [consolidatedFunds.path]: () =>
        ok(
          consolidatedFunds,
          pending
            ? fundsFixture({
                main: 487_655,
                pending: 12_345,
                pendingTransfers: [
                  {
                    transferId: 't1',
                    from: 'MAIN',
                    to: 'PG',
                    amount: 12_345,
                    createdAt: '2026-11-22T09:00:00.000Z',
                  },
                ],
              })
            : fundsFixture({
                main: 487_655,
                vendors: [{ code: 'PG', name: 'PG Soft', balance: 32_345, status: 'active' }],
              }),
        ),
    });
    await userEvent.type(await within(panel).findByRole('textbox', { name: 'Amount (MMK)' }), '123.45');
    await userEvent.click(within(panel).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(panel).findByText(/The transfer of MMK 123.45 from Main wallet to PG Soft is pending/),
    ).toBeInTheDocument();
    const list = await within(panel).findByRole('list', { name: 'Transfers in progress' });
    expect(list).toHaveTextContent('MMK 123.45 from Main wallet to PG Soft');
    const asked = () => calls.filter((c) => c.url.pathname === consolidatedFunds.path).length;
    const before = asked();
    pending = false;
    await waitFor(() => expect(asked()).toBeGreaterThan(before), { timeout: 5_000 });
    await waitFor(() =>
      expect(within(panel).queryByRole('list', { name: 'Transfers in progress' })).not.toBeInTheDocument(),
    );
  }, 15_000);

  it('collects every vendor wallet back to main', async () => {
    const { panel, calls } = await openWallet({
      [walletCollect.path]: () =>
        ok(walletCollect, {
          results: [
            result({ from: 'PG', to: 'MAIN', amount: 20_000 }),
            result({ from: 'JILI', to: 'MAIN', amount: 5_000 }),
          ],
          balances: { MAIN: 525_000, PG: 0, JILI: 0 },
        }),
    });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Collect all to main wallet' }));
    expect(
      await within(panel).findByText('MMK 250.00 was collected to the main wallet.'),
    ).toBeInTheDocument();
    const sent = bodies(calls, walletCollect.path);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
