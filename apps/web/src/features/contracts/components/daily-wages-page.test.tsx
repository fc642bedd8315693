import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  agentContractInfo,
  agentContractOffer,
  agentContractRespond,
  agentContractTerminate,
  agentContracts,
  agentDownlines,
  dailySalaryRecords,
  realtimeSalaryRecords,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { openPage } from '../testing-page';
import { quickPickRange } from '@/lib/day-range';
import { fail, ok } from '@/testing/fixtures';
import { contractFixture, contractsPage, infoFixture, settlementFixture, settlementsPage } from '../testing';

const bodies = (calls: { url: URL; init: RequestInit | undefined }[], path: string) =>
  calls
    .filter((c) => c.url.pathname === path && c.init?.method === 'POST')
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);
const queries = (calls: { url: URL }[], path: string) =>
  calls.filter((c) => c.url.pathname === path).map((c) => Object.fromEntries(c.url.searchParams.entries()));

describe('daily wages page', { timeout: 30_000 }, () => {
  it('offers a daily wage to a direct downline agent: validation, then minor units', async () => {
    const { panel, calls } = await openPage({
      [agentContractOffer.path]: (_u, init) => {
        const body = JSON.parse(String(init?.body)) as { tiers: unknown[] };
        return ok(agentContractOffer, contractFixture({ id: 9, role: 'upline', tiers: body.tiers as never }));
      },
    });
    expect(await within(panel).findByRole('heading', { name: 'Daily salary', level: 2 })).toBeInTheDocument();
    const form = within(panel).getByRole('form', { name: 'Offer a contract' });
    const downline = within(form).getByRole('combobox', { name: 'Direct downline agent' });
    // Agents only: the player among the direct downlines is not offered.
    await waitFor(() =>
      expect(
        within(downline)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose an agent', 'sub01', 'sub02 (ကိုကို)']),
    );
    expect(queries(calls, agentDownlines.path)[0]).toMatchObject({ level: 'direct', pageSize: '100' });
    // A daily wage has volume, active people and an amount; no ratio, no period.
    expect(within(form).queryByRole('combobox', { name: 'Dividend period' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: /Ratio/ })).not.toBeInTheDocument();

    const submit = within(form).getByRole('button', { name: 'Send offer' });
    await userEvent.click(submit);
    expect(await within(form).findByText('Choose a direct downline agent.')).toBeInTheDocument();
    expect(within(form).getByText('Enter what this tier pays (more than 0).')).toBeInTheDocument();

    const tier1 = within(form).getByRole('group', { name: 'Tier 1' });
    await userEvent.type(within(tier1).getByRole('textbox', { name: /Team volume/ }), '1,000.5');
    await userEvent.type(within(tier1).getByRole('textbox', { name: /Active people/ }), '2.5');
    await userEvent.type(within(tier1).getByRole('textbox', { name: 'Amount (MMK)' }), '12.345');
    await userEvent.click(submit);
    expect(await within(tier1).findByText('Enter a whole number of people.')).toBeInTheDocument();
    expect(within(tier1).getByText('Enter an amount with up to 2 decimals.')).toBeInTheDocument();
    expect(bodies(calls, agentContractOffer.path)).toEqual([]);

    await userEvent.selectOptions(downline, 'sub01');
    await userEvent.clear(within(tier1).getByRole('textbox', { name: /Active people/ }));
    await userEvent.type(within(tier1).getByRole('textbox', { name: /Active people/ }), '3');
    await userEvent.clear(within(tier1).getByRole('textbox', { name: 'Amount (MMK)' }));
    await userEvent.type(within(tier1).getByRole('textbox', { name: 'Amount (MMK)' }), '50');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a tier' }));
    const tier2 = within(form).getByRole('group', { name: 'Tier 2' });
    await userEvent.type(within(tier2).getByRole('textbox', { name: /Team volume/ }), '5000');
    await userEvent.type(within(tier2).getByRole('textbox', { name: 'Amount (MMK)' }), '120.25');
    await userEvent.click(submit);
    expect(await within(form).findByText(/Your offer was sent to sub01/)).toBeInTheDocument();
    expect(bodies(calls, agentContractOffer.path)).toEqual([
      {
        downlineId: 20,
        kind: 'daily',
        tiers: [
          { minBets: 100_050, minActive: 3, amount: 5_000 },
          { minBets: 500_000, amount: 12_025 },
        ],
      },
    ]);
    // The lists are read again after the answer.
    await waitFor(() => expect(queries(calls, agentContracts.path).length).toBeGreaterThan(1));
  });

  it('shows a refusal of the server in words', async () => {
    const { panel } = await openPage({
      [agentContractOffer.path]: () => fail('CONFLICT', 'contracts.errors.already_pending'),
    });
    const form = await within(panel).findByRole('form', { name: 'Offer a contract' });
    const downline = within(form).getByRole('combobox', { name: 'Direct downline agent' });
    await waitFor(() => expect(within(downline).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(downline, 'sub02 (ကိုကို)');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount (MMK)' }), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Send offer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "An offer of this kind is already waiting for this downline's answer.",
    );
  });

  it('accepts an offer from the upline after a confirmation and says how many contracts below ended', async () => {
    let info = infoFixture({ dailysalreqtype: [contractFixture({ id: 5 })] });
    const { panel, calls } = await openPage({
      [agentContractInfo.path]: () => ok(agentContractInfo, info),
      [agentContractRespond.path]: () => {
        const accepted = contractFixture({
          id: 5,
          status: 'active',
          request: null,
          acceptedAt: '2026-11-23T01:00:00.000Z',
        });
        info = infoFixture({ dailysalinfotype: [accepted] });
        return ok(agentContractRespond, { contract: accepted, terminated: [31, 32] });
      },
    });
    const requests = await within(panel).findByRole('list', { name: 'Requests waiting for my answer' });
    expect(within(requests).getByText('agent01 offers you a contract')).toBeInTheDocument();
    expect(
      within(requests).getByText(
        'Tier 1: team volume at least MMK 1,000.00, at least 3 active people → MMK 50.00 paid',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(requests).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveAccessibleDescription('Accept the contract offered by agent01? It starts at once.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(panel).findByText(/You accepted the contract\./)).toHaveTextContent(
      'You accepted the contract. Contracts of your downlines ended automatically because their ratio was above your new one: 2.',
    );
    expect(bodies(calls, agentContractRespond.path)).toEqual([{ contractId: 5, action: 'accept' }]);
    const active = await within(panel).findByRole('list', { name: 'My contract with my upline' });
    expect(within(active).getByText('Contract with agent01')).toBeInTheDocument();
    expect(within(panel).getByText('No requests are waiting for your answer.')).toBeInTheDocument();
  });

  it('rejects an offer, and a cancelled confirmation sends nothing', async () => {
    const { panel, calls } = await openPage({
      [agentContractInfo.path]: () =>
        ok(agentContractInfo, infoFixture({ dailysalreqtype: [contractFixture({ id: 6 })] })),
      [agentContractRespond.path]: () => fail('CONFLICT', 'contracts.errors.not_pending'),
    });
    const requests = await within(panel).findByRole('list', { name: 'Requests waiting for my answer' });
    await userEvent.click(within(requests).getByRole('button', { name: 'Reject' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(bodies(calls, agentContractRespond.path)).toEqual([]);
    await userEvent.click(within(requests).getByRole('button', { name: 'Reject' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    expect(await within(panel).findByText('This request has already been answered.')).toBeInTheDocument();
    expect(bodies(calls, agentContractRespond.path)).toEqual([{ contractId: 6, action: 'reject' }]);
  });

  it('lists the contracts I manage and withdraws an offer / asks to end an active one', async () => {
    const { panel, calls } = await openPage({
      [agentContracts.path]: () =>
        ok(
          agentContracts,
          contractsPage([
            contractFixture({ id: 7, role: 'upline', downline: { id: 20, account: 'sub01' } }),
            contractFixture({
              id: 8,
              role: 'upline',
              status: 'active',
              request: null,
              downline: { id: 22, account: 'sub02' },
            }),
            contractFixture({
              id: 9,
              role: 'upline',
              status: 'terminated',
              request: null,
              endReason: 'ratio_above_upline',
              downline: { id: 23, account: 'sub03' },
            }),
          ]),
        ),
      [agentContractTerminate.path]: () =>
        ok(
          agentContractTerminate,
          contractFixture({ id: 8, role: 'upline', status: 'active', request: 'terminate' }),
        ),
    });
    const list = await within(panel).findByRole('list', { name: 'Contracts with my downlines' });
    expect(queries(calls, agentContracts.path)[0]).toEqual({
      kind: 'daily',
      role: 'upline',
      status: 'all',
      page: '1',
    });
    const items = [...list.children] as HTMLElement[];
    expect(within(items[0]!).getByText('Offer waiting for an answer')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(items[2]!).getByText(/its ratio was above the upline's new one/)).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(
      within(items[1]!).getByRole('button', { name: 'Request termination of the contract with sub02' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Send the request',
      }),
    );
    expect(await within(panel).findByText('Termination requested; sub02 must answer.')).toBeInTheDocument();
    expect(bodies(calls, agentContractTerminate.path)).toEqual([{ contractId: 8 }]);
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Withdraw the offer to sub01' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    await waitFor(() =>
      expect(bodies(calls, agentContractTerminate.path)).toEqual([{ contractId: 8 }, { contractId: 7 }]),
    );
  });

  it('shows the settlement records with totals, status and role filter; real-time salary on its own tab', async () => {
    const { panel, calls } = await openPage({
      [dailySalaryRecords.path]: (url) =>
        ok(
          dailySalaryRecords,
          url.searchParams.get('role') === 'downline'
            ? settlementsPage([], { received: 0, paid: 0 })
            : settlementsPage(
                [
                  settlementFixture({ id: 1 }),
                  settlementFixture({
                    id: 2,
                    role: 'downline',
                    upline: 'boss',
                    downline: 'agent01',
                    amount: 7_500,
                    status: 'unpaid',
                  }),
                ],
                { received: 7_500, paid: 5_000 },
              ),
        ),
    });
    const table = await within(panel).findByRole('table', { name: 'Settlements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('To sub01')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('-50.00')).toHaveAttribute('data-sign', '-1');
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2,500.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('From boss')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+75.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Unpaid')).toBeInTheDocument();
    const totals = within(panel).getByLabelText('Totals for the period');
    expect(within(totals).getByText('75.00')).toBeInTheDocument();
    expect(within(totals).getByText('50.00')).toBeInTheDocument();
    expect(within(totals).getByText('+25.00')).toBeInTheDocument();
    const last7 = quickPickRange('last7');
    expect(queries(calls, dailySalaryRecords.path)[0]).toEqual({ from: last7.from, to: last7.to, page: '1' });

    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'My side' }), 'downline');
    expect(await within(panel).findByText('No settlements in this period.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Last 30 days' }));
    const last30 = quickPickRange('last30');
    await waitFor(() =>
      expect(queries(calls, dailySalaryRecords.path).at(-1)).toEqual({
        from: last30.from,
        to: last30.to,
        role: 'downline',
        page: '1',
      }),
    );

    await userEvent.click(within(panel).getByRole('tab', { name: 'Real-time salary' }));
    await waitFor(() => expect(queries(calls, realtimeSalaryRecords.path)).toHaveLength(1));
    expect(within(panel).getByRole('tab', { name: 'Real-time salary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() =>
      expect(queries(calls, agentContracts.path).some((q) => q.kind === 'realtime')).toBe(true),
    );
    const form = within(panel).getByRole('form', { name: 'Offer a contract' });
    expect(within(form).getByRole('textbox', { name: 'Ratio (%)' })).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: /Active people/ })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the records cannot be read', async () => {
    const { panel } = await openPage({
      [dailySalaryRecords.path]: () => fail('FORBIDDEN', 'errors.forbidden'),
    });
    const records = await within(panel).findByRole('region', { name: 'Settlement records' });
    expect(await within(records).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
