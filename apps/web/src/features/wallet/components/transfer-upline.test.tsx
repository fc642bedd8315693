import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { transferUpline, uplineInfo, walletBalance, type MemberInfo } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { balanceFixture, uplineFixture } from '../testing';

async function openUpline(handlers: Record<string, Handler>, member: Partial<MemberInfo> = {}) {
  const app = renderApp('/index', {
    ...loggedInHandlers({ type: 2, toUpline: true, hasPaymentPassword: true, ...member }),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [uplineInfo.path]: () => ok(uplineInfo, uplineFixture()),
    ...handlers,
  });
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel('personal', 'transferUpline'));
  const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
  await within(panel).findByRole('heading', { name: 'Transfer to upline' }, { timeout: 5_000 });
  return { ...app, panel };
}

const sent = (calls: { url: URL; init: RequestInit | undefined }[]) =>
  calls
    .filter((c) => c.url.pathname === transferUpline.path)
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

describe('transfer to upline', () => {
  it('validates, then puts the server field errors on their fields', async () => {
    let answer = () =>
      fail('UNPROCESSABLE', 'money.errors.wrong_payment_password', {
        fields: { paymentPassword: 'money.errors.wrong_payment_password' },
      });
    const { panel, calls } = await openUpline({ [transferUpline.path]: () => answer() });
    expect(await within(panel).findByText('agent01')).toBeInTheDocument();
    expect(within(panel).getByText('MMK 3,000.00')).toBeInTheDocument();
    const amount = within(panel).getByRole('textbox', { name: 'Amount (MMK)' });
    const password = within(panel).getByLabelText('Payment password');
    const submit = within(panel).getByRole('button', { name: 'Send to upline' });

    await userEvent.click(submit);
    expect(await within(panel).findByText('Enter an amount.')).toBeInTheDocument();
    expect(within(panel).getByText('Enter the payment password.')).toBeInTheDocument();
    await userEvent.type(amount, '3000.01');
    await userEvent.type(password, '135790');
    await userEvent.click(submit);
    expect(await within(panel).findByText('Insufficient balance.')).toBeInTheDocument();
    expect(sent(calls)).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(submit);
    await waitFor(() => expect(password).toHaveAccessibleDescription('The payment password is wrong.'));
    expect(sent(calls)[0]).toMatchObject({ amount: 10_000, paymentPassword: '135790' });

    answer = () =>
      fail('UNPROCESSABLE', 'money.errors.amount_invalid', {
        fields: { amount: 'money.errors.amount_invalid' },
      });
    await userEvent.clear(password);
    await userEvent.type(password, '246810');
    await userEvent.click(submit);
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Enter a valid amount.'));
    const [first, second] = sent(calls);
    expect(first!.key).not.toBe(second!.key);
  });

  it('sends the amount in minor units and says who received it', async () => {
    const { panel, calls } = await openUpline({
      [transferUpline.path]: () =>
        ok(transferUpline, { transferId: 'tr-1', amount: 12_550, balance: 287_450, upline: 'agent01' }),
    });
    await userEvent.type(await within(panel).findByRole('textbox', { name: 'Amount (MMK)' }), '125.50');
    await userEvent.type(within(panel).getByLabelText('Payment password'), '135790');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send to upline' }));
    expect(await within(panel).findByText('MMK 125.50 was sent to agent01.')).toBeInTheDocument();
    expect(sent(calls)[0]).toMatchObject({ amount: 12_550, paymentPassword: '135790' });
    expect(sent(calls)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(panel).getByLabelText('Payment password')).toHaveValue('');
    // The next attempt replaces that answer, even one the fields stop before sending.
    await userEvent.click(within(panel).getByRole('button', { name: 'Send to upline' }));
    expect(await within(panel).findByText('Enter an amount.')).toBeInTheDocument();
    expect(within(panel).queryByText('MMK 125.50 was sent to agent01.')).not.toBeInTheDocument();
  });

  it('without a payment password points to the security centre', async () => {
    const { panel } = await openUpline(
      { [uplineInfo.path]: () => ok(uplineInfo, uplineFixture({ hasPaymentPassword: false })) },
      { hasPaymentPassword: false },
    );
    expect(await within(panel).findByText(/Set a payment password in My account/)).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Payment password')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Set payment password' }));
    expect(useUiStore.getState().panels.personal.page).toBe('securityCenter');
  });

  it('is offered to a member with an upline, not to one without', async () => {
    const { panel, unmount } = await openUpline({}, { type: 3 });
    expect(within(panel).getByRole('button', { name: 'Transfer to upline' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    unmount();
    useUiStore.setState({
      panels: { personal: { open: false, page: null }, agent: { open: false, page: null } },
    });
    renderApp('/index', {
      ...loggedInHandlers({ type: 1, toUpline: false }),
      [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    });
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
    act(() => useUiStore.getState().openPanel('personal', 'transferUpline'));
    const other = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
    expect(within(other).queryByRole('button', { name: 'Transfer to upline' })).not.toBeInTheDocument();
  });
});
