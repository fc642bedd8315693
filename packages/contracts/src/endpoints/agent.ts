import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import {
  amountSchema,
  idempotencyKeySchema,
  minorSchema,
  pagedSchema,
  pageQuery,
  paymentPasswordSchema,
} from '../money.ts';
import { BET_VERTICALS, dayRange } from './records.ts';

/**
 * The agent centre (issue 8; spec §2 agent centre, §3 contract, §4 contract requests, §6 agents).
 *
 * Every endpoint here is `auth: 'agent'` (types 1, 2, 41, 42; others get 403). An id in a request
 * names a member of the caller's own subtree (downlines at any depth) or one of the caller's own
 * contracts, links or settlements; anything else (a foreign agent's member, a sibling's member, the
 * upline, the caller, an unknown id) is refused with ONE answer: 404 `agent.errors.not_in_team`
 * (contracts: `contracts.errors.not_found`), and the refusal is written to `agent_access_denials`.
 *
 * Days are yyyy-MM-dd in the merchant's time zone (Asia/Yangon for the demo), `to` inclusive; a
 * missing range is the last 7 days. Money is integer minor units. Ratios are basis points
 * (100 = 1%, 10 000 = 100%).
 *
 * Error keys (client catalogues `agent` and `contracts`): agent.errors.not_in_team,
 * agent.errors.account_exists, agent.errors.link_limit, agent.errors.self,
 * agent.errors.downline_frozen, agent.errors.too_many_recipients, contracts.errors.not_found,
 * contracts.errors.not_direct_downline, contracts.errors.not_agent, contracts.errors.already_pending,
 * contracts.errors.already_active, contracts.errors.ratio_above_own, contracts.errors.bad_tiers,
 * contracts.errors.not_pending, contracts.errors.not_active, contracts.errors.not_yours;
 * money.errors.* (insufficient_balance, payment_password_*, idempotency_conflict) as for wallets.
 */

const none = z.strictObject({});
const memberId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));
/** Basis points, 0 … 10 000. */
export const ratioSchema = z.number().check(z.int(), z.minimum(0), z.maximum(10_000));
/** An account search: letters and digits (the account rule), up to 64. */
const accountQuery = z.optional(
  z.string().check(z.maxLength(64), z.regex(/^[A-Za-z0-9]*$/, { error: 'errors.account_format' })),
);
/** A report page: up to 100 rows; `export: true` answers up to EXPORT_MAX rows of the filter (CSV). */
export const EXPORT_MAX = 5000;
const reportQuery = {
  ...dayRange,
  ...pageQuery,
  // Only 'true' (the CSV export); absent otherwise. Not z.stringbool() nor a pipe: the web
  // client's shared vendor chunk would carry their code to the home page (issue 8).
  export: z.optional(z.literal('true')),
};

// ───────────────────────────── team overview ─────────────────────────────

