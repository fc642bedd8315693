import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Flags } from '@app/contracts';
import { loadChunk } from '@/lib/chunk';
import { loadAccountCatalogue, loadCatalogues } from '@/lib/i18n';
import { hasUpline, type CentreMember } from './member';

export interface CentrePageProps {
  page: string;
  labelKey: string;
}

/** What a menu entry's badge is given: the entry's page. */
export interface CentreBadgeProps {
  page: string;
}

/** One entry drives the menu, the page switch and the gate (CONVENTIONS habit 8, outline model). */
export interface CentreEntry<P extends string = string> {
  page: P;
  labelKey: string;
  component: LazyExoticComponent<ComponentType<CentrePageProps>>;
  enabled: (flags: Flags, member: CentreMember | null) => boolean;
  /**
   * A count beside the entry's name (issue 9: missions waiting to be claimed), its own lazy chunk;
   * it renders nothing when there is nothing to count. Any menu entry may have one.
   */
  badge?: LazyExoticComponent<ComponentType<CentreBadgeProps>>;
}

const securityCentre = lazy(() =>
  Promise.all([
    loadChunk(() => import('@/features/security/components/security-centre')),
    loadAccountCatalogue(),
    // Issue 9: the Zalo bonus hint of the profile (the content texts).
    loadChunk(() => import('@/features/content/catalogues')).then((m) => m.loadContentCatalogues()),
  ]).then(([mod]) => mod),
);
// The wallet pages (issue 4) with the shared money texts and their own.
const walletPage = (importer: () => Promise<{ default: ComponentType<CentrePageProps> }>) =>
  lazy(() => Promise.all([loadChunk(importer), loadCatalogues('money', 'wallet')]).then(([mod]) => mod));
const transferFund = walletPage(() => import('@/features/wallet/components/transfer-fund'));
const transferUpline = walletPage(() => import('@/features/wallet/components/transfer-upline'));
// The cashier pages (issue 4) with the shared money texts and their own.
const cashierPage = (importer: () => Promise<{ default: ComponentType<CentrePageProps> }>) =>
  lazy(() => Promise.all([loadChunk(importer), loadCatalogues('money', 'cashier')]).then(([mod]) => mod));
const depositPage = cashierPage(() => import('@/features/cashier/components/deposit-page'));
const withdrawPage = cashierPage(() => import('@/features/cashier/components/withdraw-page'));
// The records and inbox pages (issue 4) with the shared money texts and the records texts.
const recordsPage = (importer: () => Promise<{ default: ComponentType<CentrePageProps> }>) =>
  lazy(() => Promise.all([loadChunk(importer), loadCatalogues('money', 'records')]).then(([mod]) => mod));
const transactionHistory = recordsPage(() => import('@/features/records/components/transaction-history'));
const bonusDetails = recordsPage(() => import('@/features/records/components/bonus-details'));
const personalProfit = recordsPage(() => import('@/features/records/components/personal-profit'));
const messageCentre = recordsPage(() => import('@/features/messages/components/message-centre'));
// The betting record (issue 5) with the shared money texts and the bets texts.
const betHistory = lazy(() =>
  Promise.all([
    loadChunk(() => import('@/features/bet-records/components/bet-history')),
    loadCatalogues('money', 'bets', 'baccarat', 'sports', 'fish', 'pvp', 'lottery'),
  ]).then(([mod]) => mod),
);
// The agent centre (issue 8) with the shared money texts and the agent texts; the contract pages
// with the contract texts too.
const agentTexts = (contracts: boolean) =>
  loadChunk(() => import('@/features/agent/catalogues')).then((m) => m.loadAgentCatalogues(contracts));
const agentPage = (importer: () => Promise<{ default: ComponentType<CentrePageProps> }>, contracts = false) =>
  lazy(() => Promise.all([loadChunk(importer), agentTexts(contracts)]).then(([mod]) => mod));
const contractsPage = (importer: () => Promise<{ default: ComponentType<CentrePageProps> }>) =>
  agentPage(importer, true);
const agentAnnouncement = agentPage(() => import('@/features/agent/components/agent-announcement'));
const teamOverview = agentPage(() => import('@/features/agent/components/team-overview'));
const registerCentre = agentPage(() => import('@/features/agent/components/register-centre'));
const downlineManagement = agentPage(() => import('@/features/agent/components/downline-management'));
const teamBets = agentPage(() => import('@/features/agent/components/team-bets'));
const profitLoss = agentPage(() => import('@/features/agent/components/profit-loss'));
const revenueReport = agentPage(() => import('@/features/agent/components/revenue-report'));
const teamTransactions = agentPage(() => import('@/features/agent/components/team-transactions'));
const dividendPage = contractsPage(() => import('@/features/contracts/components/dividend-page'));
const dailyWagesPage = contractsPage(() => import('@/features/contracts/components/daily-wages-page'));
const hourSalaryPage = contractsPage(() => import('@/features/contracts/components/hour-salary-page'));
// The reward centre, invite friends and missions (issue 9) with the money, records and reward
// texts; the menu's count badges with the reward texts.
const rewardTexts = () =>
  loadChunk(() => import('@/features/rewards/catalogues')).then((m) => m.loadRewardCatalogues());
const rewardsPage = (importer: () => Promise<{ default: ComponentType<CentrePageProps> }>) =>
  lazy(() => Promise.all([loadChunk(importer), rewardTexts()]).then(([mod]) => mod));
