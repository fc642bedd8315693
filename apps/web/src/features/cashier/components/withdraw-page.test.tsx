import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addBankCard,
  bankCards,
  removeBankCard,
  walletBalance,
  withdraw,
  withdrawals,
  withdrawInfo,
} from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import {
  balanceFixture,
  cardFixture,
  withdrawalFixture,
  withdrawalsFixture,
  withdrawInfoFixture,
} from '../testing';

async function openWithdraw(handlers: Record<string, Handler> = {}) {
  const app = renderApp('/index', {
    ...loggedInHandlers({ hasPaymentPassword: true }),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [withdrawInfo.path]: () => ok(withdrawInfo, withdrawInfoFixture()),
    [bankCards.path]: () => ok(bankCards, [cardFixture()]),
    [withdrawals.path]: () => ok(withdrawals, withdrawalsFixture()),
    ...handlers,
  });
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel('personal', 'withdraw'));
  const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
  await within(panel).findByRole('heading', { name: 'Withdraw', level: 2 }, { timeout: 5_000 });
  return { ...app, panel };
}

const bodies = (calls: { url: URL; init: RequestInit | undefined }[], path: string, method = 'POST') =>
  calls
    .filter((c) => c.url.pathname === path && c.init?.method === method)
    .map((c) => (c.init?.body ? (JSON.parse(String(c.init.body)) as Record<string, unknown>) : c.url.search));

afterEach(() => {
  useUiStore.setState({
    panels: { personal: { open: false, page: null }, agent: { open: false, page: null } },
  });
});

describe('withdraw page', () => {
  it('checks the amount against min, max and the balance, and asks for the payment password', async () => {
    let answer = () =>
      fail('UNPROCESSABLE', 'money.errors.wrong_payment_password', {
        fields: { paymentPassword: 'money.errors.wrong_payment_password' },
      });
    const { panel, calls } = await openWithdraw({ [withdraw.path]: () => answer() });
    expect(await within(panel).findByText('MMK 3,000.00')).toBeInTheDocument();
    const amount = await within(panel).findByRole('textbox', { name: 'Amount (MMK)' });
    expect(amount).toHaveAccessibleDescription('Min MMK 1,000.00 · max MMK 5,000,000.00');
    const password = within(panel).getByLabelText('Payment password');
    const submit = within(panel).getByRole('button', { name: 'Submit withdrawal' });
    expect(within(panel).getByRole('radio', { name: /AYA Bank/ })).toBeChecked();

    await userEvent.click(submit);
    expect(await within(panel).findByText('Enter an amount.')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('Enter the payment password.');
    for (const [typed, message] of [
      ['1,0x0', /Enter a valid amount\./],
      ['999.99', /at least MMK 1,000\.00\./],
      ['5000000.01', /at most MMK 5,000,000\.00\./],
      ['3000.01', /Insufficient balance\./],
    ] as const) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      await userEvent.click(submit);
      await waitFor(() => expect(amount).toHaveAccessibleDescription(message));
    }
    expect(bodies(calls, withdraw.path)).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '1,500');
    await userEvent.type(password, '000000');
    await userEvent.click(submit);
    await waitFor(() => expect(password).toHaveAccessibleDescription('The payment password is wrong.'));

    answer = () => ok(withdraw, withdrawalFixture({ id: 77, amount: 150_000 }));
    await userEvent.clear(password);
    await userEvent.type(password, '135790');
    await userEvent.click(submit);
    expect(
      await within(panel).findByText(
        'Withdrawal #77 of MMK 1,500.00 is pending approval. The amount is held until then.',
      ),
    ).toBeInTheDocument();
    const [first, second] = bodies(calls, withdraw.path) as Record<string, unknown>[];
    expect(second).toMatchObject({ bankCardId: 5, amount: 150_000, paymentPassword: '135790' });
    expect(first!.key).not.toBe(second!.key);
    expect(password).toHaveValue('');
  });

  it('without a payment password points to the security centre', async () => {
    const { panel } = await openWithdraw({
      [withdrawInfo.path]: () => ok(withdrawInfo, withdrawInfoFixture({ hasPaymentPassword: false })),
    });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Set payment password' }));
    expect(useUiStore.getState().panels.personal.page).toBe('securityCenter');
  });

  it('adds a bank card (server field errors on their fields) and removes one after a confirmation', async () => {
    let cards = [cardFixture()];
    let addAnswer = () =>
      fail('CONFLICT', 'cashier.errors.card_exists', {
        fields: { accountNumber: 'cashier.errors.card_exists' },
      });
    const { panel, calls } = await openWithdraw({
      [bankCards.path]: (_url, init) => {
        if (init?.method === 'POST') return addAnswer();
        if (init?.method === 'DELETE') {
          cards = [];
          return ok(removeBankCard, { removed: true });
        }
        return ok(bankCards, cards);
      },
    });
    const list = await within(panel).findByRole('list', { name: 'Bank cards' });
    expect(within(list).getByText('**** 4321')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Add bank card' }));
    const number = within(panel).getByRole('textbox', { name: 'Account number' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Save card' }));
    expect(
      await within(panel).findByText('Enter the bank name (at least 2 characters).'),
    ).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription('Enter an account number of 6 to 30 digits.');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Bank' }), 'KBZ Bank');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Account name' }), 'Demo Player');
    await userEvent.type(number, '1234 5678 9012');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(number).toHaveAccessibleDescription('This bank card is already added.'));
    expect(bodies(calls, addBankCard.path)[0]).toEqual({
      bankName: 'KBZ Bank',
      accountName: 'Demo Player',
      accountNumber: '123456789012',
    });
    addAnswer = () => {
      cards = [...cards, cardFixture({ id: 6, bankName: 'KBZ Bank', accountNumber: '**** 9012' })];
      return ok(addBankCard, cards[1]!);
    };
    await userEvent.click(within(panel).getByRole('button', { name: 'Save card' }));
    expect(await within(list).findByText('**** 9012')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Remove AYA Bank **** 4321' }));
    const confirm = within(panel).getByRole('group', { name: 'Remove bank card' });
    expect(confirm).toHaveTextContent('Remove AYA Bank **** 4321? You can add it again later.');
    expect(bodies(calls, removeBankCard.path, 'DELETE')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(bodies(calls, removeBankCard.path, 'DELETE')).toEqual(['?id=5']));
  });

  it('lists my withdrawals with their statuses', async () => {
    const { panel } = await openWithdraw({
      [withdrawals.path]: () =>
        ok(
          withdrawals,
          withdrawalsFixture([
            withdrawalFixture({ id: 3, status: 'approved' }),
            withdrawalFixture({ id: 2, status: 'rejected' }),
            withdrawalFixture({ id: 1, status: 'pending' }),
          ]),
        ),
    });
    const list = await within(panel).findByRole('list', { name: 'My withdrawals' });
    expect(within(list).getByRole('listitem', { name: 'Withdrawal #3' })).toHaveTextContent('Approved');
    expect(within(list).getByRole('listitem', { name: 'Withdrawal #2' })).toHaveTextContent('Rejected');
    expect(within(list).getByRole('listitem', { name: 'Withdrawal #1' })).toHaveTextContent('Pending');
  });
});
