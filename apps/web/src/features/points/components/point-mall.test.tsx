import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  pointsBalance,
  pointsConvert,
  pointsRedeem,
  pointsRewardDetail,
  pointsTransactions,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, ok } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { bodiesOf, queriesOf } from '@/features/agent/testing';
import {
  detailFixture,
  goodsFixture,
  guestMallHandlers,
  memberMallHandlers,
  mugFixture,
  recordFixture,
} from '../testing';

const T = { timeout: 5_000 };

describe('point mall', { timeout: 20_000 }, () => {
  it('shows a guest the goods and the rules, and asks them to sign in for the rest', async () => {
    const { calls } = renderApp('/pointMall', guestMallHandlers());
    expect(await screen.findByRole('heading', { name: 'Point mall', level: 1 }, T)).toBeInTheDocument();
    const goods = await screen.findByRole('list', { name: 'Goods' }, T);
    const voucher = within(goods).getByRole('listitem', { name: 'MMK 10 cash voucher' });
    expect(voucher).toHaveTextContent('100 points');
    expect(voucher).toHaveTextContent('Value MMK 10.00');
    // Redeem as a guest opens the login popup; no member call is made.
    await userEvent.click(within(voucher).getByRole('button', { name: 'Redeem MMK 10 cash voucher' }));
    expect(useUiStore.getState().modal).toEqual({ kind: 'login' });
    expect(screen.getByText('Log in to see your points and redeem goods.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === pointsBalance.path)).toBe(false);

    await userEvent.click(screen.getByRole('tab', { name: 'Points rules' }));
    const rules = await screen.findByRole('table', { name: 'Points ratio per category' }, T);
    const slots = within(rules).getByRole('row', { name: /Slots/ });
    expect(slots).toHaveTextContent('MMK 10.00 of valid turnover');
    expect(within(rules).getByRole('row', { name: /Card games/ })).toHaveTextContent('Earns no points');
    expect(screen.getByText('100 points = MMK 10.00 in your main wallet')).toBeInTheDocument();
    expect(screen.getByText('Points never expire.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Exchange records' }));
    expect(await screen.findByText('Log in to see your exchange records.', {}, T)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/wps/points/redeem/list')).toBe(false);
  });

  it('redeems a good: quantity and password checked, the server refusal shown, then the record number', async () => {
    let answer = () =>
      fail('UNPROCESSABLE', 'money.errors.wrong_payment_password', {
        fields: { paymentPassword: 'money.errors.wrong_payment_password' },
      });
    const { calls } = renderApp(
      '/pointMall',
      memberMallHandlers({
        [pointsRewardDetail.path]: () => ok(pointsRewardDetail, goodsFixture({ myRemaining: 10 })),
        [pointsRedeem.path]: () => answer(),
      }),
    );
    const balance = await screen.findByRole('region', { name: 'My points' }, T);
    await waitFor(() =>
      expect(within(balance).getByRole('status', { name: 'My points' })).toHaveTextContent('250'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem MMK 10 cash voucher' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'MMK 10 cash voucher' }, T);
    const form = within(dialog).getByRole('form', { name: 'Redeem MMK 10 cash voucher' });
    const quantity = within(form).getByRole('spinbutton', { name: 'Quantity' });
    const password = within(form).getByLabelText('Payment password');
    const submit = within(form).getByRole('button', { name: 'Redeem' });

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(submit);
    expect(quantity).toHaveAccessibleDescription(/Enter a quantity from 1 to 99/);
    expect(password).toHaveAccessibleDescription(/Enter the payment password/);
    expect(bodiesOf(calls, pointsRedeem.path)).toEqual([]);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    expect(quantity).toHaveAccessibleDescription(/Points required: 200/);
    await userEvent.type(password, '111111');
    await userEvent.click(submit);
    await waitFor(() => expect(password).toHaveAccessibleDescription(/The payment password is wrong/));

    answer = () => ok(pointsRedeem, { record: recordFixture(), balance: 50 });
    await userEvent.clear(password);
    await userEvent.type(password, '135790');
    await userEvent.click(submit);
    expect(await within(dialog).findByRole('status', {}, T)).toHaveTextContent(
      'Redemption PX20261127000042 is waiting for approval. 200 points are held for it.',
    );
    const sent = bodiesOf(calls, pointsRedeem.path);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ goodsId: 1, quantity: 2, paymentPassword: '135790' });
    // A new submit after a settled refusal: a new key.
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('asks for a delivery address for an item', async () => {
    renderApp(
      '/pointMall',
      memberMallHandlers({
        [pointsRewardDetail.path]: () => ok(pointsRewardDetail, mugFixture({ myRemaining: 2 })),
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Branded coffee mug' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Branded coffee mug' }, T);
    await userEvent.type(within(dialog).getByLabelText('Payment password'), '135790');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(within(dialog).getByRole('textbox', { name: 'Delivery address' })).toHaveAccessibleDescription(
      /Enter the delivery address/,
    );
    expect(within(dialog).getByText('2 of 2 left')).toBeInTheDocument();
  });

  it('converts whole steps of the rate with the payment password', async () => {
    const { calls } = renderApp(
      '/pointMall',
      memberMallHandlers({
        [pointsConvert.path]: () =>
          ok(pointsConvert, {
            record: recordFixture({ type: 'convert', itemName: null, goodsId: null, status: 'approved' }),
            balance: 50,
            amount: 2_000,
            mainBalance: 502_000,
          }),
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Convert to cash' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Convert points to cash' }, T);
    expect(await within(dialog).findByText('Rate: 100 points = MMK 10.00', {}, T)).toBeInTheDocument();
    const points = within(dialog).getByRole('spinbutton', { name: 'Points to convert' });
    await userEvent.type(points, '150');
    await userEvent.type(within(dialog).getByLabelText('Payment password'), '135790');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(points).toHaveAccessibleDescription(/whole number of steps of 100 points/);
    await userEvent.clear(points);
    await userEvent.type(points, '200');
    expect(points).toHaveAccessibleDescription(/You receive MMK 20.00/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await within(dialog).findByRole('status', {}, T)).toHaveTextContent(
      'MMK 20.00 was added to your main wallet.',
    );
    expect(bodiesOf(calls, pointsConvert.path)).toEqual([
      expect.objectContaining({ points: 200, paymentPassword: '135790' }),
    ]);
  });

  it('lists every field of an exchange record and the points details, with their filters', async () => {
    const { calls } = renderApp(
      '/pointMall?tab=records',
      memberMallHandlers({
        [pointsTransactions.path]: () =>
          ok(pointsTransactions, {
            items: [
              detailFixture({
                id: 10,
                category: 'redeem',
                kind: 'redeem',
                points: -200,
                balance: 50,
                base: null,
                count: null,
                betUnit: null,
                pointsRatio: null,
                transactionNo: 'PX20261127000042',
              }),
              detailFixture(),
            ],
            page: 1,
            pageSize: 20,
            total: 2,
          }),
      }),
    );
    const list = await screen.findByRole('list', { name: 'Exchange records' }, T);
    const card = within(list).getByRole('listitem', { name: 'PX20261127000042' });
    for (const text of [
      'Transaction number',
      'Application time',
      'Exchange type',
      'Cash voucher',
      'Item name',
      'MMK 10 cash voucher',
      'Quantity',
      'Points required',
      'Amount required',
      'MMK 20.00',
      'Status',
      'Applying',
      'Points change',
      '-200',
      'Points balance',
      'Remark',
      'Bet unit',
      'MMK 10.00',
      'Points ratio',
    ])
      expect(card).toHaveTextContent(text);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'approved');
    await waitFor(() =>
      expect(queriesOf(calls, '/wps/points/redeem/list').at(-1)).toMatchObject({
        status: 'approved',
        page: '1',
      }),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Points details' }));
    const table = await screen.findByRole('table', { name: 'Points details' }, T);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('-200');
    expect(rows[1]).toHaveTextContent('Redemption PX20261127000042');
    expect(rows[2]).toHaveTextContent('+250');
    expect(rows[2]).toHaveTextContent('Bets settled: 3 · valid turnover MMK 2,500.00 · 1 per MMK 10.00');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'slots');
    await waitFor(() =>
      expect(queriesOf(calls, pointsTransactions.path).at(-1)).toMatchObject({ category: 'slots' }),
    );
  });
});
