import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { betDetail, betRecords, vendorList, walletBalance } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { balanceFixture } from '@/features/wallet/testing';
import { quickPickRange } from '@/lib/day-range';
import { betFixture, betsFixture, slotDetailFixture, vendorsFixture } from '../testing';

async function openBets(handlers: Record<string, Handler> = {}) {
  const app = renderApp('/index', {
    ...loggedInHandlers(),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    [vendorList.path]: () => ok(vendorList, vendorsFixture()),
    [betRecords.path]: () => ok(betRecords, betsFixture()),
    ...handlers,
  });
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel('personal', 'personalHistoryCopy'));
  const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 5_000 });
  await within(panel).findByRole('heading', { name: 'Betting record', level: 2 }, { timeout: 5_000 });
  return { ...app, panel };
}

/** The query of every betting-record call, as a plain object. */
const queries = (calls: { url: URL }[]) =>
  calls
    .filter((c) => c.url.pathname === betRecords.path)
    .map((c) => Object.fromEntries(c.url.searchParams.entries()));

describe('betting record', () => {
  it('lists every bet with game, vendor, stake, payout, signed win/loss, time and status, and the totals', async () => {
    const { panel } = await openBets();
    const table = await within(panel).findByRole('table', { name: 'Bets' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Lucky Dragon')).toBeInTheDocument();
    expect(first.getByText('PG Soft')).toBeInTheDocument();
    expect(first.getByText('100.00')).toBeInTheDocument();
    expect(first.getByText('250.50')).toBeInTheDocument();
    expect(first.getByText('+150.50')).toHaveAttribute('data-sign', '1');
    expect(first.getByText('Settled')).toBeInTheDocument();
    // 10:00 UTC is 16:30 in Yangon, the merchant's time zone.
    expect(rows[0]!.querySelector('time')).toHaveTextContent('2026-11-22 16:30:00');
    expect(within(rows[1]!).getByText('-500.00')).toHaveAttribute('data-sign', '-1');

    const totals = within(panel).getByLabelText('Totals for the period');
    expect(within(totals).getByText('600.00')).toBeInTheDocument();
    expect(within(totals).getByText('-349.50')).toHaveAttribute('data-sign', '-1');
    expect(within(panel).getByText('Bets found: 2')).toBeInTheDocument();
  });

  it('sends the filters as query parameters: vertical, vendor of that vertical, quick picks and days', async () => {
    const { panel, calls } = await openBets();
    await within(panel).findByRole('table', { name: 'Bets' });
    const last7 = quickPickRange('last7');
    expect(queries(calls)[0]).toEqual({ from: last7.from, to: last7.to, page: '1' });

    const vertical = within(panel).getByRole('combobox', { name: 'Game type' });
    const vendor = within(panel).getByRole('combobox', { name: 'Vendor' });
    await userEvent.selectOptions(vertical, 'slots');
    // Only the slot vendors are offered for slots.
    expect(
      within(vendor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All vendors', 'PG Soft', 'JILI']);
    await userEvent.selectOptions(vendor, 'JILI');
    await waitFor(() =>
      expect(queries(calls).at(-1)).toEqual({
        vertical: 'slots',
        vassalage: 'JILI',
        from: last7.from,
        to: last7.to,
        page: '1',
      }),
    );
    // Another vertical drops a vendor that is not of it.
    await userEvent.selectOptions(vertical, 'live');
    expect(vendor).toHaveValue('');
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ vertical: 'live' }));
    expect(queries(calls).at(-1)).not.toHaveProperty('vassalage');

    const last30 = within(panel).getByRole('button', { name: 'Last 30 days' });
    await userEvent.click(last30);
    expect(last30).toHaveAttribute('aria-pressed', 'true');
    const r30 = quickPickRange('last30');
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ from: r30.from, to: r30.to }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Next 7 days' }));
    const n7 = quickPickRange('next7');
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ from: n7.from, to: n7.to }));

    const from = within(panel).getByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ from: '2026-11-01', to: n7.to }));
    expect(last30).toHaveAttribute('aria-pressed', 'false');
  });

  it('pages with range 3 and margins 1, back to page 1 on a new filter', async () => {
    const answer: Handler = (url) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      return ok(
        betRecords,
        betsFixture([betFixture({ id: page, roundId: `R-${page}`, gameName: `Game ${page}` })], {
          page,
          pageSize: 20,
          total: 400,
        }),
      );
    };
    const { panel, calls } = await openBets({ [betRecords.path]: answer });
    const pages = await within(panel).findByRole('navigation', { name: 'Pages' });
    const labels = () =>
      within(pages)
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(labels()).toEqual(['‹', '1', '2', '3', '20', '›']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 20' }));
    expect(await within(panel).findByText('Game 20')).toBeInTheDocument();
    expect(queries(calls).at(-1)).toMatchObject({ page: '20' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(await within(panel).findByText('Game 19')).toBeInTheDocument();
    expect(labels()).toEqual(['‹', '1', '18', '19', '20', '›']);
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Game type' }), 'fish');
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ vertical: 'fish', page: '1' }));
  });

  it('opens a slot bet: its transactions, each spin’s 5 × 3 reels with the winning line, the free spin', async () => {
    const { panel, calls } = await openBets({
      [betDetail.path]: () => ok(betDetail, slotDetailFixture()),
    });
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Details of Lucky Dragon, round R-1001' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bet details' });
    expect(calls.find((c) => c.url.pathname === betDetail.path)?.url.searchParams.get('id')).toBe('1');
    expect(await within(dialog).findByText('R-1001')).toBeInTheDocument();
    const txs = within(dialog).getByRole('list', { name: 'Transactions' });
    expect(within(txs).getByText('Stake')).toBeInTheDocument();
    expect(within(txs).getByText('-100.00')).toBeInTheDocument();
    expect(within(txs).getByText('+250.50')).toBeInTheDocument();

    const spin1 = within(dialog).getByRole('listitem', { name: 'Spin 1' });
    const reels = within(spin1).getByRole('img', {
      name: 'Reels of spin 1: A A A K Q / K J K J ⭐ / Q Q ⭐ Q J',
    });
    expect(reels.children).toHaveLength(15);
    // Row by row: the top row's first three cells are the winning line.
    expect([...reels.children].map((c) => c.hasAttribute('data-win'))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(within(spin1).getByText('Line 2: 3 × A wins 50.50')).toBeInTheDocument();
    const spin2 = within(dialog).getByRole('listitem', { name: 'Spin 2' });
    expect(within(spin2).getByText('Free spin')).toBeInTheDocument();
    expect(within(spin2).getByText('×2')).toBeInTheDocument();
    expect(within(spin2).getByText('No winning line.')).toBeInTheDocument();
    expect(within(spin1).getByText('2 scatters win 10.00. 1 free spins awarded.')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bet details' })).toBeNull());
  });

  it('says so honestly when there are no bets', async () => {
    const { panel } = await openBets({
      [betRecords.path]: () =>
        ok(betRecords, betsFixture([], { totals: { count: 0, stake: 0, payout: 0, winLoss: 0 } })),
    });
    expect(await within(panel).findByText('No bets in this period.')).toBeInTheDocument();
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('shows an error with a retry that asks again', async () => {
    let failing = true;
    const { panel } = await openBets({
      [betRecords.path]: () => (failing ? fail('INTERNAL') : ok(betRecords, betsFixture())),
    });
    const alert = await within(panel).findByRole('alert');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('table', { name: 'Bets' })).toBeInTheDocument();
  });
});
