import type { RewardView } from '@app/contracts';

/**
 * Every rewards query key starts with 'rewards': a claim, an opened envelope or a live notice
 * (a reward given, a balance moved by a bet or a deposit) invalidates that one prefix.
 */
export const rewardKeys = {
  all: ['rewards'] as const,
  summary: ['rewards', 'summary'] as const,
  list: (view: RewardView, page: number) => ['rewards', 'list', view, page] as const,
  referral: ['rewards', 'referral'] as const,
  friends: (page: number) => ['rewards', 'friends', page] as const,
  missions: ['rewards', 'missions'] as const,
  leaderboard: ['rewards', 'leaderboard'] as const,
  envelopes: (page: number) => ['rewards', 'envelopes', page] as const,
};
