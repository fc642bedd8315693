import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  agentContractInfo,
  agentContractOffer,
  agentContractRespond,
  agentContracts,
  dividendRecords,
  hourSalaryRecords,
} from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import * as csv from '@/lib/csv';
import { fail, ok } from '@/testing/fixtures';
import { contractFixture, contractsPage, infoFixture, settlementFixture, settlementsPage } from '../testing';
import { openPage } from '../testing-page';

const bodies = (calls: { url: URL; init: RequestInit | undefined }[], path: string) =>
  calls
    .filter((c) => c.url.pathname === path && c.init?.method === 'POST')
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

const dividend = (handlers: Parameters<typeof openPage>[0] = {}) =>
  openPage(
    {
      [dividendRecords.path]: () => ok(dividendRecords, settlementsPage([])),
      [hourSalaryRecords.path]: () => ok(hourSalaryRecords, settlementsPage([])),
      ...handlers,
    },
    'agentDividendRecordCopy2',
    'Dividend contracts',
  );

describe('dividend and hourly salary pages', { timeout: 30_000 }, () => {
  it('offers a dividend: period, thresholds and the ratio in basis points; the server refusal in words', async () => {
    let answer = () => fail('UNPROCESSABLE', 'contracts.errors.ratio_above_own');
    const { panel, calls } = await dividend({ [agentContractOffer.path]: () => answer() });
    const form = await within(panel).findByRole('form', { name: 'Offer a contract' });
    const downline = within(form).getByRole('combobox', { name: 'Direct downline agent' });
    await waitFor(() => expect(within(downline).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(downline, 'sub01');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Dividend period' }),
      'semimonthly',
    );
    const tier = within(form).getByRole('group', { name: 'Tier 1' });
    const ratio = within(tier).getByRole('textbox', { name: 'Ratio (%)' });
    await userEvent.type(ratio, '100.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Send offer' }));
    expect(
      await within(tier).findByText('Enter a percent from 0 to 100 with up to 2 decimals.'),
    ).toBeInTheDocument();
    expect(bodies(calls, agentContractOffer.path)).toEqual([]);

    await userEvent.clear(ratio);
    await userEvent.type(ratio, '12.75');
    await userEvent.type(within(tier).getByRole('textbox', { name: /Team volume/ }), '20000');
    await userEvent.type(within(tier).getByRole('textbox', { name: /Team profit/ }), '1500.5');
    await userEvent.type(within(tier).getByRole('textbox', { name: /Active people/ }), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Send offer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A ratio cannot be higher than the ratio of your own contract with your upline.',
    );
    const expected = {
      downlineId: 20,
      kind: 'dividend',
      period: 'semimonthly',
      tiers: [{ minBets: 2_000_000, minProfitLoss: 150_050, minActive: 5, ratio: 1275 }],
    };
    expect(bodies(calls, agentContractOffer.path)).toEqual([expected]);

    answer = () =>
      ok(agentContractOffer, contractFixture({ kind: 'dividend', period: 'semimonthly', role: 'upline' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send offer' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Your offer was sent to sub01.');
    expect(bodies(calls, agentContractOffer.path)).toEqual([expected, expected]);
  });

  it("answers the upline's termination request and ends its own active contract", async () => {
    const active = contractFixture({
      id: 3,
      kind: 'dividend',
      period: 'weekly',
      tiers: [{ minProfitLoss: 10_000, ratio: 1500 }],
      status: 'active',
      request: null,
      acceptedAt: '2026-11-01T00:00:00.000Z',
    });
    const asked = { ...active, id: 4, request: 'terminate' as const };
    const { panel, calls } = await dividend({
      [agentContractInfo.path]: () =>
        ok(agentContractInfo, infoFixture({ divtypereq: [asked], divtypeinfo: [active, asked] })),
      [agentContractRespond.path]: (_u, init) => {
        const body = JSON.parse(String(init?.body)) as { contractId: number };
        return ok(agentContractRespond, {
          contract: { ...active, id: body.contractId, status: 'terminated' },
          terminated: [],
        });
      },
    });
    const requests = await within(panel).findByRole('list', { name: 'Requests waiting for my answer' });
    expect(within(requests).getByText('agent01 asks to end this contract')).toBeInTheDocument();
    expect(
      within(requests).getByText('Tier 1: team profit at least MMK 100.00 → 15% paid'),
    ).toBeInTheDocument();
    expect(within(requests).getByText('Dividend period: Weekly')).toBeInTheDocument();
    await userEvent.click(within(requests).getByRole('button', { name: 'Agree to end it' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'End the contract',
      }),
    );
    expect(
      await within(panel).findByText('The contract has ended as your upline asked.'),
    ).toBeInTheDocument();

    // The contract under a termination request is answered above; only the other one can be ended here.
    const mine = within(panel).getByRole('list', { name: 'My contract with my upline' });
    const terminate = within(mine).getAllByRole('button', { name: 'Terminate' });
    expect(terminate).toHaveLength(1);
    await userEvent.click(terminate[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveAccessibleDescription(
      'End your contract with agent01? Nothing more is paid under it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminate' }));
    expect(await within(panel).findByText('The contract has ended.')).toBeInTheDocument();
    expect(bodies(calls, agentContractRespond.path)).toEqual([
      { contractId: 4, action: 'accept' },
      { contractId: 3, action: 'terminate' },
    ]);
  });

  it('dividend records show the team profit; the CSV holds every page of the filter', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const row = (id: number) =>
      settlementFixture({
        id,
        kind: 'dividend',
        periodStart: '2026-11-16',
        periodEnd: '2026-11-22',
        profitLoss: 400_000,
        ratio: 1000,
        amount: 40_000,
        status: id === 1 ? 'forced' : 'paid',
      });
    const { panel, calls } = await dividend({
      [dividendRecords.path]: (url) => {
        const size = Number(url.searchParams.get('pageSize') ?? 20);
        const page = Number(url.searchParams.get('page') ?? 1);
        // 150 settlements in all: 20 on screen, 100 + 50 for the export.
        const ids = Array.from({ length: 150 }, (_, i) => i + 1).slice((page - 1) * size, page * size);
        return ok(
          dividendRecords,
          settlementsPage(
            ids.map(row),
            { received: 0, paid: 6_000_000 },
            { total: 150, page, pageSize: size },
          ),
        );
      },
    });
    const table = await within(panel).findByRole('table', { name: 'Settlements' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('2026-11-16 – 2026-11-22')).toBeInTheDocument();
    expect(within(first).getByText('4,000.00')).toBeInTheDocument();
    expect(within(first).getByText('Tier 1 · 10%')).toBeInTheDocument();
    expect(within(first).getByText('Forced payment')).toBeInTheDocument();
    expect(within(panel).getByText('Settlements found: 150')).toBeInTheDocument();
    expect(within(panel).getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Export CSV' }));
    expect(await within(panel).findByText('Exported settlements: 150.')).toBeInTheDocument();
    const pages = calls
      .filter((c) => c.url.pathname === dividendRecords.path && c.url.searchParams.get('pageSize') === '100')
      .map((c) => c.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
    const [name, text] = saved.mock.calls[0]!;
    expect(name).toMatch(/^dividend-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(151);
    expect(lines[0]).toBe(
      'Period,Upline,Downline,My side,Team volume,Team profit,Active people,Tier,Amount,Status,Paid at',
    );
    expect(lines[1]).toMatch(
      /^2026-11-16 – 2026-11-22,agent01,sub01,Upline \(paid\),"2,500\.00","4,000\.00",4,Tier 1 · 10%,'-400\.00,Forced payment,/,
    );
    saved.mockRestore();
  });

  it('the hourly salary page offers volume and ratio only, and lists its records', async () => {
    const { panel, calls } = await openPage(
      {
        [hourSalaryRecords.path]: () =>
          ok(
            hourSalaryRecords,
            settlementsPage(
              [
                settlementFixture({
                  kind: 'hourly',
                  role: 'downline',
                  periodStart: '2026-11-22T03:30:00.000Z',
                  periodEnd: '2026-11-22T04:30:00.000Z',
                  ratio: 50,
                  amount: 1_234,
                  status: 'nil',
                }),
              ],
              { received: 1_234, paid: 0 },
            ),
          ),
        [agentContracts.path]: () => ok(agentContracts, contractsPage([])),
      },
      'agentHourSalary',
      'Hourly salary',
    );
    const form = await within(panel).findByRole('form', { name: 'Offer a contract' });
    const tier = within(form).getByRole('group', { name: 'Tier 1' });
    expect(
      within(tier)
        .getAllByRole('textbox')
        .map((i) => i.getAttribute('aria-invalid')),
    ).toHaveLength(2);
    expect(within(panel).getByText('You have not offered a contract of this kind yet.')).toBeInTheDocument();
    const table = await within(panel).findByRole('table', { name: 'Settlements' });
    // 03:30 UTC is 10:00 in Yangon.
    expect(within(table).getByText('2026-11-22 10:00 – 11:00')).toBeInTheDocument();
    expect(within(table).getByText('Nothing due')).toBeInTheDocument();
    expect(within(table).getByText('+12.34')).toBeInTheDocument();
    expect(within(table).queryByText('Team profit')).not.toBeInTheDocument();
    expect(
      calls.some(
        (c) => c.url.pathname === agentContracts.path && c.url.searchParams.get('kind') === 'hourly',
      ),
    ).toBe(true);
  });
});
