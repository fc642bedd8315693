import {
  COMPLETE_LANGUAGES,
  POINTS_CATEGORIES,
  type ExchangeRecord,
  type Goods,
  type LocalizedText,
  type PointsCategory,
  type PointsDetail,
  type PointsRule,
} from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { addLedgerCheck } from '../ledger/ledger.ts';
import { MERCHANT_TIME_ZONE } from '../records/records.service.ts';

/** SQL of the point mall (issue 9). Every function takes a Queryable: the pool or a transaction. */

export interface Rule {
  betUnit: number;
  points: number;
}
export type RuleMap = Map<PointsCategory, Rule>;

export async function loadRules(q: Queryable, merchantId: number): Promise<RuleMap> {
  const rows = await q.query<{ category: PointsCategory; bet_unit: string; points: number }>(
    'select category, bet_unit::text as bet_unit, points from points_rules where merchant_id = $1',
    [merchantId],
  );
  return new Map(rows.map((r) => [r.category, { betUnit: Number(r.bet_unit), points: Number(r.points) }]));
}

/** Every category in spec order; a category without a row earns nothing. */
export function rulesOut(rules: RuleMap): PointsRule[] {
  return POINTS_CATEGORIES.map((category) => {
    const r = rules.get(category);
    return { category, betUnit: r?.betUnit ?? 0, points: r?.points ?? 0 };
  });
}

export async function setRule(
  q: Queryable,
  merchantId: number,
  category: PointsCategory,
  rule: Rule,
  at: Date,
): Promise<void> {
  await q.query(
    `insert into points_rules (merchant_id, category, bet_unit, points, updated_at) values ($1, $2, $3, $4, $5)
     on conflict (merchant_id, category) do update set bet_unit = excluded.bet_unit, points = excluded.points,
                                                       updated_at = excluded.updated_at`,
    [merchantId, category, rule.betUnit, rule.points, at],
  );
}

/** The member's points account, created with 0 when missing. */
export async function ensureAccount(q: Queryable, memberId: string, merchantId: number): Promise<void> {
  await q.query(
    'insert into points_accounts (member_id, merchant_id) values ($1, $2) on conflict (member_id) do nothing',
    [memberId, merchantId],
  );
}

export interface AccountRow {
  balance: number;
  pending: number;
  earned: number;
  spent: number;
}

/** The account (zeros when the member never had points); `lock` takes its row lock. */
export async function account(q: Queryable, memberId: string, lock = false): Promise<AccountRow> {
  const [row] = await q.query<{ balance: string; pending: string; earned: string; spent: string }>(
    `select balance::text as balance, pending::text as pending, earned::text as earned, spent::text as spent
       from points_accounts where member_id = $1${lock ? ' for update' : ''}`,
    [memberId],
  );
  return {
    balance: Number(row?.balance ?? 0),
    pending: Number(row?.pending ?? 0),
    earned: Number(row?.earned ?? 0),
    spent: Number(row?.spent ?? 0),
  };
}

// ───────────────────────────── goods ─────────────────────────────

export interface GoodsRow {
  id: number;
  kind: 'cash' | 'physical';
  code: string;
  name: Partial<LocalizedText>;
  description: Partial<LocalizedText>;
  points: string;
  amount: string | null;
  stock: number;
  per_member_limit: number | null;
  icon: string;
  active: boolean;
}

const GOODS_COLUMNS = `g.id, g.kind, g.code, g.name, g.description, g.points::text as points, g.amount::text as amount,
  g.stock, g.per_member_limit, g.icon, g.active`;

/** A text in every complete language: a missing one falls back to EN, then to any. */
export function localized(text: Partial<LocalizedText> | null | undefined): LocalizedText {
  const t = text ?? {};
  const any = t.EN ?? Object.values(t).find(Boolean) ?? '';
  return Object.fromEntries(COMPLETE_LANGUAGES.map((l) => [l, t[l] || t.EN || any])) as LocalizedText;
}

export const goodsImage = (id: number) => `/img/points/goods/${id}.svg`;

export function goodsOut(g: GoodsRow, myRemaining: number | null): Goods {
  return {
    id: g.id,
    kind: g.kind,
    name: localized(g.name),
    description: localized(g.description),
    image: goodsImage(g.id),
    points: Number(g.points),
    amount: g.amount === null ? null : Number(g.amount),
    stock: g.stock,
    perMemberLimit: g.per_member_limit,
    myRemaining,
  };
}

