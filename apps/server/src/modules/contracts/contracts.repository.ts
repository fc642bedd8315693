import type {
  Contract,
  ContractKind,
  ContractStatus,
  ContractTier,
  DividendPeriod,
  Settlement,
} from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { dayStart, addDays } from './periods.ts';

/** SQL of the contracts (issue 8): rows as the contract's shapes, seen from one side. */

export interface ContractRecord {
  id: string;
  kind: ContractKind;
  period: DividendPeriod | null;
  tiers: ContractTier[] | string;
  status: ContractStatus;
  request: 'new' | 'terminate' | null;
  upline_id: string;
  upline_account: string;
  downline_id: string;
  downline_account: string;
  max_ratio: number;
  created_at: Date;
  accepted_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
  settled_until: Date | null;
}

export const CONTRACT_SELECT = `select c.id::text as id, c.kind, c.period, c.tiers, c.status, c.request,
    c.upline_id::text as upline_id, u.account as upline_account,
    c.downline_id::text as downline_id, d.account as downline_account, c.max_ratio,
    c.created_at, c.accepted_at, c.ended_at, c.end_reason, c.settled_until
  from agent_contracts c join members u on u.id = c.upline_id join members d on d.id = c.downline_id`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function contractOut(r: ContractRecord, viewerId: string): Contract {
  return {
    id: Number(r.id),
    kind: r.kind,
    period: r.period,
    tiers: typeof r.tiers === 'string' ? (JSON.parse(r.tiers) as ContractTier[]) : r.tiers,
    status: r.status,
    request: r.request,
    upline: { id: Number(r.upline_id), account: r.upline_account },
    downline: { id: Number(r.downline_id), account: r.downline_account },
    role: r.upline_id === String(viewerId) ? 'upline' : 'downline',
    createdAt: iso(r.created_at)!,
    acceptedAt: iso(r.accepted_at),
    endedAt: iso(r.ended_at),
    endReason: r.end_reason,
  };
}

export async function contractById(
  q: Queryable,
  id: string | number,
  lock = false,
): Promise<ContractRecord | null> {
  const [row] = await q.query<ContractRecord>(
    `${CONTRACT_SELECT} where c.id = $1 ${lock ? 'for update of c' : ''}`,
    [id],
  );
  return row ?? null;
}

/** Every contract the member is a party to, newest first, for the info call (a handful per kind). */
export async function partyContracts(q: Queryable, memberId: string): Promise<ContractRecord[]> {
  return q.query<ContractRecord>(
    `${CONTRACT_SELECT} where (c.upline_id = $1 or c.downline_id = $1) and c.status in ('pending', 'active')
      order by c.created_at desc, c.id desc`,
    [memberId],
  );
}

export interface ContractFilter {
  kind: ContractKind | null;
  role: 'upline' | 'downline' | null;
  status: ContractStatus | null;
}

export async function listContracts(
  q: Queryable,
  memberId: string,
  f: ContractFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ContractRecord[]; total: number }> {
  const where = `where (($2::text is null and (c.upline_id = $1 or c.downline_id = $1))
        or ($2 = 'upline' and c.upline_id = $1) or ($2 = 'downline' and c.downline_id = $1))
      and ($3::text is null or c.kind = $3) and ($4::text is null or c.status = $4)`;
  const params = [memberId, f.role, f.kind, f.status];
  const [rows, [count]] = await Promise.all([
    q.query<ContractRecord>(
      `${CONTRACT_SELECT} ${where} order by c.created_at desc, c.id desc limit $5 offset $6`,
      [...params, page.limit, page.offset],
    ),
    q.query<{ total: string }>(`select count(*)::text as total from agent_contracts c ${where}`, params),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

interface SettlementRecord {
  id: string;
  contract_id: string;
  kind: ContractKind;
  period_start: Date;
  period_end: Date;
  upline_id: string;
  upline: string;
  downline: string;
  bets: string;
  profit_loss: string;
  active_members: number;
  tier: number | null;
  ratio: number | null;
  amount: string;
  status: Settlement['status'];
  settled_at: Date;
  paid_at: Date | null;
}

/**
 * Settlement rows of one kind where the member is the upline or the downline (`role`), with
 * period_start in the zone days [from, to]; totals of the whole filter: received (paid or forced to
 * me) and paid (paid or forced by me).
 */
export async function listSettlements(
  q: Queryable,
  memberId: string,
  f: { kind: ContractKind; role: 'upline' | 'downline' | 'all'; from: string; to: string },
  page: { limit: number; offset: number },
) {
  const where = `where s.kind = $2
      and (($3 = 'all' and (s.upline_id = $1 or s.downline_id = $1))
        or ($3 = 'upline' and s.upline_id = $1) or ($3 = 'downline' and s.downline_id = $1))
      and s.period_start >= $4 and s.period_start < $5`;
  const params = [memberId, f.kind, f.role, dayStart(f.from), dayStart(addDays(f.to, 1))];
  const [rows, [sums]] = await Promise.all([
    q.query<SettlementRecord>(
      `select s.id::text as id, s.contract_id::text as contract_id, s.kind, s.period_start, s.period_end,
              s.upline_id::text as upline_id, u.account as upline, d.account as downline,
              s.bets::text as bets, s.profit_loss::text as profit_loss, s.active_members, s.tier, s.ratio,
              s.amount::text as amount, s.status, s.settled_at, s.paid_at
         from contract_settlements s join members u on u.id = s.upline_id join members d on d.id = s.downline_id
         ${where} order by s.period_start desc, s.id desc limit $6 offset $7`,
      [...params, page.limit, page.offset],
    ),
    q.query<{ total: string; received: string; paid: string }>(
      `select count(*)::text as total,
              coalesce(sum(s.amount) filter (where s.downline_id = $1 and s.status in ('paid', 'forced')), 0)::text as received,
              coalesce(sum(s.amount) filter (where s.upline_id = $1 and s.status in ('paid', 'forced')), 0)::text as paid
         from contract_settlements s ${where}`,
      params,
    ),
  ]);
  return {
    items: rows.map((r): Settlement => ({
      id: Number(r.id),
      contractId: Number(r.contract_id),
      kind: r.kind,
      periodStart: new Date(r.period_start).toISOString(),
      periodEnd: new Date(r.period_end).toISOString(),
      upline: r.upline,
      downline: r.downline,
      role: r.upline_id === String(memberId) ? 'upline' : 'downline',
      bets: Number(r.bets),
      profitLoss: Number(r.profit_loss),
      activeMembers: Number(r.active_members),
      tier: r.tier === null ? null : Number(r.tier),
      ratio: r.ratio === null ? null : Number(r.ratio),
      amount: Number(r.amount),
      status: r.status,
      settledAt: new Date(r.settled_at).toISOString(),
      paidAt: r.paid_at === null ? null : new Date(r.paid_at).toISOString(),
    })),
    total: Number(sums?.total ?? 0),
    totals: { received: Number(sums?.received ?? 0), paid: Number(sums?.paid ?? 0) },
  };
}