export const teamOverviewSchema = z.object({
  /** Downlines at any depth (not counting me). */
  teamSize: z.number(),
  directCount: z.number(),
  /** Registered within the range. */
  newMembers: z.number(),
  /** Placed at least one bet within the range. */
  activeMembers: z.number(),
  deposits: minorSchema,
  withdrawals: minorSchema,
  /** Stakes of settled and open bets within the range. */
  bets: minorSchema,
  payouts: minorSchema,
  /** The team's profit and loss as the players see it: payouts − stakes (negative: the team lost). */
  profitLoss: minorSchema,
  /** One point per day of the range, oldest first (the chart). */
  series: z.array(
    z.object({
      day: z.string(),
      bets: minorSchema,
      profitLoss: minorSchema,
      newMembers: z.number(),
      activeMembers: z.number(),
    }),
  ),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

export const agentTeamOverview = defineEndpoint({
  id: 'agentTeamOverview',
  method: 'GET',
  path: '/wps/agent/team/overview',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Team overview: size, new and active members, deposits, withdrawals, bets, P&L, a daily series',
  tags: ['agent'],
  request: z.strictObject({ ...dayRange }),
  response: teamOverviewSchema,
});

// ───────────────────────────── register centre ─────────────────────────────

/** What a new downline (created directly or through a link) becomes: a player (3) or an agent (2). */
export const DOWNLINE_KINDS = ['member', 'agent'] as const;
export type DownlineKind = (typeof DOWNLINE_KINDS)[number];

export const agentCreateDownline = defineEndpoint({
  id: 'agentCreateDownline',
  method: 'POST',
  path: '/wps/agent/downlines',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Register centre: create a downline account (player or agent) directly under me',
  tags: ['agent'],
  request: z.strictObject({
    kind: z.enum(DOWNLINE_KINDS),
    /** Letters and digits, 4–16 (stored lower-case). */
    account: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]{3,15}$/, { error: 'errors.account_format' })),
    /** Letters and digits, 6–20; never 123456 (weak passwords refused). */
    password: z
      .string()
      .check(z.regex(/^[A-Za-z0-9!@#$%^&*._-]{6,20}$/, { error: 'errors.password_format' })),
    nickname: z.optional(z.string().check(z.maxLength(32))),
  }),
  response: z.object({ id: z.number(), account: z.string(), type: z.number() }),
});

export const inviteLinkSchema = z.object({
  id: z.number(),
  /** The affiliate code (8 characters, unique in the merchant). */
  code: z.string(),
  kind: z.enum(DOWNLINE_KINDS),
  /** The registration address: `<origin>/?affiliateCode=<code>` (the register form opens prefilled). */
  url: z.string(),
  /** Accounts registered through this link. */
  registrations: z.number(),
  createdAt: z.string(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;
/** At most this many live links per agent. */
export const INVITE_LINKS_MAX = 20;

export const agentInviteLinks = defineEndpoint({
  id: 'agentInviteLinks',
  method: 'GET',
  path: '/wps/agent/links',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Register centre: my invitation links with their registration counts (newest first)',
  tags: ['agent'],
  request: none,
  response: z.object({ items: z.array(inviteLinkSchema), affiliateCode: z.nullable(z.string()) }),
});

export const agentCreateInviteLink = defineEndpoint({
  id: 'agentCreateInviteLink',
  method: 'POST',
  path: '/wps/agent/links',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Register centre: a new invitation link for players or agents',
  tags: ['agent'],
  request: z.strictObject({ kind: z.enum(DOWNLINE_KINDS) }),
  response: inviteLinkSchema,
});

export const agentDeleteInviteLink = defineEndpoint({
  id: 'agentDeleteInviteLink',
  method: 'DELETE',
  path: '/wps/agent/links',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Register centre: retire one of my links (its code stops working; counts stay)',
  tags: ['agent'],
  request: z.strictObject({ id: memberId }),
  response: z.object({ id: z.number() }),
});

// ───────────────────────────── downline management ─────────────────────────────

export const DOWNLINE_STATUSES = ['active', 'frozen'] as const;
export const downlineSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.nullable(z.string()),
  type: z.number(),
  /** 1 = my direct downline, 2 = theirs … */
  level: z.number(),
  /** The account of its upline (me for level 1). */
  upline: z.string(),
  status: z.enum(DOWNLINE_STATUSES),
  /** Main wallet balance. */
  balance: minorSchema,
  /** Contact fields, masked on the server: 09******78, d***@example.com; null when absent. */
  mobile: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** Its own direct downlines. */
  directCount: z.number(),
  createdAt: z.string(),
  lastLoginAt: z.nullable(z.string()),
});
export type Downline = z.infer<typeof downlineSchema>;

export const agentDownlines = defineEndpoint({
  id: 'agentDownlines',
  method: 'GET',
  path: '/wps/agent/downlines',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Downline management: my subtree, searchable by account, filtered by level and status',
  tags: ['agent'],
  request: z.strictObject({
    account: accountQuery,
    /** 'direct' (level 1 only) or 'all' (default). */
    level: z.optional(z.enum(['direct', 'all'])),
    status: z.optional(z.enum([...DOWNLINE_STATUSES, 'all'])),
    /** Only the direct downlines of this member (which must be in my subtree): drill-down. */
    parentId: z.optional(memberId),
    ...pageQuery,
  }),
  response: pagedSchema(downlineSchema),
});

export const agentDownlineStatus = defineEndpoint({
  id: 'agentDownlineStatus',
  method: 'PUT',
  path: '/wps/agent/downlines/status',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Downline management: freeze or unfreeze a member of my subtree (frozen: no sign-in)',
  tags: ['agent'],
  request: z.strictObject({ memberId, status: z.enum(DOWNLINE_STATUSES) }),
  response: z.object({ id: z.number(), status: z.enum(DOWNLINE_STATUSES) }),
});

export const agentTransferDownline = defineEndpoint({
  id: 'agentTransferDownline',
  method: 'POST',
  path: '/wps/agent/downlines/transfer',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Transfer from my main wallet to a member of my subtree (payment password, idempotent)',
  tags: ['agent'],
  request: z.strictObject({
    memberId,
    amount: amountSchema,
    paymentPassword: paymentPasswordSchema,
    key: idempotencyKeySchema,
  }),
  response: z.object({
    transferId: z.string(),
    amount: minorSchema,
    /** My main balance after the transfer. */
    balance: minorSchema,
    to: z.string(),
  }),
});

export const RED_ENVELOPE_MAX_RECIPIENTS = 50;
export const agentRedEnvelope = defineEndpoint({
  id: 'agentRedEnvelope',
  method: 'POST',
  path: '/wps/agent/downlines/red-envelope',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Red envelope: the same amount to each of several members of my subtree, all or nothing',
  tags: ['agent'],
  request: z.strictObject({
    memberIds: z.array(memberId).check(z.minLength(1), z.maxLength(RED_ENVELOPE_MAX_RECIPIENTS)),
    amountEach: amountSchema,
    paymentPassword: paymentPasswordSchema,
    key: idempotencyKeySchema,
    /** Shown to the recipients in their inbox (plain text). */
    message: z.optional(z.string().check(z.maxLength(140))),
  }),
  response: z.object({
    transferId: z.string(),
    total: minorSchema,
    recipients: z.number(),
    balance: minorSchema,
  }),
});

// ───────────────────────────── reports ─────────────────────────────

/** personalHistoryCopy in the agent centre: the team's bets. */
export const teamBetSchema = z.object({
  id: z.number(),
  account: z.string(),
  vertical: z.enum(BET_VERTICALS),
  gameName: z.nullable(z.string()),
  stake: minorSchema,
  payout: minorSchema,
  /** payout − stake (null while open). */
  winLoss: z.nullable(minorSchema),
  status: z.enum(['open', 'settled', 'rolled_back']),
  createdAt: z.string(),
});
export const agentTeamBets = defineEndpoint({
  id: 'agentTeamBets',
  method: 'GET',
  path: '/wps/agent/reports/bets',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: "Team betting: my subtree's bets (newest first) with totals of the filter",
  tags: ['agent'],
  request: z.strictObject({
    ...reportQuery,
    account: accountQuery,
    vertical: z.optional(z.enum([...BET_VERTICALS, 'all'])),
  }),
  response: z.object({
    ...pagedSchema(teamBetSchema).shape,
    totals: z.object({ stake: minorSchema, payout: minorSchema, winLoss: minorSchema, count: z.number() }),
  }),
});

/** palStatementsAgentCopy: profit and loss per member of the subtree. */
export const memberProfitSchema = z.object({
  memberId: z.number(),
  account: z.string(),
  level: z.number(),
  deposits: minorSchema,
  withdrawals: minorSchema,
  stake: minorSchema,
  payout: minorSchema,
  /** payout − stake (the player's side). */
  winLoss: minorSchema,
  bonus: minorSchema,
});
const profitTotals = z.object({
  deposits: minorSchema,
  withdrawals: minorSchema,
  stake: minorSchema,
  payout: minorSchema,
  winLoss: minorSchema,
  bonus: minorSchema,
});
export const agentProfitLoss = defineEndpoint({
  id: 'agentProfitLoss',
  method: 'GET',
  path: '/wps/agent/reports/profit-loss',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'User profit and loss: per member of my subtree with any activity in the range, with totals',
  tags: ['agent'],
  request: z.strictObject({ ...reportQuery, account: accountQuery }),
  response: z.object({ ...pagedSchema(memberProfitSchema).shape, totals: profitTotals }),
});

/** agentRevenueReport: my income (contract payouts received, transfers in) per day and kind. */
export const REVENUE_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type RevenueKind = (typeof REVENUE_KINDS)[number];
export const revenueRowSchema = z.object({
  day: z.string(),
  kind: z.enum(REVENUE_KINDS),
  /** Received from my upline (income). */
  income: minorSchema,
  /** Paid to my downlines (expense). */
  paid: minorSchema,
});
export const agentRevenue = defineEndpoint({
  id: 'agentRevenue',
  method: 'GET',
  path: '/wps/agent/reports/revenue',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'My income: contract payouts received and paid, per day and kind, with totals',
  tags: ['agent'],
  request: z.strictObject({ ...reportQuery }),
  response: z.object({
    ...pagedSchema(revenueRowSchema).shape,
    totals: z.object({ income: minorSchema, paid: minorSchema, net: minorSchema }),
  }),
});

/** agentDownlineTransactionDetailsCopy: ledger movements of my subtree's main wallets. */
export const teamTransactionSchema = z.object({
  id: z.number(),
  account: z.string(),
  /** A TRANSACTION_TYPES value as that member sees it. */
  type: z.string(),
  amount: minorSchema,
  balanceAfter: minorSchema,
  createdAt: z.string(),
});
export const agentTransactions = defineEndpoint({
  id: 'agentTransactions',
  method: 'GET',
  path: '/wps/agent/reports/transactions',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: "Transaction details: my subtree's main-wallet movements (newest first) with totals",
  tags: ['agent'],
  request: z.strictObject({
    ...reportQuery,
    account: accountQuery,
    type: z.optional(z.string().check(z.maxLength(32))),
  }),
  response: z.object({
    ...pagedSchema(teamTransactionSchema).shape,
    totals: z.object({ credits: minorSchema, debits: minorSchema }),
  }),
});

// ───────────────────────────── contracts ─────────────────────────────

/** Spec §3/§9: dividend, daily wage, hourly salary, real-time salary (every 5 minutes). */
export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
/** Dividend periods (spec §3). */
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];
/**
 * pending: offered, waiting for the downline; active; rejected; terminated.
 * A pending `request` is 'new' (an offer) or 'terminate' (the upline asks to end an active one).
 */
export const CONTRACT_STATUSES = ['pending', 'active', 'rejected', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_REQUESTS = ['new', 'terminate'] as const;
export const REALTIME_SALARY_MINUTES = 5;

/**
 * One tier: it applies when the team reaches every threshold given; the highest applying tier
 * (by ratio, then amount) pays.
 * - dividend: `ratio` of the team's house profit (stakes − payouts) of the period, when positive;
 *   thresholds minBets (period stakes), minProfitLoss (house profit), minActive (people who bet).
 * - daily: a fixed `amount` for a day with team volume ≥ minBets and ≥ minActive people; paid the
 *   next day.
 * - hourly, realtime: `ratio` of the team's volume of the hour / of the 5 minutes, ≥ minBets.
 */
export const contractTierSchema = z.strictObject({
  minBets: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1e15))),
  minProfitLoss: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1e15))),
  minActive: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
  ratio: z.optional(ratioSchema),
  amount: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1e12))),
});
export type ContractTier = z.infer<typeof contractTierSchema>;
export const CONTRACT_TIERS_MAX = 10;

