import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { referralFriends, referralInfo } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, type Handler } from '@/testing/fixtures';
import { useUiStore } from '@/lib/ui-store';
import { friendsFixture, openRewardPage, referralFixture } from '../testing';

const friends = friendsFixture([
  {
    account: 'fr***99',
    registeredAt: '2026-11-25T03:00:00.000Z',
    status: 'qualified',
    reward: 100_000,
    rewardStatus: 'claimable',
  },
  {
    account: 'fr***18',
    registeredAt: '2026-11-24T03:00:00.000Z',
    status: 'pending',
    reward: null,
    rewardStatus: null,
  },
  {
    account: 'fr***85',
    registeredAt: '2026-11-23T03:00:00.000Z',
    status: 'ineligible',
    reward: null,
    rewardStatus: null,
  },
]);

const openReferral = (handlers: Record<string, Handler> = {}) =>
  openRewardPage('referral', 'Invite friends', {
    [referralInfo.path]: () => ok(referralInfo, referralFixture()),
    [referralFriends.path]: () => ok(referralFriends, friends),
    ...handlers,
  });

describe('invite friends', { timeout: 20_000 }, () => {
  it('shows my code and link with a QR code, copies the link, and states the rule', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { panel } = await openReferral();
    expect(await within(panel).findByText('AB12CD34')).toBeInTheDocument();
    expect(within(panel).getByText('http://localhost/register?referralCode=AB12CD34')).toBeInTheDocument();
    expect(
      await within(panel).findByRole('img', { name: 'QR code of my invitation link' }),
    ).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/register?referralCode=AB12CD34');
    expect(await within(panel).findByText('Link copied.')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Share your link. When a friend who registers with it deposits at least MMK 1,000.00, you get MMK 1,000.00. Claim it in the reward centre within 30 days.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the invited friends with their state and reward, and leads to the reward centre', async () => {
    const { panel } = await openReferral();
    const table = await within(panel).findByRole('table', { name: 'Friends who registered with my link' });
    const [, q, p, i] = within(table).getAllByRole('row');
    expect(within(q!).getByText('fr***99')).toBeInTheDocument();
    expect(within(q!).getByText('Qualified')).toBeInTheDocument();
    expect(within(q!).getByText('MMK 1,000.00 · Ready to claim')).toBeInTheDocument();
    expect(within(p!).getByText('Waiting for a deposit')).toBeInTheDocument();
    expect(within(i!).getByText('Not eligible: your own network')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Go to the reward centre' }));
    await waitFor(() => expect(useUiStore.getState().panels.personal.page).toBe('rewardCenter'));
  });

  it('says when nobody registered yet and when there is no rule', async () => {
    const { panel } = await openReferral({
      [referralInfo.path]: () =>
        ok(referralInfo, referralFixture({ rule: null, invited: 0, qualified: 0, claimable: 0 })),
      [referralFriends.path]: () => ok(referralFriends, friendsFixture([])),
    });
    expect(
      await within(panel).findByText('No friends have registered with your link yet.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Invitations earn no reward at the moment.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Go to the reward centre' })).not.toBeInTheDocument();
  });

  it('offers a retry when the page cannot load', async () => {
    const { panel } = await openReferral({ [referralInfo.path]: () => fail('INTERNAL') });
    expect(await within(panel).findByRole('alert')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
