/** Test answers for the contract calls, each checked by the real contract schema (tests only). */
import {
  agentContractInfo,
  agentContracts,
  agentDownlines,
  contractSchema,
  dailySalaryRecords,
  downlineSchema,
  settlementSchema,
  type Contract,
  type ContractInfo,
  type Downline,
  type Settlement,
} from '@app/contracts';

export function contractFixture(overrides: Partial<Contract> = {}): Contract {
  return contractSchema.parse({
    id: 1,
    kind: 'daily',
    period: null,
    tiers: [{ minBets: 100_000, minActive: 3, amount: 5_000 }],
    status: 'pending',
    request: 'new',
    upline: { id: 10, account: 'agent01' },
    downline: { id: 20, account: 'sub01' },
    role: 'downline',
    createdAt: '2026-11-22T10:00:00.000Z',
    acceptedAt: null,
    endedAt: null,
    endReason: null,
    ...overrides,
  });
}

export function infoFixture(overrides: Partial<ContractInfo> = {}): ContractInfo {
  return agentContractInfo.response.parse({
    dailysalreqtype: [],
    divtypereq: [],
    contracthoursalreq: [],
    realtimesalreqtype: [],
    contractmrdailysalinfotype: [],
    contracthoursalinfo: [],
    dailysalinfotype: [],
    realtimesalinfotype: [],
    divtypeinfo: [],
    ...overrides,
  });
}

export function contractsPage(items: Contract[], total = items.length, page = 1) {
  return agentContracts.response.parse({ items, page, pageSize: 20, total });
}

export function downlineFixture(overrides: Partial<Downline> = {}): Downline {
  return downlineSchema.parse({
    id: 20,
    account: 'sub01',
    nickname: null,
    type: 2,
    level: 1,
    upline: 'agent01',
    status: 'active',
    balance: 0,
    mobile: null,
    email: null,
    directCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  });
}

export function downlinesPage(items: Downline[]) {
  return agentDownlines.response.parse({ items, page: 1, pageSize: 100, total: items.length });
}

export function settlementFixture(overrides: Partial<Settlement> = {}): Settlement {
  return settlementSchema.parse({
    id: 1,
    contractId: 1,
    kind: 'daily',
    periodStart: '2026-11-22',
    periodEnd: '2026-11-22',
    upline: 'agent01',
    downline: 'sub01',
    role: 'upline',
    bets: 250_000,
    profitLoss: 0,
    activeMembers: 4,
    tier: 0,
    ratio: null,
    amount: 5_000,
    status: 'paid',
    settledAt: '2026-11-23T00:05:00.000Z',
    paidAt: '2026-11-23T00:05:00.000Z',
    ...overrides,
  });
}

export function settlementsPage(
  items: Settlement[],
  totals = { received: 0, paid: 0 },
  extra: { total?: number; page?: number; pageSize?: number } = {},
) {
  return dailySalaryRecords.response.parse({
    items,
    page: extra.page ?? 1,
    pageSize: extra.pageSize ?? 20,
    total: extra.total ?? items.length,
    totals,
  });
}