export const contractSchema = z.object({
  id: z.number(),
  kind: z.enum(CONTRACT_KINDS),
  /** Dividend only. */
  period: z.nullable(z.enum(DIVIDEND_PERIODS)),
  tiers: z.array(contractTierSchema),
  status: z.enum(CONTRACT_STATUSES),
  /** The pending request, if any. */
  request: z.nullable(z.enum(CONTRACT_REQUESTS)),
  upline: z.object({ id: z.number(), account: z.string() }),
  downline: z.object({ id: z.number(), account: z.string() }),
  /** Which side the caller is on. */
  role: z.enum(['upline', 'downline']),
  createdAt: z.string(),
  acceptedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  /** Why it ended: rejected, terminated_by_downline, terminated_by_upline, superseded, ratio_above_upline. */
  endReason: z.nullable(z.string()),
});
export type Contract = z.infer<typeof contractSchema>;

const contractList = z.array(contractSchema);
/**
 * Spec §3 consolidated contract info, nine fields. `*req*` fields are the requests waiting for my
 * answer (offers and termination requests from my upline), by kind; `*info*` fields are my active
 * contracts with my upline, by kind; `contractmrdailysalinfotype` is the daily-wage contracts I
 * manage as the upline of my downlines.
 */
export const contractInfoSchema = z.object({
  dailysalreqtype: contractList,
  divtypereq: contractList,
  contracthoursalreq: contractList,
  realtimesalreqtype: contractList,
  contractmrdailysalinfotype: contractList,
  contracthoursalinfo: contractList,
  dailysalinfotype: contractList,
  realtimesalinfotype: contractList,
  divtypeinfo: contractList,
});
export type ContractInfo = z.infer<typeof contractInfoSchema>;

