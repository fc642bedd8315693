import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { missionLeaderboard, missionList, rewardClaim, rewardSummary } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ok, type Handler } from '@/testing/fixtures';
import { bodiesOf, leaderboardFixture, missionFixture, openRewardPage, summaryFixture } from '../testing';

const missions = missionList.response.parse({
  items: [
    missionFixture(),
    missionFixture({
      id: 12,
      code: 'D_STAKE_5K',
      metric: 'bet_amount',
      target: 500_000,
      progress: 500_000,
      status: 'claimable',
      rewardId: 41,
      names: { MY: 'MY', EN: 'Bet MMK 5,000 today', CN: 'CN', TH: 'TH', VI: 'VI' },
    }),
    missionFixture({
      id: 13,
      code: 'W_LOTTERY_50K',
      period: 'weekly',
      metric: 'bet_amount',
      vertical: 'lottery',
      target: 5_000_000,
      progress: 700_000,
      reward: 300_000,
      points: 50,
      periodStart: '2026-11-22T17:30:00.000Z',
      periodEnd: '2026-11-29T17:30:00.000Z',
      names: { MY: 'MY', EN: 'Bet MMK 50,000 on lottery this week', CN: 'CN', TH: 'TH', VI: 'VI' },
    }),
  ],
});

const openMissions = (handlers: Record<string, Handler> = {}) =>
  openRewardPage('missionLeaderboard', 'Missions', {
    [missionList.path]: () => ok(missionList, missions),
    [missionLeaderboard.path]: () => ok(missionLeaderboard, leaderboardFixture()),
    [rewardSummary.path]: () => ok(rewardSummary, summaryFixture({ claimable: 1, missions: 1 })),
    ...handlers,
  });

describe('missions and leaderboard', { timeout: 20_000 }, () => {
  it("groups today's and this week's missions with their goal, progress and reward", async () => {
    const { panel } = await openMissions();
    const today = await within(panel).findByRole('list', { name: "Today's missions" });
    const [bets, stake] = within(today).getAllByRole('listitem');
    expect(within(bets!).getByText('Place 10 bets today')).toBeInTheDocument();
    expect(within(bets!).getByText('Bets to place: 10')).toBeInTheDocument();
    const bar = within(bets!).getByRole('progressbar', { name: 'Progress of Place 10 bets today' });
    expect(bar).toHaveAttribute('aria-valuenow', '4');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(within(bets!).getByText('In progress')).toBeInTheDocument();
    expect(within(bets!).getByText('Reward MMK 500.00')).toBeInTheDocument();
    expect(within(bets!).getByText('+10 points')).toBeInTheDocument();
    expect(within(stake!).getByText('5,000.00 / 5,000.00')).toBeInTheDocument();
    const week = within(panel).getByRole('list', { name: "This week's missions" });
    expect(within(week).getByText('Total to bet: MMK 50,000.00 · Lottery only')).toBeInTheDocument();
    expect(within(week).getByText('7,000.00 / 50,000.00')).toBeInTheDocument();
    // The menu's badge: one mission waiting (read out with the entry's name).
    expect(
      within(within(panel).getByRole('navigation')).getByRole('button', { name: 'Missions (1 waiting)' }),
    ).toBeInTheDocument();
  });

  it('claims a completed mission from its card', async () => {
    const { panel, calls } = await openMissions({
      [rewardClaim.path]: () =>
        ok(rewardClaim, {
          rewardId: 41,
          amount: 50_000,
          type: 'mission_reward',
          transferId: '9',
          balance: 1,
        }),
    });
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Claim the reward of Bet MMK 5,000 today' }),
    );
    expect(await within(panel).findByText('MMK 500.00 was added to your main wallet.')).toBeInTheDocument();
    expect(bodiesOf(calls, rewardClaim.path)[0]).toMatchObject({ rewardId: 41 });
  });

  it("shows the week's leaderboard with my row and rank, or how to join it", async () => {
    const { panel } = await openMissions();
    const table = await within(panel).findByRole('table', { name: 'Leaderboard' });
    const [, first, mine] = within(table).getAllByRole('row');
    expect(within(first!).getByText('pl***07')).toBeInTheDocument();
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(within(mine!).getByText('de***01 (you)')).toBeInTheDocument();
    expect(within(panel).getByText('Your rank this week: 2 with 20 points.')).toBeInTheDocument();
    expect(within(panel).getByText('2026-11-23 to 2026-11-29')).toBeInTheDocument();
  });

  it('says how to join an empty leaderboard', async () => {
    const { panel } = await openMissions({
      [missionLeaderboard.path]: () =>
        ok(missionLeaderboard, leaderboardFixture({ items: [], me: { rank: null, points: 0, missions: 0 } })),
    });
    expect(
      await within(panel).findByText('Complete a mission this week to join the leaderboard.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).getByText('No one has completed a mission this week yet.')).toBeInTheDocument(),
    );
  });
});
