import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, readMessage } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fail, ok, type Handler } from '@/testing/fixtures';
import { bodiesOf, inboxFixture, messageFixture, openAgentPage, queriesOf } from '../testing';

const inbox = inboxFixture([
  messageFixture({
    id: 5,
    kind: 'contract_paid',
    params: { kind: 'dividend', contractId: 3, amount: 12_345, account: 'agent01' },
  }),
  messageFixture({ id: 4, kind: 'deposit_arrived', params: { amount: 100 } }),
  messageFixture({
    id: 3,
    kind: 'contract_offered',
    params: { kind: 'daily', contractId: 7, account: 'agent01' },
    read: true,
  }),
  messageFixture({
    id: 2,
    kind: 'red_envelope',
    params: { amount: 500, from: 'agent01', message: 'Well played!' },
  }),
  messageFixture({ id: 1, kind: 'dividend_unpaid', params: { kind: 'dividend', account: 'agent02' } }),
]);

const openNotices = (handlers: Record<string, Handler> = {}) =>
  openAgentPage('agentAnnouncement', 'Agent announcements', {
    [messages.path]: () => ok(messages, inbox),
    ...handlers,
  });

describe('agent announcements', { timeout: 20_000 }, () => {
  it('shows only the agent notices of the inbox, written from their kind and params', async () => {
    const { panel, calls } = await openNotices();
    const list = await within(panel).findByRole('list', { name: 'Agent announcements' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Contract payment',
      'New contract offer',
      'Dividend unpaid',
    ]);
    expect(items[0]).toHaveTextContent(
      'A payment of 123.45 was settled for the dividend contract with agent01.',
    );
    expect(items[1]).toHaveTextContent('agent01 offered you a new daily wage contract.');
    expect(items[2]).toHaveTextContent(
      'A dividend (dividend contract with agent02) was not paid when its period ended.',
    );
    // The inbox has no kind filter: one large page is asked for and filtered here.
    expect(queriesOf(calls, messages.path)[0]).toEqual({ page: '1', pageSize: '100' });
  });

  it('marks an unread notice read', async () => {
    const { panel, calls } = await openNotices({ [readMessage.path]: () => ok(readMessage, { unread: 2 }) });
    const list = await within(panel).findByRole('list', { name: 'Agent announcements' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(list).getAllByRole('button', { name: 'Mark as read' })).toHaveLength(2);
    await userEvent.click(within(first).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(bodiesOf(calls, readMessage.path)).toEqual([{ id: 5 }]));
  });

  it('shows the empty state when the inbox holds no agent notice', async () => {
    const { panel } = await openNotices({
      [messages.path]: () =>
        ok(messages, inboxFixture([messageFixture({ kind: 'mail', title: 'Hi', body: 'x' })])),
    });
    expect(await within(panel).findByText('No agent announcements yet.')).toBeInTheDocument();
  });

  it('shows a refusal in words with a retry', async () => {
    let answer: Handler = () => fail('FORBIDDEN', 'agent.errors.not_in_team');
    const { panel } = await openNotices({ [messages.path]: (u, i) => answer(u, i) });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This member is not in your team.');
    answer = () => ok(messages, inbox);
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('list', { name: 'Agent announcements' })).toBeInTheDocument();
  });
});