export const agentContractInfo = defineEndpoint({
  id: 'agentContractInfo',
  method: 'GET',
  path: '/wps/agent/contracts/info',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Consolidated contract info (spec §3): requests waiting for me and my active contracts',
  tags: ['contracts'],
  request: none,
  response: contractInfoSchema,
});

export const agentContracts = defineEndpoint({
  id: 'agentContracts',
  method: 'GET',
  path: '/wps/agent/contracts',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Contracts I am a party to (as upline or downline), newest first',
  tags: ['contracts'],
  request: z.strictObject({
    kind: z.optional(z.enum(CONTRACT_KINDS)),
    role: z.optional(z.enum(['upline', 'downline'])),
    status: z.optional(z.enum([...CONTRACT_STATUSES, 'all'])),
    ...pageQuery,
  }),
  response: pagedSchema(contractSchema),
});

export const agentContractOffer = defineEndpoint({
  id: 'agentContractOffer',
  method: 'POST',
  path: '/wps/agent/contracts',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'Offer a contract to a direct downline agent (a new-contract request)',
  tags: ['contracts'],
  request: z.strictObject({
    downlineId: memberId,
    kind: z.enum(CONTRACT_KINDS),
    period: z.optional(z.enum(DIVIDEND_PERIODS)),
    tiers: z.array(contractTierSchema).check(z.minLength(1), z.maxLength(CONTRACT_TIERS_MAX)),
  }),
  response: contractSchema,
});

