import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  agentProfitLoss,
  agentRevenue,
  agentTeamBets,
  agentTeamOverview,
  agentTransactions,
} from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from '@/lib/csv';
import { quickPickRange } from '@/lib/day-range';
import { fail, ok } from '@/testing/fixtures';
import {
  openAgentPage,
  overviewFixture,
  profitLossFixture,
  queriesOf,
  revenueFixture,
  teamBetsFixture,
  transactionsFixture,
} from '../testing';

vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  downloadCsv: vi.fn(),
}));

afterEach(() => vi.mocked(downloadCsv).mockClear());

/** The CSV the page saved last: its file name and its lines (BOM and CRLF taken off). */
function savedCsv() {
  const call = vi.mocked(downloadCsv).mock.calls.at(-1);
  if (!call) throw new Error('no CSV saved');
  const [name, csv] = call;
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return { name, lines: csv.slice(1).trimEnd().split('\r\n') };
}

describe('team betting (agent centre)', { timeout: 20_000 }, () => {
  it('lists the team bets with totals, filters by account and vertical, exports the filter as CSV', async () => {
    const { panel, calls } = await openAgentPage('personalHistoryCopy', 'Team betting', {
      [agentTeamBets.path]: () => ok(agentTeamBets, teamBetsFixture()),
    });
    const table = await within(panel).findByRole('table', { name: 'Team bets' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('player01')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Slots')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+150.50')).toHaveAttribute('data-sign', '1');
    // 10:00 UTC is 16:30 in Yangon, the merchant's time zone.
    expect(rows[0]!.querySelector('time')).toHaveTextContent('2026-11-22 16:30:00');
    expect(within(rows[1]!).getByText('Open')).toBeInTheDocument();
    const totals = within(panel).getByLabelText('Totals for the filter');
    expect(within(totals).getByText('600.00')).toBeInTheDocument();
    expect(within(totals).getByText('-349.50')).toHaveAttribute('data-sign', '-1');

    const last7 = quickPickRange('last7');
    expect(queriesOf(calls, agentTeamBets.path)[0]).toEqual({ from: last7.from, to: last7.to, page: '1' });
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Account' }), 'player01{Enter}');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Game type' }), 'slots');
    await waitFor(() =>
      expect(queriesOf(calls, agentTeamBets.path).at(-1)).toEqual({
        account: 'player01',
        vertical: 'slots',
        from: last7.from,
        to: last7.to,
        page: '1',
      }),
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(1));
    // The export asks for every row of the same filter, without a page.
    expect(queriesOf(calls, agentTeamBets.path).at(-1)).toEqual({
      account: 'player01',
      vertical: 'slots',
      from: last7.from,
      to: last7.to,
      export: 'true',
    });
    const { name, lines } = savedCsv();
    expect(name).toBe(`agent-team-bets-${last7.from}-${last7.to}.csv`);
    expect(lines).toEqual([
      'Time,Account,Game type,Game,Stake,Payout,Win/loss,Status',
      '2026-11-22 16:30:00,player01,Slots,Lucky Dragon,100,250.5,150.5,Settled',
      '2026-11-22 15:30:00,agent02,Lottery,,500,0,,Open',
    ]);
  });

  it('refuses an account search that is not letters and digits before asking the server', async () => {
    const { panel, calls } = await openAgentPage('personalHistoryCopy', 'Team betting', {
      [agentTeamBets.path]: () => ok(agentTeamBets, teamBetsFixture()),
    });
    await within(panel).findByRole('table', { name: 'Team bets' });
    const search = within(panel).getByRole('searchbox', { name: 'Account' });
    await userEvent.type(search, 'bad name{Enter}');
    expect(search).toHaveAccessibleDescription('Account format is incorrect.');
    expect(queriesOf(calls, agentTeamBets.path)).toHaveLength(1);
  });

  it('shows the empty state with zero totals and no export', async () => {
    const { panel } = await openAgentPage('personalHistoryCopy', 'Team betting', {
      [agentTeamBets.path]: () =>
        ok(
          agentTeamBets,
          teamBetsFixture({ items: [], total: 0, totals: { stake: 0, payout: 0, winLoss: 0, count: 0 } }),
        ),
    });
    expect(await within(panel).findByText('No records for this filter.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows loading, then a refusal with its translated message and a retry', async () => {
    let answer: () => Response | Promise<Response> = () => new Promise<Response>(() => {});
    const { panel } = await openAgentPage('personalHistoryCopy', 'Team betting', {
      [agentTeamBets.path]: () => answer(),
    });
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading…');
    answer = () => fail('NOT_FOUND', 'agent.errors.not_in_team');
    // A new period asks again: the refusal is shown in words, with a retry.
    await userEvent.click(within(panel).getByRole('button', { name: 'Last 30 days' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This member is not in your team.');
    answer = () => ok(agentTeamBets, teamBetsFixture());
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('table', { name: 'Team bets' })).toBeInTheDocument();
  });
});

describe('user profit and loss', { timeout: 20_000 }, () => {
  it('lists members with totals and exports them', async () => {
    const { panel } = await openAgentPage('palStatementsAgentCopy', 'User profit and loss', {
      [agentProfitLoss.path]: () => ok(agentProfitLoss, profitLossFixture()),
    });
    const table = await within(panel).findByRole('table', { name: 'Profit and loss per member' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('player01')).toBeInTheDocument();
    expect(within(row).getByText('-349.50')).toHaveAttribute('data-sign', '-1');
    const totals = within(panel).getByLabelText('Totals for the filter');
    expect(within(totals).getByText('1,000.00')).toBeInTheDocument();
    expect(within(totals).getByText('10.00')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalled());
    expect(savedCsv().lines).toEqual([
      'Account,Level,Deposits,Withdrawals,Stake,Payout,Win/loss,Bonus',
      'player01,1,1000,200,600,250.5,-349.5,10',
    ]);
  });

  it('says when a CSV export is refused and keeps the page', async () => {
    const { panel } = await openAgentPage('palStatementsAgentCopy', 'User profit and loss', {
      [agentProfitLoss.path]: (url) =>
        url.searchParams.get('export') === 'true'
          ? fail('FORBIDDEN', 'errors.system_error')
          : ok(agentProfitLoss, profitLossFixture()),
    });
    await within(panel).findByRole('table', { name: 'Profit and loss per member' });
    const button = within(panel).getByRole('button', { name: 'Export CSV' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAccessibleDescription(/./));
    expect(downloadCsv).not.toHaveBeenCalled();
    expect(within(panel).getByRole('table', { name: 'Profit and loss per member' })).toBeInTheDocument();
  });
});

describe('my income', { timeout: 20_000 }, () => {
  it('shows income, paid and net per day and kind with the totals, and exports them', async () => {
    const { panel } = await openAgentPage('agentRevenueReport', 'My income', {
      [agentRevenue.path]: () => ok(agentRevenue, revenueFixture()),
    });
    const table = await within(panel).findByRole('table', { name: 'Income per day' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Daily salary')).toBeInTheDocument();
    expect(within(first!).getByText('+30.00')).toHaveAttribute('data-sign', '1');
    expect(within(second!).getByText('-75.00')).toHaveAttribute('data-sign', '-1');
    const totals = within(panel).getByLabelText('Totals for the filter');
    expect(within(totals).getByText('95.00')).toBeInTheDocument();
    expect(within(totals).getByText('-45.00')).toHaveAttribute('data-sign', '-1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalled());
    expect(savedCsv().lines).toEqual([
      'Day,Kind,Received,Paid out,Net',
      '2026-11-23,Daily salary,50,20,30',
      '2026-11-22,Dividend,0,75,-75',
    ]);
  });
});

describe('transaction details', { timeout: 20_000 }, () => {
  it('filters by type, shows credits, debits and net, names the new agent types', async () => {
    const { panel, calls } = await openAgentPage(
      'agentDownlineTransactionDetailsCopy',
      'Transaction details',
      {
        [agentTransactions.path]: () => ok(agentTransactions, transactionsFixture()),
      },
    );
    const table = await within(panel).findByRole('table', { name: 'Team transactions' });
    expect(within(table).getByText('Transfer from upline')).toBeInTheDocument();
    expect(within(table).getByText('-25.00')).toHaveAttribute('data-sign', '-1');
    const totals = within(panel).getByLabelText('Totals for the filter');
    expect(within(totals).getByText('100.00')).toBeInTheDocument();
    expect(within(totals).getByText('+75.00')).toBeInTheDocument();
    await userEvent.selectOptions(
      within(panel).getByRole('combobox', { name: 'Transaction type' }),
      'red_envelope_in',
    );
    await waitFor(() =>
      expect(queriesOf(calls, agentTransactions.path).at(-1)).toMatchObject({
        type: 'red_envelope_in',
        page: '1',
      }),
    );
  });
});

describe('team overview', { timeout: 20_000 }, () => {
  it('shows the figures, a bar per day with a text alternative, and the series as a table', async () => {
    const { panel } = await openAgentPage('agentTeamOverview', 'Team overview', {
      [agentTeamOverview.path]: () => ok(agentTeamOverview, overviewFixture()),
    });
    const figures = await within(panel).findByLabelText('Team figures for the period');
    expect(within(figures).getByText('12')).toBeInTheDocument();
    expect(within(figures).getByText('15,000.00')).toBeInTheDocument();
    expect(within(figures).getByText('-1,499.50')).toHaveAttribute('data-sign', '-1');
    const chart = within(panel).getByRole('img', {
      name: /Bar chart of Bets per day from 2026-11-22 to 2026-11-24/,
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    // Profit and loss: the losing day hangs below the line in the danger colour.
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Show' }), 'profitLoss');
    const pl = within(panel).getByRole('img', { name: /Profit and loss per day.*lowest -1,999.50/ });
    expect(pl.querySelectorAll('rect')[1]!.getAttribute('class')).toMatch(/barNegative/);
    const toggle = within(panel).getByRole('button', { name: 'Show as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const table = within(panel).getByRole('table', { name: 'Team figures per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('-1,999.50')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalled());
    expect(savedCsv().lines[0]).toBe('Day,Bets,Profit and loss,New members,Active members');
    expect(savedCsv().lines[2]).toBe('2026-11-23,5000,-1999.5,1,5');
  });

  it('is the page the agent centre opens on', async () => {
    const { panel } = await openAgentPage('nothing', 'Team overview', {
      [agentTeamOverview.path]: () => ok(agentTeamOverview, overviewFixture()),
    });
    expect(within(panel).getByRole('button', { name: 'Team overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('dialog', { name: 'Agent centre' })).toBeInTheDocument();
  });
});
