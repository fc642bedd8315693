import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redEnvelopeList, redEnvelopeOpen, rewardClaim, rewardList, rewardSummary } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fail, ok, type Handler } from '@/testing/fixtures';
import {
  bodiesOf,
  queriesOf,
  envelopeFixture,
  envelopesFixture,
  missionReward,
  openRewardPage,
  referralReward,
  rewardFixture,
  rewardsFixture,
  summaryFixture,
} from '../testing';

const claimable = rewardsFixture([rewardFixture(), missionReward(), referralReward()]);
const history = rewardsFixture(
  [
    rewardFixture({ id: 9, status: 'claimed', claimedAt: '2026-11-24T05:00:00.000Z', title: 'Old gift' }),
    missionReward({ id: 8, status: 'expired', expiresAt: '2026-11-20T05:00:00.000Z' }),
  ],
  0,
);
const lists: Handler = (url) =>
  ok(rewardList, url.searchParams.get('view') === 'history' ? history : claimable);

const openCentre = (handlers: Record<string, Handler> = {}) =>
  openRewardPage('rewardCenter', 'Reward centre', {
    [rewardList.path]: lists,
    [rewardSummary.path]: () =>
      ok(rewardSummary, summaryFixture({ claimable: 3, missions: 1, envelopes: 1 })),
    ...handlers,
  });

describe('reward centre', { timeout: 20_000 }, () => {
  it('lists my claimable rewards by title, type and expiry with their total, and the menu badges', async () => {
    const { panel } = await openCentre();
    const list = await within(panel).findByRole('list', { name: 'Claimable rewards' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Lucky Friday, MMK 2,500.00',
      'Place 10 bets today, MMK 500.00',
      'Invitation reward: fr***99, MMK 1,000.00',
    ]);
    expect(within(items[0]!).getByText('Gift')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Claim by 2026-11-30 16:30:00')).toBeInTheDocument();
    expect(within(items[2]!).getByText('No expiry')).toBeInTheDocument();
    expect(within(panel).getByText('4,000.00')).toBeInTheDocument();
    // The menu counts what waits: 3 rewards + 1 envelope, and 1 mission.
    const menu = within(panel).getByRole('navigation');
    expect(within(menu).getByRole('button', { name: 'Reward centre (4 waiting)' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Missions (1 waiting)' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Invite friends' })).toBeInTheDocument();
    expect(within(panel).getByRole('tab', { name: 'Claimable 3' })).toHaveAttribute('aria-selected', 'true');
  });

  it('claims a reward with a fresh key per submit and says how much reached the wallet; a refusal in words', async () => {
    let answer = () => fail('CONFLICT', 'rewards.errors.already_claimed');
    const { panel, calls } = await openCentre({ [rewardClaim.path]: () => answer() });
    const list = await within(panel).findByRole('list', { name: 'Claimable rewards' });
    await userEvent.click(within(list).getByRole('button', { name: 'Claim Lucky Friday' }));
    expect(await within(panel).findByText('This reward has already been claimed.')).toBeInTheDocument();
    answer = () =>
      ok(rewardClaim, {
        rewardId: 1,
        amount: 250_000,
        type: 'reward_claim',
        transferId: '77',
        balance: 900_000,
      });
    await userEvent.click(within(list).getByRole('button', { name: 'Claim Lucky Friday' }));
    expect(await within(panel).findByText('MMK 2,500.00 was added to your main wallet.')).toBeInTheDocument();
    const [first, second] = bodiesOf(calls, rewardClaim.path);
    expect(first).toMatchObject({ rewardId: 1 });
    expect(first!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.key).not.toBe(second!.key);
    // The lists and the badge are asked again after a claim.
    await waitFor(() => expect(queriesOf(calls, rewardSummary.path).length).toBeGreaterThan(1));
  });

  it('shows the history with each reward’s state', async () => {
    const { panel } = await openCentre();
    await userEvent.click(within(panel).getByRole('tab', { name: 'History' }));
    const table = await within(panel).findByRole('table', { name: 'Reward history' });
    const [, claimed, expired] = within(table).getAllByRole('row');
    expect(within(claimed!).getByText('Old gift')).toBeInTheDocument();
    expect(within(claimed!).getByText('Claimed')).toBeInTheDocument();
    expect(within(expired!).getByText('Place 10 bets today')).toBeInTheDocument();
    expect(within(expired!).getByText('Expired')).toBeInTheDocument();
  });

  it('says when there is nothing to claim', async () => {
    const { panel } = await openCentre({ [rewardList.path]: () => ok(rewardList, rewardsFixture([])) });
    expect(
      await within(panel).findByText(
        'Nothing to claim right now. Complete missions and invite friends to earn rewards.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('navigation')).toBeInTheDocument();
  });

  it('opens a red envelope: the amount appears in a dialog and the envelope shows it afterwards', async () => {
    let opened = false;
    const { panel, calls } = await openCentre({
      [redEnvelopeList.path]: () =>
        ok(
          redEnvelopeList,
          envelopesFixture([
            opened
              ? envelopeFixture({ openedAt: '2026-11-25T04:00:00.000Z', amount: 8_888 })
              : envelopeFixture(),
            envelopeFixture({ id: 6, message: null, openedAt: '2026-11-24T04:00:00.000Z', amount: 20_000 }),
          ]),
        ),
      [redEnvelopeOpen.path]: () => {
        opened = true;
        return ok(redEnvelopeOpen, {
          ...envelopeFixture(),
          openedAt: '2026-11-25T04:00:00.000Z',
          amount: 8_888,
        });
      },
    });
    await userEvent.click(within(panel).getByRole('tab', { name: 'Red envelopes 1' }));
    const list = await within(panel).findByRole('list', { name: 'Red envelopes I received' });
    expect(within(list).getByText('MMK 200.00')).toBeInTheDocument();
    expect(within(list).queryByText('MMK 88.88')).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Open the red envelope from agent01' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Red envelope' });
    expect(within(dialog).getByText('agent01 sent you')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('MMK 88.88');
    expect(within(dialog).getByText('Message: Good luck')).toBeInTheDocument();
    expect(bodiesOf(calls, redEnvelopeOpen.path)).toEqual([{ id: 7 }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await within(list).findByText('MMK 88.88')).toBeInTheDocument();
  });

  it('says when an envelope cannot be opened', async () => {
    const { panel } = await openCentre({
      [redEnvelopeList.path]: () => ok(redEnvelopeList, envelopesFixture([envelopeFixture()])),
      [redEnvelopeOpen.path]: () => fail('NOT_FOUND', 'rewards.errors.not_found'),
    });
    await userEvent.click(within(panel).getByRole('tab', { name: /Red envelopes/ }));
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Open the red envelope from agent01' }),
    );
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'This reward or envelope was not found.',
    );
  });
});
