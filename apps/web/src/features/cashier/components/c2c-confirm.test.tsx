import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  bankCards,
  c2cConfirm,
  c2cProof,
  PROOF_MAX_BYTES,
  walletBalance,
  withdrawals,
  withdrawInfo,
  type Withdrawal,
} from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import {
  balanceFixture,
  cardFixture,
  matchedFixture,
  withdrawalsFixture,
  withdrawInfoFixture,
} from '../testing';

/** The withdraw page with one matched C2C payout of MMK 1,500.00 waiting for the answer. */
async function openConfirmation(
  handlers: Record<string, Handler> = {},
  matched: Withdrawal = matchedFixture(),
) {
  const app = renderApp('/index', {
    ...loggedInHandlers({ hasPaymentPassword: true }),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [withdrawInfo.path]: () => ok(withdrawInfo, withdrawInfoFixture({ autoReceiveMinutes: 45 })),
    [bankCards.path]: () => ok(bankCards, [cardFixture()]),
    [withdrawals.path]: () => ok(withdrawals, withdrawalsFixture([matched])),
    ...handlers,
  });
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel('personal', 'withdraw'));
  const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
  const form = await within(panel).findByRole(
    'form',
    { name: 'Confirm the payment of withdrawal #71' },
    { timeout: 5_000 },
  );
  return { ...app, panel, form };
}

const sentTo = (calls: { url: URL; init: RequestInit | undefined }[], path: string) =>
  calls
    .filter((c) => c.url.pathname === path && c.init?.method === 'POST')
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

const image = (name: string, type: string, size = 8) => new File([new Uint8Array(size)], name, { type });

afterEach(() => {
  useUiStore.setState({
    panels: { personal: { open: false, page: null }, agent: { open: false, page: null } },
  });
});

describe('C2C withdrawal confirmation (spec §4)', () => {
  it('shows the payer, the amount and the auto-receive note, and needs a choice', async () => {
    const { form, calls } = await openConfirmation();
    expect(form).toHaveTextContent('Aung Aung was matched to your withdrawal and has paid MMK 1,500.00');
    expect(form).toHaveTextContent(
      'With no confirmation within 45 minutes it counts as received; a forced receipt means the deposit guarantee is not returned.',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose what arrived.');
    expect(sentTo(calls, c2cConfirm.path)).toEqual([]);
  });

  it('received in full', async () => {
    const { form, panel, calls } = await openConfirmation({
      [c2cConfirm.path]: () => ok(c2cConfirm, matchedFixture({ outcome: 'full' })),
    });
    await userEvent.click(within(form).getByRole('radio', { name: 'Received in full' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(panel).findByText('Thank you. Withdrawal #71 is complete.')).toBeInTheDocument();
    expect(sentTo(calls, c2cConfirm.path)).toEqual([
      { withdrawalId: 71, outcome: 'full', key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
  });

  it('partly received: the amount received, the remainder shown, less than the withdrawal', async () => {
    const { form, panel, calls } = await openConfirmation({
      [c2cConfirm.path]: () =>
        ok(c2cConfirm, matchedFixture({ outcome: 'partial', amountReceived: 100_000 })),
    });
    await userEvent.click(within(form).getByRole('radio', { name: 'Partly received' }));
    const received = within(form).getByRole('textbox', { name: 'Amount received (MMK)' });
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(received).toHaveAccessibleDescription('Enter an amount.'));
    await userEvent.type(received, '1500');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(received).toHaveAccessibleDescription(
        'The amount received must be less than the withdrawal (at most MMK 1,499.99).',
      ),
    );
    await userEvent.clear(received);
    await userEvent.type(received, '1,000');
    expect(within(form).getByText('MMK 500.00')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(panel).findByText(
        'Recorded for withdrawal #71: MMK 1,000.00 received, MMK 500.00 returned to your main wallet.',
      ),
    ).toBeInTheDocument();
    expect(sentTo(calls, c2cConfirm.path)).toEqual([
      { withdrawalId: 71, outcome: 'partial', amountReceived: 100_000, key: expect.any(String) },
    ]);
  });

  it('not received: proof images checked in the client, uploaded, then confirmed', async () => {
    const { form, panel, calls } = await openConfirmation({
      [c2cProof.path]: () => ok(c2cProof, { proofs: 1 }),
      [c2cConfirm.path]: () => ok(c2cConfirm, matchedFixture({ outcome: 'none', disputed: true, proofs: 1 })),
    });
    await userEvent.click(within(form).getByRole('radio', { name: 'Not received' }));
    const input = within(form).getByLabelText('Proof images');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Upload at least one proof image.');

    // fireEvent: userEvent.upload would drop the files that `accept` refuses before the page sees them.
    const pick = (files: File[]) => fireEvent.change(input, { target: { files } });
    pick([image('a.gif', 'image/gif')]);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only png or jpg images.');
    pick([image('big.png', 'image/png', PROOF_MAX_BYTES + 1)]);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Image too large (max 5MB).');
    pick(['a', 'b', 'c', 'd'].map((n) => image(`${n}.jpg`, 'image/jpeg')));
    expect(await within(form).findByRole('alert')).toHaveTextContent('More than 3 images: upload at most 3.');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(sentTo(calls, c2cProof.path)).toEqual([]);

    pick([image('bank.png', 'image/png'), image('bank2.jpg', 'image/jpeg')]);
    await waitFor(() => expect(within(form).queryByRole('alert')).not.toBeInTheDocument());
    expect(input).toHaveAccessibleDescription(/png or jpg, each under 5MB, at most 3/);
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(panel).findByText(
        'Withdrawal #71 is recorded as not received. The operator will check your proof and decide.',
      ),
    ).toBeInTheDocument();
    const [upload] = sentTo(calls, c2cProof.path);
    expect(upload).toEqual({
      withdrawalId: 71,
      images: [
        { type: 'image/png', data: 'AAAAAAAAAAA=' },
        { type: 'image/jpeg', data: 'AAAAAAAAAAA=' },
      ],
    });
    expect(sentTo(calls, c2cConfirm.path)).toEqual([
      { withdrawalId: 71, outcome: 'none', key: expect.any(String) },
    ]);
  });

  it('shows the server’s refusal of an image on the file field', async () => {
    const { form, calls } = await openConfirmation({
      [c2cProof.path]: () =>
        fail('UNPROCESSABLE', 'cashier.errors.image_type', {
          fields: { 'images.0': 'cashier.errors.image_type' },
        }),
    });
    await userEvent.click(within(form).getByRole('radio', { name: 'Not received' }));
    fireEvent.change(within(form).getByLabelText('Proof images'), {
      target: { files: [image('fake.png', 'image/png')] },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only png or jpg images.');
    expect(sentTo(calls, c2cConfirm.path)).toEqual([]);
  });
});
