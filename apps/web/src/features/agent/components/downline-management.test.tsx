import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RED_ENVELOPE_MAX_RECIPIENTS,
  agentDownlineStatus,
  agentDownlines,
  agentRedEnvelope,
  agentTransferDownline,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fail, ok, type Handler } from '@/testing/fixtures';
import { bodiesOf, downlineFixture, downlinesFixture, openAgentPage, queriesOf } from '../testing';

const agent02 = downlineFixture();
const player01 = downlineFixture({
  id: 30,
  account: 'player01',
  nickname: null,
  type: 3,
  balance: 2_500,
  mobile: null,
  email: null,
  directCount: 0,
  lastLoginAt: '2026-11-23T05:00:00.000Z',
});
const player02 = downlineFixture({
  id: 40,
  account: 'player02',
  nickname: null,
  type: 3,
  level: 2,
  upline: 'agent02',
  directCount: 0,
});

/** My team: agent02 and player01 directly under me; player02 under agent02. */
const team: Handler = (url) =>
  url.searchParams.get('parentId') === '20'
    ? ok(agentDownlines, downlinesFixture([player02]))
    : ok(agentDownlines, downlinesFixture([agent02, player01]));

const openDownlines = (handlers: Record<string, Handler> = {}) =>
  openAgentPage('downlineManagmentView', 'Downline management', { [agentDownlines.path]: team, ...handlers });