export const agentContractTerminate = defineEndpoint({
  id: 'agentContractTerminate',
  method: 'POST',
  path: '/wps/agent/contracts/terminate',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary: 'The upline asks to end an active contract (a termination request), or withdraws an offer',
  tags: ['contracts'],
  request: z.strictObject({ contractId: memberId }),
  response: contractSchema,
});

/** The downline's answer: accept or reject a request, or terminate an active contract itself. */
export const CONTRACT_ACTIONS = ['accept', 'reject', 'terminate'] as const;
export const agentContractRespond = defineEndpoint({
  id: 'agentContractRespond',
  method: 'POST',
  path: '/wps/agent/contracts/respond',
  moduleId: MODULE_IDS.agent,
  auth: 'agent',
  summary:
    'The downline accepts or rejects a request, or terminates; accepting a lower ratio ends the higher ones below',
  tags: ['contracts'],
  request: z.strictObject({ contractId: memberId, action: z.enum(CONTRACT_ACTIONS) }),
  response: z.object({
    contract: contractSchema,
    /** Contracts of my own downlines ended automatically (their ratio was above my new one). */
    terminated: z.array(z.number()),
  }),
});

/** paid; unpaid (the upline's balance fell short: retried, a dividend freezes the upline); forced (paid after a freeze); nil (nothing due). */
export const SETTLEMENT_STATUSES = ['paid', 'unpaid', 'forced', 'nil'] as const;
export const settlementSchema = z.object({
  id: z.number(),
  contractId: z.number(),
  kind: z.enum(CONTRACT_KINDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  upline: z.string(),
  downline: z.string(),
  role: z.enum(['upline', 'downline']),
  bets: minorSchema,
  /** House profit of the team (stakes − payouts), dividend only. */
  profitLoss: minorSchema,
  activeMembers: z.number(),
  /** The tier that applied (its index) or null. */
  tier: z.nullable(z.number()),
  ratio: z.nullable(z.number()),
  amount: minorSchema,
  status: z.enum(SETTLEMENT_STATUSES),
  settledAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type Settlement = z.infer<typeof settlementSchema>;

const settlementQuery = z.strictObject({
  ...dayRange,
  role: z.optional(z.enum(['upline', 'downline', 'all'])),
  ...pageQuery,
});
const settlementPage = z.object({
  ...pagedSchema(settlementSchema).shape,
  totals: z.object({ received: minorSchema, paid: minorSchema }),
});
function settlementRelay<const Id extends string, const N extends string>(id: Id, name: N, what: string) {
  return defineEndpoint({
    id,
    method: 'GET',
    path: `/wps/relay/${name}` as const,
    moduleId: MODULE_IDS.agent,
    auth: 'agent',
    summary: `Relay ${name}: ${what} records where I am the upline or the downline`,
    tags: ['contracts'],
    request: settlementQuery,
    response: settlementPage,
  });
}
export const dividendRecords = settlementRelay('dividendRecords', 'ACS_dividendRecord', 'dividend');
export const dailySalaryRecords = settlementRelay(
  'dailySalaryRecords',
  'ACS_dailySalaryRecord',
  'daily wage',
);
export const hourSalaryRecords = settlementRelay(
  'hourSalaryRecords',
  'ACS_hourSalaryRecord',
  'hourly salary',
);
export const realtimeSalaryRecords = settlementRelay(
  'realtimeSalaryRecords',
  'ACS_realtimeSalaryRecord',
  'real-time salary',
);

export const agentEndpoints = {
  agentTeamOverview,
  agentCreateDownline,
  agentInviteLinks,
  agentCreateInviteLink,
  agentDeleteInviteLink,
  agentDownlines,
  agentDownlineStatus,
  agentTransferDownline,
  agentRedEnvelope,
  agentTeamBets,
  agentProfitLoss,
  agentRevenue,
  agentTransactions,
} satisfies Record<string, Endpoint>;

export const contractEndpoints = {
  agentContractInfo,
  agentContracts,
  agentContractOffer,
  agentContractTerminate,
  agentContractRespond,
  dividendRecords,
  dailySalaryRecords,
  hourSalaryRecords,
  realtimeSalaryRecords,
} satisfies Record<string, Endpoint>;
