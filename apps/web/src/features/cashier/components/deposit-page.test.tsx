import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createDeposit, depositChannels, deposits, walletBalance, type MemberInfo } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { balanceFixture, channelsFixture, depositFixture, depositsFixture } from '../testing';

async function openDeposit(
  handlers: Record<string, Handler> = {},
  member: Partial<MemberInfo> = {},
  path = '/index',
) {
  const app = renderApp(path, {
    ...loggedInHandlers(member),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [depositChannels.path]: () => ok(depositChannels, channelsFixture()),
    [deposits.path]: () => ok(deposits, depositsFixture()),
    ...handlers,
  });
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel('personal', 'depositv2'));
  const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
  await within(panel).findByRole('heading', { name: 'Deposit', level: 2 }, { timeout: 5_000 });
  return { ...app, panel };
}

const sent = (calls: { url: URL; init: RequestInit | undefined }[]) =>
  calls
    .filter((c) => c.url.pathname === createDeposit.path && c.init?.method === 'POST')
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

afterEach(() => {
  vi.unstubAllGlobals();
  useUiStore.setState({
    panels: { personal: { open: false, page: null }, agent: { open: false, page: null } },
  });
});

describe('deposit page', () => {
  it('shows each channel with its limits and holds the amount to the chosen channel’s min/max', async () => {
    const { panel, calls } = await openDeposit({
      [createDeposit.path]: () => ok(createDeposit, depositFixture({ id: 42, amount: 150_000 })),
    });
    const bank = await within(panel).findByRole('radio', { name: /KBZ Bank transfer/ });
    expect(bank).toBeChecked();
    expect(within(panel).getByRole('radio', { name: /Min MMK 100.00 · max MMK 10,000,000.00/ })).toBe(bank);
    expect(
      within(panel).getByRole('radio', { name: /Demo Pay.*Min MMK 10.00 · max MMK 1,000,000.00/ }),
    ).toBeInTheDocument();
    // The receiving account of the bank transfer.
    expect(within(panel).getByText('99912345678901')).toBeInTheDocument();

    const amount = within(panel).getByRole('textbox', { name: 'Amount (MMK)' });
    const submit = within(panel).getByRole('button', { name: 'I have transferred' });
    await userEvent.click(submit);
    expect(await within(panel).findByText('Enter an amount.')).toBeInTheDocument();
    expect(within(panel).getByText('Enter the payer name (at least 2 characters).')).toBeInTheDocument();

    await userEvent.type(amount, '99.99');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Payer name' }), 'Demo Player');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(/The amount must be at least MMK 100.00\./),
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, '10000000.01');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(/The amount must be at most MMK 10,000,000.00\./),
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, 'abc');
    await userEvent.click(submit);
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/Enter a valid amount\./));
    expect(sent(calls)).toEqual([]);

    // Another channel, its own limits.
    await userEvent.click(within(panel).getByRole('radio', { name: /C2C \(member to member\)/ }));
    const c2cAmount = within(panel).getByRole('textbox', { name: 'Amount (MMK)' });
    await userEvent.type(c2cAmount, '999.99');
    await userEvent.click(within(panel).getByRole('button', { name: 'Find a payee' }));
    await waitFor(() => expect(c2cAmount).toHaveAccessibleDescription(/at least MMK 1,000.00\./));

    await userEvent.click(within(panel).getByRole('radio', { name: /KBZ Bank transfer/ }));
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Amount (MMK)' }), '1,500');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Payer name' }), ' Demo Player ');
    await userEvent.click(within(panel).getByRole('button', { name: 'I have transferred' }));
    expect(
      await within(panel).findByText(
        'Deposit #42 of MMK 1,500.00 is pending. It is credited once the operator confirms your transfer.',
      ),
    ).toBeInTheDocument();
    expect(sent(calls)).toEqual([
      {
        channelId: 1,
        amount: 150_000,
        payerName: 'Demo Player',
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('puts the server’s limit answer on the amount and keeps one key per submit', async () => {
    const { panel, calls } = await openDeposit({
      [createDeposit.path]: () =>
        fail('UNPROCESSABLE', 'cashier.errors.above_max', {
          fields: { amount: 'cashier.errors.above_max' },
          value: { min: 1_000, max: 100_000_000 },
        }),
    });
    await userEvent.click(await within(panel).findByRole('radio', { name: /Demo Pay/ }));
    expect(within(panel).queryByRole('textbox', { name: 'Payer name' })).not.toBeInTheDocument();
    const amount = within(panel).getByRole('textbox', { name: 'Amount (MMK)' });
    await userEvent.type(amount, '500');
    await userEvent.click(within(panel).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/at most MMK 1,000,000.00\./));
    await userEvent.click(within(panel).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    const [a, b] = sent(calls);
    expect(a!.key).not.toBe(b!.key);
  });

  it('opens the gateway’s pay page for an instant deposit', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { panel } = await openDeposit({
      [createDeposit.path]: () =>
        ok(
          createDeposit,
          depositFixture({ id: 43, channel: 'INSTANT', payUrl: '/wps/payment/demo/pay?deposit=43&sig=ab' }),
        ),
    });
    await userEvent.click(await within(panel).findByRole('radio', { name: /Demo Pay/ }));
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Amount (MMK)' }), '25');
    await userEvent.click(within(panel).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/wps/payment/demo/pay?deposit=43&sig=ab'));
  });

  it('shows the matched C2C payee and the guarantee held', async () => {
    const { panel } = await openDeposit({
      [createDeposit.path]: () =>
        ok(
          createDeposit,
          depositFixture({
            id: 44,
            channel: 'C2C',
            amount: 150_000,
            c2c: {
              payeeName: 'Demo Player',
              bankName: 'AYA Bank',
              accountNumber: '20012345678',
              guarantee: 1_500,
            },
          }),
        ),
    });
    await userEvent.click(await within(panel).findByRole('radio', { name: /C2C/ }));
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Amount (MMK)' }), '1500');
    await userEvent.click(within(panel).getByRole('button', { name: 'Find a payee' }));
    const done = await within(panel).findByText(/Deposit #44: pay MMK 1,500.00 to the member below/);
    const box = done.closest('[role="status"]') as HTMLElement;
    expect(within(box).getByText('Demo Player')).toBeInTheDocument();
    expect(within(box).getByText('20012345678')).toBeInTheDocument();
    expect(within(box).getByText('MMK 15.00')).toBeInTheDocument();
  });

  it('lists my deposits with their statuses and shows the gateway’s outcome on return', async () => {
    const { panel, router } = await openDeposit(
      {
        [deposits.path]: () =>
          ok(
            deposits,
            depositsFixture([
              depositFixture({ id: 50, channel: 'INSTANT', amount: 2_500, status: 'succeeded' }),
              depositFixture({ id: 49, status: 'failed' }),
              depositFixture({ id: 48, channel: 'C2C', status: 'disputed' }),
              depositFixture({ id: 47, status: 'pending' }),
            ]),
          ),
      },
      {},
      '/index?deposit=50&result=paid',
    );
    const list = await within(panel).findByRole('list', { name: 'My deposits' });
    expect(
      within(within(list).getByRole('listitem', { name: 'Deposit #50' })).getByText('Succeeded'),
    ).toBeInTheDocument();
    expect(
      within(within(list).getByRole('listitem', { name: 'Deposit #49' })).getByText('Failed'),
    ).toBeInTheDocument();
    expect(
      within(within(list).getByRole('listitem', { name: 'Deposit #48' })).getByText('Disputed'),
    ).toBeInTheDocument();
    expect(
      within(within(list).getByRole('listitem', { name: 'Deposit #47' })).getByText('Pending'),
    ).toBeInTheDocument();
    expect(
      await within(panel).findByText(
        'Payment received: deposit #50 of MMK 25.00 was credited to your main wallet.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
