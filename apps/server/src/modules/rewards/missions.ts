import type { LocalizedText, MissionMetric, MissionPeriod } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import type { MoneyRunner, MoneyTx } from '../ledger/money-tx.ts';
import { missionPeriod, previousPeriod, type Period } from './periods.ts';

/**
 * Missions (issue 9): daily and weekly goals of the merchant, counted from the member's own rows
 * in the period (bets placed, their stakes, rounds won; succeeded deposits, their amounts).
 * Reaching the target gives one claimable reward per member, mission and period: the reward's
 * source_key `mission:<id>:<period start in ms>` is unique per member, so the page, the badge and
 * the job may all find the same completion and only one reward (and one notice) is written.
 */

export interface MissionRow {
  id: string;
  code: string;
  names: LocalizedText;
  period: MissionPeriod;
  metric: MissionMetric;
  vertical: string | null;
  target: string;
  reward: string;
  points: number;
  claim_days: number | null;
}

export interface MemberMission extends MissionRow {
  period_start: Date;
  progress: string;
  reward_id: string | null;
  reward_status: 'claimable' | 'claimed' | 'expired' | null;
  reward_expires_at: Date | null;
}

export const missionSourceKey = (missionId: string | number, periodStart: Date) =>
  `mission:${missionId}:${periodStart.getTime()}`;

const MISSION_COLUMNS = `m.id::text as id, m.code, m.names, m.period, m.metric, m.vertical, m.target::text as target,
  m.reward::text as reward, m.points, m.claim_days`;

/**
 * Every active mission of the member's merchant with the member's progress in its current period
 * and the reward it gave, if any. One query: the week's bets and deposits of the member (the day
 * lies inside the week), each mission counting its own slice.
 */
export async function memberMissions(
  q: Queryable,
  member: { id: string; merchantId: number },
  now: Date,
): Promise<MemberMission[]> {
  const week = missionPeriod('weekly', now);
  const day = missionPeriod('daily', now);
  const slice = `b.created_at >= p.s and (m.vertical is null or b.vertical = m.vertical)`;
  return q.query<MemberMission>(
    `with b as (
       select vertical, stake, payout, status, created_at from bet_records
        where member_id = $1 and created_at >= $2 and created_at < $4
     ), d as (
       select coalesce(credited, amount) as amount, settled_at from deposits
        where member_id = $1 and status = 'succeeded' and settled_at >= $2 and settled_at < $4
     )
     select ${MISSION_COLUMNS}, p.s as period_start,
            (case m.metric
               when 'bet_count' then (select count(*) from b where b.status <> 'rolled_back' and ${slice})
               when 'bet_amount' then (select coalesce(sum(b.stake), 0) from b where b.status <> 'rolled_back' and ${slice})
               when 'win_count' then (select count(*) from b where b.status = 'settled' and b.payout > b.stake and ${slice})
               when 'deposit_count' then (select count(*) from d where d.settled_at >= p.s)
               else (select coalesce(sum(d.amount), 0) from d where d.settled_at >= p.s)
             end)::text as progress,
            r.id::text as reward_id, r.status as reward_status, r.expires_at as reward_expires_at
       from missions m
       cross join lateral (select case when m.period = 'daily' then $3::timestamptz else $2::timestamptz end as s) p
       left join rewards r on r.member_id = $1 and r.source = 'mission' and r.mission_id = m.id and r.period_start = p.s
      where m.merchant_id = $5 and m.active
      order by m.period, m.sort, m.id`,
    [member.id, week.start, day.start, week.end, member.merchantId],
  );
}

/** The mission's name in the member's language (EN when the member reads another one). */
const nameSql = (missions: string, members: string) =>
  `coalesce(${missions}.names->>${members}.language, ${missions}.names->>'EN')`;

/**
 * Creates the reward of a completed mission (once: on conflict nothing) with its notice in the
 * member's language. Answers whether this call created it.
 */
async function giveMissionReward(
  tx: MoneyTx,
  memberId: string,
  m: MissionRow,
  periodStart: Date,
  now: Date,
): Promise<boolean> {
  const [row] = await tx.query<{ id: string }>(
    `insert into rewards (merchant_id, member_id, source, source_key, amount, mission_id, period_start, points,
                          expires_at, created_at)
     select mem.merchant_id, mem.id, 'mission', $3, m.reward, m.id, $4, m.points,
            case when m.claim_days is null then null else $5::timestamptz + make_interval(days => m.claim_days) end, $5
       from members mem, missions m
      where mem.id = $1 and m.id = $2
     on conflict do nothing
     returning id::text as id`,
    [memberId, m.id, missionSourceKey(m.id, periodStart), periodStart, now],
  );
  if (!row) return false;
  await tx.query(
    `insert into messages (member_id, kind, params)
     select mem.id, 'mission_completed', jsonb_build_object('name', ${nameSql('m', 'mem')}, 'amount', m.reward, 'rewardId', $3::bigint)
       from members mem, missions m where mem.id = $1 and m.id = $2`,
    [memberId, m.id, row.id],
  );
  tx.messagesChanged(memberId);
  return true;
}

