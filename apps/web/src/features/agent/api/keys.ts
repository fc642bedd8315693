import type {
  RequestOf,
  agentDownlines,
  agentProfitLoss,
  agentRevenue,
  agentTeamBets,
  agentTeamOverview,
  agentTransactions,
} from '@app/contracts';

/**
 * Every agent-centre query key starts with 'agent': a money action (transfer, red envelope) or a
 * change in the team invalidates that one prefix.
 */
export const agentKeys = {
  all: ['agent'] as const,
  overview: (q: RequestOf<typeof agentTeamOverview>) => ['agent', 'overview', q] as const,
  links: ['agent', 'links'] as const,
  downlines: (q: RequestOf<typeof agentDownlines>) => ['agent', 'downlines', q] as const,
  bets: (q: RequestOf<typeof agentTeamBets>) => ['agent', 'bets', q] as const,
  profit: (q: RequestOf<typeof agentProfitLoss>) => ['agent', 'profit', q] as const,
  revenue: (q: RequestOf<typeof agentRevenue>) => ['agent', 'revenue', q] as const,
  transactions: (q: RequestOf<typeof agentTransactions>) => ['agent', 'transactions', q] as const,
  notices: (page: number) => ['agent', 'notices', page] as const,
};
