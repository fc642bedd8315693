/** Test answers for the agent-centre calls, each checked by the real contract schema (tests only). */
import {
  agentDownlines,
  agentInviteLinks,
  agentProfitLoss,
  agentRevenue,
  agentTeamBets,
  agentTeamOverview,
  agentTransactions,
  downlineSchema,
  inviteLinkSchema,
  messageSchema,
  messages,
  walletBalance,
  type Downline,
  type InviteLink,
  type Message,
  type ResponseOf,
  type TeamOverview,
} from '@app/contracts';
import { openCentrePage } from '@/testing/centre';
import { loggedInHandlers, ok, type Handler } from '@/testing/fixtures';
import { balanceFixture } from '@/features/wallet/testing';

export { bodiesOf, queriesOf } from '@/testing/centre';

export function overviewFixture(overrides: Partial<TeamOverview> = {}): TeamOverview {
  return agentTeamOverview.response.parse({
    teamSize: 12,
    directCount: 3,
    newMembers: 2,
    activeMembers: 5,
    deposits: 1_500_000,
    withdrawals: 250_000,
    bets: 900_000,
    payouts: 750_050,
    profitLoss: -149_950,
    series: [
      { day: '2026-11-22', bets: 400_000, profitLoss: 50_000, newMembers: 1, activeMembers: 4 },
      { day: '2026-11-23', bets: 500_000, profitLoss: -199_950, newMembers: 1, activeMembers: 5 },
      { day: '2026-11-24', bets: 0, profitLoss: 0, newMembers: 0, activeMembers: 0 },
    ],
    ...overrides,
  });
}

export function linkFixture(overrides: Partial<InviteLink> = {}): InviteLink {
  return inviteLinkSchema.parse({
    id: 1,
    code: 'AB12CD34',
    kind: 'member',
    url: 'http://localhost/?affiliateCode=AB12CD34',
    registrations: 4,
    createdAt: '2026-11-20T03:00:00.000Z',
    ...overrides,
  });
}

export function linksFixture(
  items: InviteLink[] = [linkFixture()],
  affiliateCode: string | null = 'AGT01XYZ',
) {
  return agentInviteLinks.response.parse({ items, affiliateCode });
}

export function downlineFixture(overrides: Partial<Downline> = {}): Downline {
  return downlineSchema.parse({
    id: 20,
    account: 'agent02',
    nickname: 'Second',
    type: 2,
    level: 1,
    upline: 'agent01',
    status: 'active',
    balance: 125_000,
    mobile: '09******78',
    email: 'a***@example.com',
    directCount: 1,
    createdAt: '2026-11-01T03:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  });
}

export function downlinesFixture(items: Downline[], total = items.length, page = 1) {
  return agentDownlines.response.parse({ items, page, pageSize: 20, total });
}

export function teamBetsFixture(overrides: Partial<ResponseOf<typeof agentTeamBets>> = {}) {
  return agentTeamBets.response.parse({
    items: [
      {
        id: 501,
        account: 'player01',
        vertical: 'slots',
        gameName: 'Lucky Dragon',
        stake: 10_000,
        payout: 25_050,
        winLoss: 15_050,
        status: 'settled',
        createdAt: '2026-11-22T10:00:00.000Z',
      },
      {
        id: 502,
        account: 'agent02',
        vertical: 'lottery',
        gameName: null,
        stake: 50_000,
        payout: 0,
        winLoss: null,
        status: 'open',
        createdAt: '2026-11-22T09:00:00.000Z',
      },
    ],
    page: 1,
    pageSize: 20,
    total: 2,
    totals: { stake: 60_000, payout: 25_050, winLoss: -34_950, count: 2 },
    ...overrides,
  });
}

export function profitLossFixture(overrides: Partial<ResponseOf<typeof agentProfitLoss>> = {}) {
  return agentProfitLoss.response.parse({
    items: [
      {
        memberId: 30,
        account: 'player01',
        level: 1,
        deposits: 100_000,
        withdrawals: 20_000,
        stake: 60_000,
        payout: 25_050,
        winLoss: -34_950,
        bonus: 1_000,
      },
    ],
    page: 1,
    pageSize: 20,
    total: 1,
    totals: {
      deposits: 100_000,
      withdrawals: 20_000,
      stake: 60_000,
      payout: 25_050,
      winLoss: -34_950,
      bonus: 1_000,
    },
    ...overrides,
  });
}

export function revenueFixture(overrides: Partial<ResponseOf<typeof agentRevenue>> = {}) {
  return agentRevenue.response.parse({
    items: [
      { day: '2026-11-23', kind: 'daily', income: 5_000, paid: 2_000 },
      { day: '2026-11-22', kind: 'dividend', income: 0, paid: 7_500 },
    ],
    page: 1,
    pageSize: 20,
    total: 2,
    totals: { income: 5_000, paid: 9_500, net: -4_500 },
    ...overrides,
  });
}

export function transactionsFixture(overrides: Partial<ResponseOf<typeof agentTransactions>> = {}) {
  return agentTransactions.response.parse({
    items: [
      {
        id: 900,
        account: 'player01',
        type: 'agent_transfer_in',
        amount: 10_000,
        balanceAfter: 35_000,
        createdAt: '2026-11-23T05:00:00.000Z',
      },
      {
        id: 899,
        account: 'player01',
        type: 'bet',
        amount: -2_500,
        balanceAfter: 25_000,
        createdAt: '2026-11-23T04:00:00.000Z',
      },
    ],
    page: 1,
    pageSize: 20,
    total: 2,
    totals: { credits: 10_000, debits: 2_500 },
    ...overrides,
  });
}

export function messageFixture(overrides: Partial<Message> = {}): Message {
  return messageSchema.parse({
    id: 1,
    kind: 'contract_offered',
    title: null,
    body: null,
    params: { kind: 'daily', contractId: 7, account: 'agent01' },
    read: false,
    createdAt: '2026-11-23T05:00:00.000Z',
    ...overrides,
  });
}

export function inboxFixture(items: Message[], total = items.length, page = 1) {
  return messages.response.parse({
    items,
    page,
    pageSize: 100,
    total,
    unread: items.filter((m) => !m.read).length,
  });
}

/** Signs in as an agent (type 1), opens the agent centre on `page` and waits for its heading. */
export async function openAgentPage(page: string, heading: string, handlers: Record<string, Handler> = {}) {
  return openCentrePage('agent', page, heading, {
    ...loggedInHandlers({ type: 1, account: 'agent01', hasPaymentPassword: true }),
    [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    ...handlers,
  });
}