/**
 * The member's missions of the current periods with progress; a mission reached and not yet
 * rewarded gets its reward now (the page and the badge see it at once, not at the next job pass).
 */
export async function syncMemberMissions(
  deps: { db: Queryable; money: MoneyRunner },
  member: { id: string; merchantId: number },
  now: Date,
): Promise<MemberMission[]> {
  const rows = await memberMissions(deps.db, member, now);
  const reached = rows.filter((r) => r.reward_id === null && BigInt(r.progress) >= BigInt(r.target));
  if (reached.length === 0) return rows;
  await deps.money(async (tx) => {
    for (const r of reached) await giveMissionReward(tx, member.id, r, new Date(r.period_start), now);
  });
  return memberMissions(deps.db, member, now);
}

/** (member_id, v) of every member's count in [$2, $3); `$6` is the mission's vertical or null. */
function metricSql(metric: MissionMetric): string {
  const bets = (what: string, where: string) =>
    `select member_id, ${what} as v from bet_records
      where created_at >= $2 and created_at < $3 and ${where} and ($6::text is null or vertical = $6::text)
      group by member_id`;
  // Deposit missions have no vertical (a check of the table); $6 is named so its type is known.
  const deposits = (what: string) =>
    `select member_id, ${what} as v from deposits
      where status = 'succeeded' and settled_at >= $2 and settled_at < $3 and ($6::text is null or true)
      group by member_id`;
  switch (metric) {
    case 'bet_count':
      return bets('count(*)', `status <> 'rolled_back'`);
    case 'bet_amount':
      return bets('sum(stake)', `status <> 'rolled_back'`);
    case 'win_count':
      return bets('count(*)', `status = 'settled' and payout > stake`);
    case 'deposit_count':
      return deposits('count(*)');
    case 'deposit_amount':
      return deposits('sum(coalesce(credited, amount))');
  }
}

/**
 * Rewards every member who reached the mission in the period and has no reward for it yet, with
 * one notice each; answers the members rewarded. Set-based: one statement per mission and period.
 */
export async function rewardPeriod(tx: MoneyTx, m: MissionRow, period: Period, now: Date): Promise<string[]> {
  const rows = await tx.query<{ member_id: string }>(
    `with progress as (${metricSql(m.metric)}),
     ins as (
       insert into rewards (merchant_id, member_id, source, source_key, amount, mission_id, period_start, points,
                            expires_at, created_at)
       select m.merchant_id, p.member_id, 'mission', $5, m.reward, m.id, $2, m.points,
              case when m.claim_days is null then null else $4::timestamptz + make_interval(days => m.claim_days) end, $4
         from missions m
         join progress p on p.v >= m.target
         join members mem on mem.id = p.member_id and mem.merchant_id = m.merchant_id and mem.type <> 4
        where m.id = $1
       on conflict do nothing
       returning id, member_id
     )
     insert into messages (member_id, kind, params)
     select ins.member_id, 'mission_completed',
            jsonb_build_object('name', ${nameSql('m', 'mem')}, 'amount', m.reward, 'rewardId', ins.id)
       from ins join members mem on mem.id = ins.member_id join missions m on m.id = $1
      -- Issue 10: no promotional notice during a time-out or self-exclusion (the reward is kept).
      where not exists (select 1 from member_protection mp where mp.member_id = ins.member_id
                          and mp.exclusion_kind is not null and (mp.excluded_until is null or mp.excluded_until > $4))
     returning member_id::text as member_id`,
    [m.id, period.start, period.end, now, missionSourceKey(m.id, period.start), m.vertical],
  );
  for (const r of rows) tx.messagesChanged(r.member_id);
  return rows.map((r) => r.member_id);
}

/**
 * The job's part: every active mission, in its current period and the one just before (a period
 * that ended since the last pass is finished), rewards whoever reached it. Answers the number of
 * rewards created.
 */
export async function rewardMissions(tx: MoneyTx, now: Date): Promise<number> {
  const missions = await tx.query<MissionRow>(
    `select ${MISSION_COLUMNS} from missions m where m.active order by m.id`,
  );
  let created = 0;
  for (const m of missions) {
    for (const period of [previousPeriod(m.period, now), missionPeriod(m.period, now)]) {
      created += (await rewardPeriod(tx, m, period, now)).length;
    }
  }
  return created;
}