describe('downline management', { timeout: 20_000 }, () => {
  it('lists my team with masked contacts, balance and status; filters by level and status', async () => {
    const { panel, calls } = await openDownlines();
    const table = await within(panel).findByRole('table', { name: 'Team members' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('agent02 (Second)')).toBeInTheDocument();
    expect(within(first!).getByText('Agent')).toBeInTheDocument();
    expect(within(first!).getByText('09******78')).toBeInTheDocument();
    expect(within(first!).getByText('a***@example.com')).toBeInTheDocument();
    expect(within(first!).getByText('1,250.00')).toBeInTheDocument();
    expect(within(second!).getByText('Player')).toBeInTheDocument();
    expect(queriesOf(calls, agentDownlines.path)[0]).toEqual({ level: 'all', page: '1' });
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Level' }), 'direct');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Status' }), 'frozen');
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Account' }), 'agent{Enter}');
    await waitFor(() =>
      expect(queriesOf(calls, agentDownlines.path).at(-1)).toEqual({
        account: 'agent',
        level: 'direct',
        status: 'frozen',
        page: '1',
      }),
    );
  });

  it("opens a member's own downlines and comes back by the breadcrumb", async () => {
    const { panel, calls } = await openDownlines();
    const table = await within(panel).findByRole('table', { name: 'Team members' });
    await userEvent.click(within(table).getByRole('button', { name: '1 members, open the team of agent02' }));
    expect(await within(panel).findByText('player02')).toBeInTheDocument();
    expect(queriesOf(calls, agentDownlines.path).at(-1)).toEqual({ parentId: '20', page: '1' });
    const crumbs = within(panel).getByRole('navigation', { name: 'Team path' });
    expect(within(crumbs).getByText('agent02')).toHaveAttribute('aria-current', 'page');
    expect(within(panel).getByRole('combobox', { name: 'Level' })).toBeDisabled();
    await userEvent.click(within(crumbs).getByRole('button', { name: 'My team' }));
    expect(await within(panel).findByText('agent02 (Second)')).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Level' })).toBeEnabled();
  });

  it('freezes a member only after confirmation and shows a refusal in words', async () => {
    let answer = () => fail('NOT_FOUND', 'agent.errors.not_in_team');
    const { panel, calls } = await openDownlines({ [agentDownlineStatus.path]: () => answer() });
    const table = await within(panel).findByRole('table', { name: 'Team members' });
    await userEvent.click(within(table).getByRole('button', { name: 'Freeze agent02' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Freeze this account?' });
    expect(dialog).toHaveAccessibleDescription(
      'agent02 will not be able to sign in until you unfreeze the account.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This member is not in your team.');
    answer = () => ok(agentDownlineStatus, { id: 20, status: 'frozen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodiesOf(calls, agentDownlineStatus.path)).toEqual([
      { memberId: 20, status: 'frozen' },
      { memberId: 20, status: 'frozen' },
    ]);
  });

  it('transfers to a member with the payment password and one key per submit', async () => {
    let answer = () =>
      fail('UNPROCESSABLE', 'money.errors.wrong_payment_password', {
        fields: { paymentPassword: 'money.errors.wrong_payment_password' },
      });
    const { panel, calls } = await openDownlines({ [agentTransferDownline.path]: () => answer() });
    const table = await within(panel).findByRole('table', { name: 'Team members' });
    await userEvent.click(within(table).getByRole('button', { name: 'Transfer to player01' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Transfer to player01' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (MMK)' });
    const password = within(dialog).getByLabelText('Payment password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send transfer' }));
    expect(amount).toHaveAccessibleDescription('Enter an amount.');
    await userEvent.type(amount, '12.50');
    await userEvent.type(password, '135790');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send transfer' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The payment password is wrong.'));
    answer = () =>
      ok(agentTransferDownline, { transferId: 't-1', amount: 1_250, balance: 100_000, to: 'player01' });
    await userEvent.clear(password);
    await userEvent.type(password, '246810');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send transfer' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('MMK 12.50 was sent to player01.');
    const [first, second] = bodiesOf(calls, agentTransferDownline.path);
    expect(first).toMatchObject({ memberId: 30, amount: 1_250, paymentPassword: '135790' });
    expect(second).toMatchObject({ memberId: 30, amount: 1_250, paymentPassword: '246810' });
    expect(first!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.key).not.toBe(second!.key);
  });

  it('sends one red envelope to the picked members and shows the total', async () => {
    const { panel, calls } = await openDownlines({
      [agentRedEnvelope.path]: () =>
        ok(agentRedEnvelope, { transferId: 'r-1', total: 20_000, recipients: 2, balance: 80_000 }),
    });
    const table = await within(panel).findByRole('table', { name: 'Team members' });
    const send = within(panel).getByRole('button', { name: 'Send red envelope' });
    expect(send).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select agent02' }));
    // Keyboard: Space ticks a focused box.
    within(table).getByRole('checkbox', { name: 'Select player01' }).focus();
    await userEvent.keyboard(' ');
    expect(within(panel).getByText('Selected for a red envelope: 2 (at most 50)')).toBeInTheDocument();
    await userEvent.click(send);
    const dialog = await within(document.body).findByRole('dialog', { name: 'Red envelope' });
    expect(dialog).toHaveAccessibleDescription('To 2 members: agent02, player01');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Amount for each member (MMK)' }),
      '100',
    );
    expect(within(dialog).getByText('Total: MMK 200.00 for 2 members')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'Well played!');
    await userEvent.type(within(dialog).getByLabelText('Payment password'), '135790');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send red envelope' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'A red envelope of MMK 200.00 in all was sent to 2 members.',
    );
    expect(bodiesOf(calls, agentRedEnvelope.path)[0]).toMatchObject({
      memberIds: [20, 30],
      amountEach: 10_000,
      message: 'Well played!',
      paymentPassword: '135790',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(panel).getByText('Selected for a red envelope: 0 (at most 50)')).toBeInTheDocument();
  });

  it(`lets at most ${RED_ENVELOPE_MAX_RECIPIENTS} members be picked`, async () => {
    const many = Array.from({ length: RED_ENVELOPE_MAX_RECIPIENTS + 1 }, (_, i) =>
      downlineFixture({ id: 100 + i, account: `p${String(i).padStart(3, '0')}`, directCount: 0 }),
    );
    const { panel } = await openDownlines({
      [agentDownlines.path]: () =>
        ok(
          agentDownlines,
          agentDownlines.response.parse({ items: many, page: 1, pageSize: 100, total: many.length }),
        ),
    });
    const table = await within(panel).findByRole('table', { name: 'Team members' });
    const boxes = within(table).getAllByRole('checkbox');
    for (const box of boxes.slice(0, RED_ENVELOPE_MAX_RECIPIENTS)) fireEvent.click(box);
    expect(boxes.at(-1)).toBeDisabled();
    expect(within(panel).getByText('Selected for a red envelope: 50 (at most 50)')).toBeInTheDocument();
  });

  it('shows the empty and the error states', async () => {
    let answer: Handler = () => ok(agentDownlines, downlinesFixture([]));
    const { panel } = await openDownlines({ [agentDownlines.path]: (u, i) => answer(u, i) });
    expect(await within(panel).findByText('No members for this filter.')).toBeInTheDocument();
    answer = () => fail('FORBIDDEN', 'errors.system_error');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Status' }), 'active');
    expect(await within(panel).findByRole('alert')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
