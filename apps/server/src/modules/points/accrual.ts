import type { PointsCategory } from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import { startIntervalJob, type JobLog } from '../../lib/interval-job.ts';
import { ensureAccount, loadRules, type RuleMap } from './points.repository.ts';

/**
 * Points accrual (issue 9): points come from settled bets (bet_records, every vertical, the
 * lottery's too) and succeeded deposits, read past a cursor — never by hooking into the games or
 * the cashier. Each source row is counted once: its points_accruals row is inserted first (on
 * conflict nothing), and only the rows this transaction inserted are counted, so a pass run twice,
 * two instances, or the job and a page's own accrual at once never count a bet twice.
 *
 * The cursor is the latest settled_at read; each pass re-reads OVERLAP before it, because a row is
 * stamped when its transaction runs but seen when it commits (a bet settled at 12:00:00.100 may
 * commit after one settled at 12:00:00.200 was read). Rows already counted are skipped by the
 * anti-join on points_accruals.
 */

export const ACCRUAL_OVERLAP_MS = 10 * 60_000;
/** Sources counted in one transaction. */
export const ACCRUAL_BATCH = 500;
/** Batches in one pass at most (a long backlog is worked off over several passes). */
const PASS_BATCHES = 40;
/** The job runs this often. */
export const ACCRUAL_EVERY_MS = 15_000;

/** Spec §3 categories of the betting record's verticals (fish counts as slots, esports as sports). */
export const VERTICAL_CATEGORY: Record<string, PointsCategory> = {
  lottery: 'lottery',
  slots: 'slots',
  fish: 'slots',
  live: 'live',
  sports: 'sports',
  esports: 'sports',
  card: 'card',
};

const LOCK = `hashtext('points-accrual:' || current_schema())`;

type SourceKind = 'bet' | 'deposit';
interface SourceRow {
  id: string;
  member_id: string;
  merchant_id: number;
  vertical: string | null;
  base: string;
  settled_at: Date;
}

export interface AccrualResult {
  /** Another instance (or a member's accrual) held the lock: nothing done. */
  skipped: boolean;
  /** Source rows counted (bets and deposits). */
  sources: number;
  /** Points awarded. */
  points: number;
  /** Members who got points. */
  members: number;
}

/** Sources of one kind not counted yet, oldest first: after `since`, all members or one. */
async function pending(
  q: Queryable,
  kind: SourceKind,
  since: Date | null,
  memberId: string | null,
  limit: number,
): Promise<SourceRow[]> {
  // Trial accounts (type 4) play with no real money: they earn nothing.
  if (kind === 'bet') {
    return q.query<SourceRow>(
      `select b.id::text as id, b.member_id::text as member_id, m.merchant_id, b.vertical, b.stake::text as base,
              b.settled_at
         from bet_records b join members m on m.id = b.member_id
        where b.status = 'settled' and m.type <> 4
          and ($1::timestamptz is null or b.settled_at >= $1)
          and ($2::bigint is null or b.member_id = $2)
          and not exists (select 1 from points_accruals a where a.source_kind = 'bet' and a.source_id = b.id)
        order by b.settled_at, b.id limit $3`,
      [since, memberId, limit],
    );
  }
  return q.query<SourceRow>(
    `select d.id::text as id, d.member_id::text as member_id, d.merchant_id, null as vertical,
            coalesce(d.credited, d.amount)::text as base, d.settled_at
       from deposits d join members m on m.id = d.member_id
      where d.status = 'succeeded' and d.settled_at is not null and m.type <> 4
        and ($1::timestamptz is null or d.settled_at >= $1)
        and ($2::bigint is null or d.member_id = $2)
        and not exists (select 1 from points_accruals a where a.source_kind = 'deposit' and a.source_id = d.id)
      order by d.settled_at, d.id limit $3`,
    [since, memberId, limit],
  );
}

async function cursorOf(q: Queryable, kind: SourceKind): Promise<Date | null> {
  const [row] = await q.query<{ settled_at: Date }>(
    'select settled_at from points_cursors where source_kind = $1',
    [kind],
  );
  return row ? new Date(row.settled_at) : null;
}

const categoryOf = (kind: SourceKind, r: SourceRow): PointsCategory | null =>
  kind === 'deposit' ? 'deposit' : (VERTICAL_CATEGORY[r.vertical ?? ''] ?? null);

/**
 * Counts `rows` in transaction `tx`: claims each row (points_accruals), then per member and
 * category adds the base to the carry, awards whole steps of the rule and writes one line of the
 * points details. Returns the points awarded and the members who got some.
 */