const rewardCenter = rewardsPage(() => import('@/features/rewards/components/reward-center'));
const referralPage = rewardsPage(() => import('@/features/rewards/components/referral-page'));
const missionsPage = rewardsPage(() => import('@/features/rewards/components/mission-leaderboard'));
const rewardBadge = lazy(() =>
  Promise.all([loadChunk(() => import('@/features/rewards/components/centre-badge')), rewardTexts()]).then(
    ([mod]) => mod,
  ),
);
// Responsible gaming (issue 10) with the money texts and the protection texts.
const protectionPage = lazy(() =>
  Promise.all([
    loadChunk(() => import('@/features/protection/components/protection-page')),
    loadChunk(() => import('@/features/protection/catalogues')).then((m) => m.loadProtectionCatalogues(true)),
  ]).then(([mod]) => mod),
);
const always = () => true;

export const PERSONAL_CENTRE_PAGES = [
  {
    page: 'securityCenter',
    labelKey: 'centre.personal.securityCenter',
    component: securityCentre,
    enabled: always,
  },
  {
    page: 'transferFund',
    labelKey: 'centre.personal.transferFund',
    component: transferFund,
    enabled: always,
  },
  { page: 'depositv2', labelKey: 'centre.personal.depositv2', component: depositPage, enabled: always },
  { page: 'withdraw', labelKey: 'centre.personal.withdraw', component: withdrawPage, enabled: always },
  {
    page: 'transferUpline',
    labelKey: 'centre.personal.transferUpline',
    component: transferUpline,
    // Issue 4: members and agents that have an upline (spec §3 toUpline).
    enabled: (_f, member) => hasUpline(member),
  },
  {
    page: 'personalHistoryCopy',
    labelKey: 'centre.personal.personalHistoryCopy',
    component: betHistory,
    enabled: always,
  },
  {
    page: 'transactionHistory',
    labelKey: 'centre.personal.transactionHistory',
    component: transactionHistory,
    enabled: always,
  },
  {
    page: 'personalProfit',
    labelKey: 'centre.personal.personalProfit',
    component: personalProfit,
    enabled: always,
  },
  {
    page: 'bonusDetails',
    labelKey: 'centre.personal.bonusDetails',
    component: bonusDetails,
    enabled: always,
  },
  {
    page: 'rewardCenter',
    labelKey: 'centre.personal.rewardCenter',
    component: rewardCenter,
    enabled: always,
    badge: rewardBadge,
  },
  { page: 'referral', labelKey: 'centre.personal.referral', component: referralPage, enabled: always },
  {
    page: 'missionLeaderboard',
    labelKey: 'centre.personal.missionLeaderboard',
    component: missionsPage,
    enabled: always,
    // Spec §2: "shows a count badge when missions are available".
    badge: rewardBadge,
  },
  {
    page: 'messageV2',
    labelKey: 'centre.personal.messageV2',
    component: messageCentre,
    enabled: always,
  },
  {
    page: 'protection',
    labelKey: 'centre.personal.protection',
    component: protectionPage,
    enabled: always,
  },
] as const satisfies readonly CentreEntry[];

export const AGENT_CENTRE_PAGES = [
  {
    page: 'agentAnnouncement',
    labelKey: 'centre.agent.agentAnnouncement',
    component: agentAnnouncement,
    enabled: always,
  },
  {
    page: 'agentTeamOverview',
    labelKey: 'centre.agent.agentTeamOverview',
    component: teamOverview,
    enabled: always,
  },
  {
    page: 'registerCenter',
    labelKey: 'centre.agent.registerCenter',
    component: registerCentre,
    enabled: always,
  },
  {
    page: 'downlineManagmentView',
    labelKey: 'centre.agent.downlineManagmentView',
    component: downlineManagement,
    enabled: always,
  },
  {
    page: 'personalHistoryCopy',
    labelKey: 'centre.agent.personalHistoryCopy',
    component: teamBets,
    enabled: always,
  },
  {
    page: 'palStatementsAgentCopy',
    labelKey: 'centre.agent.palStatementsAgentCopy',
    component: profitLoss,
    enabled: always,
  },
  {
    page: 'agentRevenueReport',
    labelKey: 'centre.agent.agentRevenueReport',
    component: revenueReport,
    enabled: always,
  },
  {
    page: 'agentDownlineTransactionDetailsCopy',
    labelKey: 'centre.agent.agentDownlineTransactionDetailsCopy',
    component: teamTransactions,
    enabled: always,
  },
  {
    page: 'agentDividendRecordCopy2',
    labelKey: 'centre.agent.agentDividendRecordCopy2',
    component: dividendPage,
    enabled: (f) => f.enableCt,
  },
  {
    page: 'agentDailyWages2',
    labelKey: 'centre.agent.agentDailyWages2',
    component: dailyWagesPage,
    enabled: (f) => f.salary,
  },
  {
    page: 'agentHourSalary',
    labelKey: 'centre.agent.agentHourSalary',
    component: hourSalaryPage,
    enabled: (f) => f.hourSalary,
  },
] as const satisfies readonly CentreEntry[];

export type PersonalCentrePage = (typeof PERSONAL_CENTRE_PAGES)[number]['page'];
export type AgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number]['page'];

/** Spec §2: the agent centre opens on the team overview. */
export const AGENT_CENTRE_DEFAULT_PAGE: AgentCentrePage = 'agentTeamOverview';
export const PERSONAL_CENTRE_DEFAULT_PAGE: PersonalCentrePage = 'securityCenter';

export function enabledPages<E extends CentreEntry>(
  entries: readonly E[],
  f: Flags,
  member: CentreMember | null,
): E[] {
  return entries.filter((e) => e.enabled(f, member));
}

/** The page to show: the requested one when enabled, else the default, else the first enabled. */
export function resolvePage<E extends CentreEntry>(
  enabled: readonly E[],
  requested: string | null,
  fallback: string,
): E | undefined {
  return enabled.find((e) => e.page === requested) ?? enabled.find((e) => e.page === fallback) ?? enabled[0];
}
