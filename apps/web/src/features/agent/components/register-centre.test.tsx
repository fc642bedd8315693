import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INVITE_LINKS_MAX,
  agentCreateDownline,
  agentCreateInviteLink,
  agentDeleteInviteLink,
  agentInviteLinks,
} from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '@/testing/fixtures';
import { bodiesOf, linkFixture, linksFixture, openAgentPage } from '../testing';

const openRegister = (handlers: Parameters<typeof openAgentPage>[2] = {}) =>
  openAgentPage('registerCenter', 'Create account', {
    [agentInviteLinks.path]: () => ok(agentInviteLinks, linksFixture()),
    ...handlers,
  });

describe('register centre: create a downline', { timeout: 20_000 }, () => {
  it('checks the contract rules, then puts the server refusal on its field', async () => {
    const { panel, calls } = await openRegister({
      [agentCreateDownline.path]: () => fail('CONFLICT', 'agent.errors.account_exists'),
    });
    const form = within(panel).getByRole('form', { name: 'Create a downline account' });
    const account = within(form).getByRole('textbox', { name: 'Account' });
    const password = within(form).getByLabelText('Password');
    const submit = within(form).getByRole('button', { name: 'Create account' });

    await userEvent.click(submit);
    expect(account).toHaveAccessibleDescription(/This field cannot be empty/);
    await userEvent.type(account, '1bad');
    await userEvent.type(password, 'abc');
    await userEvent.click(submit);
    await waitFor(() => expect(account).toHaveAccessibleDescription(/Account format is incorrect/));
    expect(password).toHaveAccessibleDescription(/Password format is incorrect/);
    expect(bodiesOf(calls, agentCreateDownline.path)).toEqual([]);

    await userEvent.clear(account);
    await userEvent.type(account, 'player77');
    await userEvent.clear(password);
    await userEvent.type(password, 'Secret77');
    await userEvent.click(within(form).getByRole('radio', { name: 'Agent' }));
    await userEvent.click(submit);
    await waitFor(() => expect(account).toHaveAccessibleDescription(/This account already exists/));
    expect(bodiesOf(calls, agentCreateDownline.path)).toEqual([
      { kind: 'agent', account: 'player77', password: 'Secret77' },
    ]);
  });

  it('creates the account, says so and empties the form', async () => {
    const { panel, calls } = await openRegister({
      [agentCreateDownline.path]: () => ok(agentCreateDownline, { id: 55, account: 'player77', type: 3 }),
    });
    const form = within(panel).getByRole('form', { name: 'Create a downline account' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Account' }), 'Player77');
    await userEvent.type(within(form).getByLabelText('Password'), 'Secret77');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Nickname' }), 'Lucky');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'The Player account player77 was created in your team.',
    );
    expect(bodiesOf(calls, agentCreateDownline.path)[0]).toEqual({
      kind: 'member',
      account: 'Player77',
      password: 'Secret77',
      nickname: 'Lucky',
    });
    expect(within(form).getByRole('textbox', { name: 'Account' })).toHaveValue('');
  });
});

describe('register centre: invitation links', { timeout: 20_000 }, () => {
  it('shows my code and each link with its kind, address, registrations and a QR code', async () => {
    const { panel } = await openRegister({
      [agentInviteLinks.path]: () =>
        ok(
          agentInviteLinks,
          linksFixture([
            linkFixture(),
            linkFixture({
              id: 2,
              code: 'ZZ99YY88',
              kind: 'agent',
              url: 'http://localhost/?affiliateCode=ZZ99YY88',
              registrations: 0,
            }),
          ]),
        ),
    });
    const list = await within(panel).findByRole('list', { name: 'My invitation links' });
    expect(within(panel).getByText('AGT01XYZ')).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Link AB12CD34 for Player');
    expect(within(first!).getByText('http://localhost/?affiliateCode=AB12CD34')).toBeInTheDocument();
    expect(within(first!).getByText('4')).toBeInTheDocument();
    expect(second).toHaveAccessibleName('Link ZZ99YY88 for Agent');
    // The QR code is drawn from the link's address (a real matrix: many dark modules).
    const qr = await within(first!).findByRole('img', { name: 'QR code of the link AB12CD34' });
    expect(qr.querySelector('path')!.getAttribute('d')!.split('M').length).toBeGreaterThan(100);
  });

  it('copies the address with the keyboard and says it was copied', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { panel } = await openRegister();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const list = await within(panel).findByRole('list', { name: 'My invitation links' });
    within(list).getByRole('button', { name: 'Copy address' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('http://localhost/?affiliateCode=AB12CD34');
    expect(await within(list).findByText('Address copied.')).toBeInTheDocument();
  });

  it('makes a new link for agents and shows the limit refusal', async () => {
    let answer = () => ok(agentCreateInviteLink, linkFixture({ id: 3, kind: 'agent', code: 'NEW00001' }));
    // One path, three methods: GET lists, POST makes a link.
    const { panel, calls } = await openRegister({
      [agentCreateInviteLink.path]: (_url, init) =>
        init?.method === 'POST' ? answer() : ok(agentInviteLinks, linksFixture()),
    });
    await within(panel).findByRole('list', { name: 'My invitation links' });
    await userEvent.click(within(panel).getByRole('button', { name: 'New link for agents' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === agentCreateInviteLink.path && c.init?.method === 'POST')
          .map((c) => JSON.parse(String(c.init?.body)) as unknown),
      ).toEqual([{ kind: 'agent' }]),
    );
    answer = () => fail('CONFLICT', 'agent.errors.link_limit');
    await userEvent.click(within(panel).getByRole('button', { name: 'New link for players' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'You have reached the maximum number of invitation links. Retire one first.',
    );
  });

  it('has no new-link buttons to press when the limit is reached', async () => {
    const full = Array.from({ length: INVITE_LINKS_MAX }, (_, i) =>
      linkFixture({ id: i + 1, code: `CODE${String(i).padStart(4, '0')}` }),
    );
    const { panel } = await openRegister({
      [agentInviteLinks.path]: () => ok(agentInviteLinks, linksFixture(full)),
    });
    await within(panel).findByRole('list', { name: 'My invitation links' });
    expect(within(panel).getByRole('button', { name: 'New link for players' })).toBeDisabled();
    expect(within(panel).getByText(/You have 20 links, the most allowed/)).toBeInTheDocument();
  });

  it('retires a link only after confirmation', async () => {
    const { panel, calls } = await openRegister({
      [agentDeleteInviteLink.path]: (_url, init) =>
        init?.method === 'DELETE'
          ? ok(agentDeleteInviteLink, { id: 1 })
          : ok(agentInviteLinks, linksFixture()),
    });
    const list = await within(panel).findByRole('list', { name: 'My invitation links' });
    await userEvent.click(within(list).getByRole('button', { name: 'Retire link' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Retire this link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      calls.filter((c) => c.url.pathname === agentDeleteInviteLink.path && c.init?.method === 'DELETE'),
    ).toEqual([]);
    await userEvent.click(within(list).getByRole('button', { name: 'Retire link' }));
    const again = await within(document.body).findByRole('dialog', { name: 'Retire this link?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Retire link' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === agentDeleteInviteLink.path && c.init?.method === 'DELETE')
          .map((c) => c.url.searchParams.get('id')),
      ).toEqual(['1']),
    );
  });
});