export async function listGoods(
  q: Queryable,
  merchantId: number,
  kind: 'cash' | 'physical' | null,
  page: { limit: number; offset: number },
): Promise<{ rows: GoodsRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    q.query<GoodsRow>(
      `select ${GOODS_COLUMNS} from points_goods g
        where g.merchant_id = $1 and g.active and ($2::text is null or g.kind = $2)
        order by g.points, g.sort, g.id limit $3 offset $4`,
      [merchantId, kind, page.limit, page.offset],
    ),
    q.query<{ n: string }>(
      `select count(*)::text as n from points_goods g
        where g.merchant_id = $1 and g.active and ($2::text is null or g.kind = $2)`,
      [merchantId, kind],
    ),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findGoods(
  q: Queryable,
  merchantId: number,
  id: number,
  o: { lock?: boolean; activeOnly?: boolean } = {},
): Promise<GoodsRow | null> {
  const [row] = await q.query<GoodsRow>(
    `select ${GOODS_COLUMNS} from points_goods g where g.merchant_id = $1 and g.id = $2
        ${o.activeOnly === false ? '' : 'and g.active'}${o.lock ? ' for update' : ''}`,
    [merchantId, id],
  );
  return row ?? null;
}

/** Items of each good the member has redeemed or is redeeming (rejected ones do not count). */
export async function redeemedCounts(
  q: Queryable,
  memberId: string,
  goodsIds: number[],
): Promise<Map<number, number>> {
  if (goodsIds.length === 0) return new Map();
  const rows = await q.query<{ goods_id: number; n: string }>(
    `select goods_id, sum(quantity)::text as n from points_redemptions
      where member_id = $1 and goods_id = any($2::int[]) and status <> 'rejected' group by goods_id`,
    [memberId, goodsIds],
  );
  return new Map(rows.map((r) => [r.goods_id, Number(r.n)]));
}

// ───────────────────────────── exchange records ─────────────────────────────

export interface RedemptionRow {
  id: string;
  member_id: string;
  merchant_id: number;
  type: 'cash' | 'physical' | 'convert';
  goods_id: number | null;
  item_name: Partial<LocalizedText> | null;
  quantity: number;
  points: string;
  amount: string | null;
  status: 'applying' | 'rejected' | 'approved';
  balance_after: string;
  bet_unit: string | null;
  points_ratio: string | null;
  address: string | null;
  remark: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export const REDEMPTION_COLUMNS = `r.id::text as id, r.member_id::text as member_id, r.merchant_id, r.type, r.goods_id,
  r.item_name, r.quantity, r.points::text as points, r.amount::text as amount, r.status,
  r.balance_after::text as balance_after, r.bet_unit::text as bet_unit, r.points_ratio::text as points_ratio,
  r.address, r.remark, r.created_at, r.decided_at`;

const zoneDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: MERCHANT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Spec §3 transaction number: PX, the application day (merchant's zone), the id on 6+ digits. */
export function transactionNo(id: string | number, at: Date): string {
  return `PX${zoneDay.format(at).replace(/-/g, '')}${String(id).padStart(6, '0')}`;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const numOrNull = (v: string | null) => (v === null ? null : Number(v));

export function recordOut(r: RedemptionRow): ExchangeRecord {
  const points = Number(r.points);
  return {
    id: Number(r.id),
    transactionNo: transactionNo(r.id, new Date(r.created_at)),
    appliedAt: iso(r.created_at),
    type: r.type,
    goodsId: r.goods_id,
    itemName: r.item_name ? localized(r.item_name) : null,
    quantity: r.quantity,
    points,
    amount: numOrNull(r.amount),
    status: r.status,
    pointsChange: -points,
    pointsBalance: Number(r.balance_after),
    remark: r.remark,
    address: r.address,
    betUnit: numOrNull(r.bet_unit),
    pointsRatio: numOrNull(r.points_ratio),
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
  };
}

export interface NewRedemption {
  merchantId: number;
  memberId: string;
  type: 'cash' | 'physical' | 'convert';
  goodsId: number | null;
  itemName: Partial<LocalizedText> | null;
  quantity: number;
  points: number;
  amount: number | null;
  status: 'applying' | 'approved';
  balanceAfter: number;
  betUnit: number | null;
  pointsRatio: number | null;
  address: string | null;
  at: Date;
}

export async function insertRedemption(q: Queryable, n: NewRedemption): Promise<RedemptionRow> {
  const [row] = await q.query<RedemptionRow>(
    `insert into points_redemptions as r (merchant_id, member_id, type, goods_id, item_name, quantity, points, amount,
                                     status, balance_after, bet_unit, points_ratio, address, created_at, decided_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, case when $9::text = 'approved' then $14::timestamptz end)
     returning ${REDEMPTION_COLUMNS}`,
    [
      n.merchantId,
      n.memberId,
      n.type,
      n.goodsId,
      n.itemName === null ? null : JSON.stringify(n.itemName),
      n.quantity,
      n.points,
      n.amount,
      n.status,
      n.balanceAfter,
      n.betUnit,
      n.pointsRatio,
      n.address,
      n.at,
    ],
  );
  return row!;
}

export async function findRedemption(q: Queryable, id: string, lock = false): Promise<RedemptionRow | null> {
  const [row] = await q.query<RedemptionRow>(
    `select ${REDEMPTION_COLUMNS} from points_redemptions r where r.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row ?? null;
}

export interface RecordFilter {
  status: string | null;
  type: string | null;
  from: string | null;
  to: string | null;
}

const dayFilter = (col: string, from: number, to: number) =>
  `($${from}::date is null or ${col} >= ($${from}::date)::timestamp at time zone '${MERCHANT_TIME_ZONE}')
   and ($${to}::date is null or ${col} < ($${to}::date + 1)::timestamp at time zone '${MERCHANT_TIME_ZONE}')`;

export async function listRedemptions(
  q: Queryable,
  memberId: string,
  f: RecordFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const where = `r.member_id = $1 and ($2::text is null or r.status = $2) and ($3::text is null or r.type = $3)
    and ${dayFilter('r.created_at', 4, 5)}`;
  const params = [memberId, f.status, f.type, f.from, f.to];
  const [rows, [count]] = await Promise.all([
    q.query<RedemptionRow>(
      `select ${REDEMPTION_COLUMNS} from points_redemptions r where ${where}
        order by r.created_at desc, r.id desc limit $6 offset $7`,
      [...params, page.limit, page.offset],
    ),
    q.query<{ n: string }>(`select count(*)::text as n from points_redemptions r where ${where}`, params),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

// ───────────────────────────── points details ─────────────────────────────

export interface NewEntry {
  memberId: string;
  category: PointsCategory;
  kind: 'earn' | 'redeem' | 'refund' | 'convert' | 'adjust';
  points: number;
  balanceAfter: number;
  redemptionId?: string | null;
  remark?: string | null;
  at: Date;
}

export async function insertEntry(q: Queryable, e: NewEntry): Promise<void> {
  await q.query(
    `insert into points_entries (member_id, category, kind, points, balance_after, redemption_id, remark, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      e.memberId,
      e.category,
      e.kind,
      e.points,
      e.balanceAfter,
      e.redemptionId ?? null,
      e.remark ?? null,
      e.at,
    ],
  );
}

interface EntryRow {
  id: string;
  category: PointsCategory;
  kind: PointsDetail['kind'];
  points: string;
  balance_after: string;
  base: string | null;
  source_count: number | null;
  bet_unit: string | null;
  points_ratio: string | null;
  redemption_id: string | null;
  redemption_at: Date | null;
  remark: string | null;
  created_at: Date;
}

export async function listEntries(
  q: Queryable,
  memberId: string,
  f: { category: string | null; from: string | null; to: string | null },
  page: { limit: number; offset: number },
): Promise<{ items: PointsDetail[]; total: number }> {
  const where = `e.member_id = $1 and ($2::text is null or e.category = $2) and ${dayFilter('e.created_at', 3, 4)}`;
  const params = [memberId, f.category, f.from, f.to];
  const [rows, [count]] = await Promise.all([
    q.query<EntryRow>(
      `select e.id::text as id, e.category, e.kind, e.points::text as points, e.balance_after::text as balance_after,
              e.base::text as base, e.source_count, e.bet_unit::text as bet_unit, e.points_ratio::text as points_ratio,
              e.redemption_id::text as redemption_id, r.created_at as redemption_at, e.remark, e.created_at
         from points_entries e left join points_redemptions r on r.id = e.redemption_id
        where ${where} order by e.created_at desc, e.id desc limit $5 offset $6`,
      [...params, page.limit, page.offset],
    ),
    q.query<{ n: string }>(`select count(*)::text as n from points_entries e where ${where}`, params),
  ]);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      category: r.category,
      kind: r.kind,
      points: Number(r.points),
      balance: Number(r.balance_after),
      base: numOrNull(r.base),
      count: r.source_count,
      betUnit: numOrNull(r.bet_unit),
      pointsRatio: numOrNull(r.points_ratio),
      transactionNo:
        r.redemption_id && r.redemption_at ? transactionNo(r.redemption_id, new Date(r.redemption_at)) : null,
      remark: r.remark,
      createdAt: iso(r.created_at),
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * The points invariants (`ops ledger check` runs them with the money ones): each account's balance
 * is the sum of its points details, what its open redemptions hold is its `pending`, and no
 * balance line is negative.
 */
export async function pointsLedgerProblems(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const drift = await q.query<{ member_id: string; balance: string; entries: string }>(
    `select a.member_id::text as member_id, a.balance::text as balance,
            coalesce((select sum(e.points) from points_entries e where e.member_id = a.member_id), 0)::text as entries
       from points_accounts a
      where a.balance <> coalesce((select sum(e.points) from points_entries e where e.member_id = a.member_id), 0)
      limit 20`,
  );
  for (const d of drift)
    problems.push(`points of member ${d.member_id}: balance ${d.balance} but details sum to ${d.entries}`);
  const held = await q.query<{ member_id: string; pending: string; open: string }>(
    `select a.member_id::text as member_id, a.pending::text as pending,
            coalesce((select sum(r.points) from points_redemptions r where r.member_id = a.member_id
                        and r.status = 'applying'), 0)::text as open
       from points_accounts a
      where a.pending <> coalesce((select sum(r.points) from points_redemptions r where r.member_id = a.member_id
                                     and r.status = 'applying'), 0)
      limit 20`,
  );
  for (const h of held)
    problems.push(
      `points of member ${h.member_id}: pending ${h.pending} but open redemptions hold ${h.open}`,
    );
  return problems;
}
addLedgerCheck(pointsLedgerProblems);