async function award(
  tx: Queryable,
  kind: SourceKind,
  rows: SourceRow[],
  rules: Map<number, RuleMap>,
  at: Date,
): Promise<{ sources: number; points: number; members: Set<string> }> {
  const counted = rows
    .map((r) => ({ r, category: categoryOf(kind, r) }))
    .filter((x): x is { r: SourceRow; category: PointsCategory } => x.category !== null);
  const out = { sources: 0, points: 0, members: new Set<string>() };
  if (counted.length === 0) return out;
  const claimed = await tx.query<{ source_id: string }>(
    `insert into points_accruals (source_kind, source_id, member_id, category, base, created_at)
     select $1, x.id, x.member_id, x.category, x.base, $6
       from unnest($2::bigint[], $3::bigint[], $4::text[], $5::bigint[]) as x(id, member_id, category, base)
      order by x.id
     on conflict do nothing returning source_id::text as source_id`,
    [
      kind,
      counted.map((x) => x.r.id),
      counted.map((x) => x.r.member_id),
      counted.map((x) => x.category),
      counted.map((x) => x.r.base),
      at,
    ],
  );
  const mine = new Set(claimed.map((c) => c.source_id));
  out.sources = mine.size;
  // Per member and category (members in id order: the same lock order in every transaction).
  const groups = new Map<
    string,
    { memberId: string; merchantId: number; category: PointsCategory; base: number; count: number }
  >();
  for (const { r, category } of counted) {
    if (!mine.has(r.id)) continue;
    const key = `${r.member_id}:${category}`;
    const g = groups.get(key) ?? {
      memberId: r.member_id,
      merchantId: r.merchant_id,
      category,
      base: 0,
      count: 0,
    };
    g.base += Number(r.base);
    g.count += 1;
    groups.set(key, g);
  }
  const ordered = [...groups.values()].sort(
    (a, b) => Number(a.memberId) - Number(b.memberId) || a.category.localeCompare(b.category),
  );
  for (const g of ordered) {
    let ruleMap = rules.get(g.merchantId);
    if (!ruleMap) {
      ruleMap = await loadRules(tx, g.merchantId);
      rules.set(g.merchantId, ruleMap);
    }
    const rule = ruleMap.get(g.category);
    // A category earning nothing (no rule, or 0 points): its turnover is not carried either.
    if (!rule || rule.points <= 0) continue;
    await tx.query(
      'insert into points_carry (member_id, category, carry) values ($1, $2, 0) on conflict do nothing',
      [g.memberId, g.category],
    );
    const [c] = await tx.query<{ carry: string }>(
      'select carry from points_carry where member_id = $1 and category = $2 for update',
      [g.memberId, g.category],
    );
    const total = Number(c?.carry ?? 0) + g.base;
    const steps = Math.floor(total / rule.betUnit);
    const carry = total - steps * rule.betUnit;
    await tx.query('update points_carry set carry = $3 where member_id = $1 and category = $2', [
      g.memberId,
      g.category,
      carry,
    ]);
    const points = steps * rule.points;
    if (points <= 0) continue;
    await ensureAccount(tx, g.memberId, g.merchantId);
    const [acc] = await tx.query<{ balance: string }>(
      `update points_accounts set balance = balance + $2, earned = earned + $2, updated_at = $3
        where member_id = $1 returning balance::text as balance`,
      [g.memberId, points, at],
    );
    await tx.query(
      `insert into points_entries (member_id, category, kind, points, balance_after, base, source_count, bet_unit,
                                   points_ratio, created_at)
       values ($1, $2, 'earn', $3, $4, $5, $6, $7, $8, $9)`,
      [g.memberId, g.category, points, acc!.balance, g.base, g.count, rule.betUnit, rule.points, at],
    );
    out.points += points;
    out.members.add(g.memberId);
  }
  return out;
}

export interface AccrualDeps {
  db: Db;
  now: () => Date;
}

/**
 * One accrual pass over every member (the job), or the sources of one member (`memberId`: the
 * points page counts what has settled before it answers). The job takes the accrual lock or skips
 * (another instance is at it); a member's accrual shares it, so it only waits for a running pass.
 * Only the job moves the cursor.
 */
export async function accruePoints(
  d: AccrualDeps,
  opts: { memberId?: string | undefined } = {},
): Promise<AccrualResult> {
  const memberId = opts.memberId ?? null;
  const result: AccrualResult = { skipped: false, sources: 0, points: 0, members: 0 };
  const members = new Set<string>();
  const rules = new Map<number, RuleMap>();
  for (const kind of ['bet', 'deposit'] as const) {
    for (let batch = 0; batch < PASS_BATCHES; batch++) {
      const step = await d.db.withTx(async (tx) => {
        if (memberId === null) {
          const [lock] = await tx.query<{ ok: boolean }>(`select pg_try_advisory_xact_lock(${LOCK}) as ok`);
          if (!lock?.ok) return null;
        } else {
          await tx.query(`select pg_advisory_xact_lock_shared(${LOCK})`);
        }
        const cursor = await cursorOf(tx, kind);
        const since = cursor ? new Date(cursor.getTime() - ACCRUAL_OVERLAP_MS) : null;
        const rows = await pending(tx, kind, since, memberId, ACCRUAL_BATCH);
        const at = d.now();
        const done = await award(tx, kind, rows, rules, at);
        const last = rows.at(-1);
        if (memberId === null && last) {
          await tx.query(
            `insert into points_cursors (source_kind, settled_at, updated_at) values ($1, $2, $3)
             on conflict (source_kind) do update set settled_at = greatest(points_cursors.settled_at, excluded.settled_at),
                                                      updated_at = excluded.updated_at`,
            [kind, last.settled_at, at],
          );
        }
        return { rows: rows.length, ...done };
      });
      if (step === null) return { ...result, skipped: true };
      result.sources += step.sources;
      result.points += step.points;
      for (const m of step.members) members.add(m);
      if (step.rows < ACCRUAL_BATCH) break;
    }
  }
  result.members = members.size;
  return result;
}

/** The accrual job (DESIGN §3 jobs): a pass every ACCRUAL_EVERY_MS, the first at start. */
export function startAccrualJob(d: AccrualDeps, log: JobLog): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'points accrual job',
      everyMs: ACCRUAL_EVERY_MS,
      immediate: true,
      run: () => accruePoints(d),
      report: (r, l) => {
        if (r.points > 0)
          l.info({ sources: r.sources, points: r.points, members: r.members }, 'points accrued');
      },
    },
    log,
  );
}
