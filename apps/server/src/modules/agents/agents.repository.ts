import type { Queryable } from '../../db/db.ts';
import { MERCHANT_TIME_ZONE, TYPE_SQL } from '../records/records.service.ts';
import { teamCte } from './team.ts';

/**
 * SQL of the agent centre (issue 8). Every query that reads the team starts from `teamCte`, so a
 * row outside the caller's subtree can never be read. `$1` is always the caller.
 */

/** Days are calendar days of the merchant's zone; `to` inclusive (records.service.ts does the same). */
const dayStart = (param: number) => `($${param}::date)::timestamp at time zone '${MERCHANT_TIME_ZONE}'`;
const dayEnd = (param: number) => `($${param}::date + 1)::timestamp at time zone '${MERCHANT_TIME_ZONE}'`;
const inDays = (col: string, fromParam: number, toParam: number) =>
  `${col} >= ${dayStart(fromParam)} and ${col} < ${dayEnd(toParam)}`;
const dayOf = (col: string) => `to_char(${col} at time zone '${MERCHANT_TIME_ZONE}', 'YYYY-MM-DD')`;
/** An account search: a case-insensitive substring (accounts are stored lower-case). */
const accountMatch = (col: string, param: number) =>
  `($${param}::text is null or strpos(${col}, lower($${param}::text)) > 0)`;

const n = (v: string | number | null | undefined) => Number(v ?? 0);
const iso = (d: Date | string) => new Date(d).toISOString();

export interface Days {
  from: string;
  to: string;
}
export interface Page {
  limit: number;
  offset: number;
}

// ───────────────────────────── register centre ─────────────────────────────

export interface LinkRow {
  id: string;
  code: string;
  kind: 'member' | 'agent';
  registrations: string;
  created_at: Date;
}

export function liveLinks(q: Queryable, memberId: string): Promise<LinkRow[]> {
  return q.query<LinkRow>(
    `select l.id::text as id, l.code, l.kind, l.created_at,
            (select count(*) from members r where r.register_link_id = l.id) as registrations
       from agent_links l
      where l.member_id = $1 and l.retired_at is null
      order by l.created_at desc, l.id desc`,
    [memberId],
  );
}

// ───────────────────────────── downlines ─────────────────────────────

export interface DownlineFilter {
  account: string | null;
  directOnly: boolean;
  status: 'active' | 'frozen' | null;
  parentId: string | null;
}

export interface DownlineRow {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  level: number;
  upline: string;
  status: 'active' | 'frozen';
  balance: string | null;
  mobile: string | null;
  email: string | null;
  direct_count: string;
  created_at: Date;
  last_login_at: Date | null;
}

export async function downlines(
  q: Queryable,
  actorId: string,
  f: DownlineFilter,
  page: Page,
): Promise<{ rows: DownlineRow[]; total: number }> {
  const params = [actorId, f.account, f.directOnly, f.status, f.parentId];
  const where = `${accountMatch('m.account', 2)}
      and (not $3::boolean or t.level = 1)
      and ($4::text is null or m.status = $4::text)
      and ($5::bigint is null or m.upline_id = $5::bigint)`;
  const from = `from team t join members m on m.id = t.id`;
  const [rows, [count]] = await Promise.all([
    q.query<DownlineRow>(
      `with recursive ${teamCte(1)}
       select m.id::text as id, m.account, m.nickname, m.type, t.level, u.account as upline, m.status,
              (select a.balance from ledger_accounts a
                where a.kind = 'member' and a.member_id = m.id and a.wallet = 'MAIN') as balance,
              m.mobile, m.email,
              (select count(*) from members d where d.upline_id = m.id) as direct_count,
              m.created_at,
              greatest(
                (select max(s.created_at) from sessions s where s.member_id = m.id),
                (select max(e.created_at) from login_events e where e.member_id = m.id and e.success)
              ) as last_login_at
         ${from} join members u on u.id = m.upline_id
        where ${where}
        order by m.created_at desc, m.id desc
        limit $6 offset $7`,
      [...params, page.limit, page.offset],
    ),
    q.query<{ total: string }>(
      `with recursive ${teamCte(1)} select count(*) as total ${from} where ${where}`,
      params,
    ),
  ]);
  return { rows, total: n(count?.total) };
}

// ───────────────────────────── reports ─────────────────────────────

export async function teamOverview(q: Queryable, actorId: string, d: Days) {
  const params = [actorId, d.from, d.to];
  const [[sums], series] = await Promise.all([
    q.query<{
      team_size: string;
      direct_count: string;
      new_members: string;
      active_members: string;
      deposits: string;
      withdrawals: string;
      bets: string;
      payouts: string;
      profit_loss: string;
    }>(
      `with recursive ${teamCte(1)},
       bets as (
         select b.member_id, b.stake, b.payout, b.status from bet_records b join team t on t.id = b.member_id
          where b.status <> 'rolled_back' and ${inDays('b.created_at', 2, 3)}
       )
       select (select count(*) from team) as team_size,
              (select count(*) from team where level = 1) as direct_count,
              (select count(*) from team t join members m on m.id = t.id
                where ${inDays('m.created_at', 2, 3)}) as new_members,
              (select count(distinct member_id) from bets) as active_members,
              (select coalesce(sum(coalesce(x.credited, x.amount)), 0) from deposits x join team t on t.id = x.member_id
                where x.status = 'succeeded' and ${inDays('x.settled_at', 2, 3)}) as deposits,
              (select coalesce(sum(w.amount), 0) from withdrawals w join team t on t.id = w.member_id
                where w.status = 'approved' and ${inDays('w.decided_at', 2, 3)}) as withdrawals,
              (select coalesce(sum(stake), 0) from bets) as bets,
              (select coalesce(sum(payout), 0) from bets where status = 'settled') as payouts,
              (select coalesce(sum(payout - stake), 0) from bets where status = 'settled') as profit_loss`,
      params,
    ),
    q.query<{ day: string; bets: string; profit_loss: string; new_members: string; active_members: string }>(
      `with recursive ${teamCte(1)},
       days as (
         select to_char(g, 'YYYY-MM-DD') as day from generate_series($2::date, $3::date, interval '1 day') g
       ),
       bets as (
         select ${dayOf('b.created_at')} as day, count(distinct b.member_id) as active,
                sum(b.stake) as stake, coalesce(sum(b.payout - b.stake) filter (where b.status = 'settled'), 0) as pl
           from bet_records b join team t on t.id = b.member_id
          where b.status <> 'rolled_back' and ${inDays('b.created_at', 2, 3)}
          group by 1
       ),
       joined as (
         select ${dayOf('m.created_at')} as day, count(*) as c from team t join members m on m.id = t.id
          where ${inDays('m.created_at', 2, 3)} group by 1
       )
       select days.day, coalesce(bets.stake, 0) as bets, coalesce(bets.pl, 0) as profit_loss,
              coalesce(joined.c, 0) as new_members, coalesce(bets.active, 0) as active_members
         from days left join bets on bets.day = days.day left join joined on joined.day = days.day
        order by days.day`,
      params,
    ),
  ]);
  return {
    teamSize: n(sums?.team_size),
    directCount: n(sums?.direct_count),
    newMembers: n(sums?.new_members),
    activeMembers: n(sums?.active_members),
    deposits: n(sums?.deposits),
    withdrawals: n(sums?.withdrawals),
    bets: n(sums?.bets),
    payouts: n(sums?.payouts),
    profitLoss: n(sums?.profit_loss),
    series: series.map((r) => ({
      day: r.day,
      bets: n(r.bets),
      profitLoss: n(r.profit_loss),
      newMembers: n(r.new_members),
      activeMembers: n(r.active_members),
    })),
  };
}

export async function teamBets(
  q: Queryable,
  actorId: string,
  f: Days & { account: string | null; vertical: string | null },
  page: Page,
) {
  const params = [actorId, f.from, f.to, f.account, f.vertical];
  const base = `with recursive ${teamCte(1)}
    select b.id, m.account, b.vertical, b.game_name, b.stake, b.payout, b.status, b.created_at
      from bet_records b join team t on t.id = b.member_id join members m on m.id = b.member_id
     where ${inDays('b.created_at', 2, 3)} and ${accountMatch('m.account', 4)}
       and ($5::text is null or b.vertical = $5::text)`;
  const [rows, [sums]] = await Promise.all([
    q.query<{
      id: string;
      account: string;
      vertical: string;
      game_name: string | null;
      stake: string;
      payout: string;
      status: 'open' | 'settled' | 'rolled_back';
      created_at: Date;
    }>(`${base} order by b.created_at desc, b.id desc limit $6 offset $7`, [
      ...params,
      page.limit,
      page.offset,
    ]),
    q.query<{ total: string; count: string; stake: string; payout: string; win_loss: string }>(
      `select count(*) as total,
              count(*) filter (where status <> 'rolled_back') as count,
              coalesce(sum(stake) filter (where status <> 'rolled_back'), 0) as stake,
              coalesce(sum(payout) filter (where status = 'settled'), 0) as payout,
              coalesce(sum(payout - stake) filter (where status = 'settled'), 0) as win_loss
         from (${base}) f`,
      params,
    ),
  ]);
  return {
    items: rows.map((r) => ({
      id: n(r.id),
      account: r.account,
      vertical: r.vertical,
      gameName: r.game_name,
      stake: n(r.stake),
      payout: n(r.payout),
      winLoss: r.status === 'settled' ? n(r.payout) - n(r.stake) : null,
      status: r.status,
      createdAt: iso(r.created_at),
    })),
    total: n(sums?.total),
    totals: {
      stake: n(sums?.stake),
      payout: n(sums?.payout),
      winLoss: n(sums?.win_loss),
      count: n(sums?.count),
    },
  };
}

export async function profitLoss(
  q: Queryable,
  actorId: string,
  f: Days & { account: string | null },
  page: Page,
) {
  const params = [actorId, f.from, f.to, f.account];
  const base = `with recursive ${teamCte(1)},
    dep as (
      select x.member_id, sum(coalesce(x.credited, x.amount)) as v from deposits x join team t on t.id = x.member_id
       where x.status = 'succeeded' and ${inDays('x.settled_at', 2, 3)} group by 1
    ),
    wd as (
      select w.member_id, sum(w.amount) as v from withdrawals w join team t on t.id = w.member_id
       where w.status = 'approved' and ${inDays('w.decided_at', 2, 3)} group by 1
    ),
    bt as (
      select b.member_id, sum(b.stake) as stake, sum(b.payout) as payout from bet_records b
        join team t on t.id = b.member_id
       where b.status = 'settled' and ${inDays('b.settled_at', 2, 3)} group by 1
    ),
    bo as (
      select a.member_id, sum(e.amount) as v from team t
        join ledger_accounts a on a.kind = 'member' and a.member_id = t.id
        join ledger_entries e on e.account_id = a.id
        join ledger_transfers tr on tr.id = e.transfer_id
       where tr.type = 'bonus' and ${inDays('tr.created_at', 2, 3)} group by 1
    ),
    pl as (
      select t.id, m.account, t.level, coalesce(dep.v, 0) as deposits, coalesce(wd.v, 0) as withdrawals,
             coalesce(bt.stake, 0) as stake, coalesce(bt.payout, 0) as payout, coalesce(bo.v, 0) as bonus
        from team t join members m on m.id = t.id
        left join dep on dep.member_id = t.id left join wd on wd.member_id = t.id
        left join bt on bt.member_id = t.id left join bo on bo.member_id = t.id
       where (dep.v is not null or wd.v is not null or bt.member_id is not null or bo.v is not null)
         and ${accountMatch('m.account', 4)}
    )`;
  type Row = {
    id: string;
    account: string;
    level: number;
    deposits: string;
    withdrawals: string;
    stake: string;
    payout: string;
    bonus: string;
  };
  const [rows, [sums]] = await Promise.all([
    q.query<Row>(`${base} select * from pl order by account limit $5 offset $6`, [
      ...params,
      page.limit,
      page.offset,
    ]),
    q.query<{
      total: string;
      deposits: string;
      withdrawals: string;
      stake: string;
      payout: string;
      bonus: string;
    }>(
      `${base} select count(*) as total, coalesce(sum(deposits), 0) as deposits,
              coalesce(sum(withdrawals), 0) as withdrawals, coalesce(sum(stake), 0) as stake,
              coalesce(sum(payout), 0) as payout, coalesce(sum(bonus), 0) as bonus from pl`,
      params,
    ),
  ]);
  const stake = n(sums?.stake);
  const payout = n(sums?.payout);
  return {
    items: rows.map((r) => ({
      memberId: n(r.id),
      account: r.account,
      level: n(r.level),
      deposits: n(r.deposits),
      withdrawals: n(r.withdrawals),
      stake: n(r.stake),
      payout: n(r.payout),
      winLoss: n(r.payout) - n(r.stake),
      bonus: n(r.bonus),
    })),
    total: n(sums?.total),
    totals: {
      deposits: n(sums?.deposits),
      withdrawals: n(sums?.withdrawals),
      stake,
      payout,
      winLoss: payout - stake,
      bonus: n(sums?.bonus),
    },
  };
}

/** My income from contracts (spec §3): paid or forced settlements, by the day they were paid. */
export async function revenue(q: Queryable, actorId: string, d: Days, page: Page) {
  const params = [actorId, d.from, d.to];
  const base = `select ${dayOf('coalesce(s.paid_at, s.settled_at)')} as day, s.kind,
         coalesce(sum(s.amount) filter (where s.downline_id = $1::bigint), 0) as income,
         coalesce(sum(s.amount) filter (where s.upline_id = $1::bigint), 0) as paid
    from contract_settlements s
   where (s.downline_id = $1::bigint or s.upline_id = $1::bigint) and s.status in ('paid', 'forced')
     and ${inDays('coalesce(s.paid_at, s.settled_at)', 2, 3)}
   group by 1, 2`;
  const [rows, [sums]] = await Promise.all([
    q.query<{
      day: string;
      kind: 'dividend' | 'daily' | 'hourly' | 'realtime';
      income: string;
      paid: string;
    }>(`${base} order by 1 desc, 2 limit $4 offset $5`, [...params, page.limit, page.offset]),
    q.query<{ total: string; income: string; paid: string }>(
      `select count(*) as total, coalesce(sum(income), 0) as income, coalesce(sum(paid), 0) as paid
         from (${base}) r`,
      params,
    ),
  ]);
  const income = n(sums?.income);
  const paid = n(sums?.paid);
  return {
    items: rows.map((r) => ({ day: r.day, kind: r.kind, income: n(r.income), paid: n(r.paid) })),
    total: n(sums?.total),
    totals: { income, paid, net: income - paid },
  };
}

/** Main-wallet movements of the team, each with the type its owner sees (records.service TYPE_SQL). */
export async function transactions(
  q: Queryable,
  actorId: string,
  f: Days & { account: string | null; type: string | null },
  page: Page,
) {
  const params = [actorId, f.from, f.to, f.account, f.type];
  // TYPE_SQL reads the transfer as `t` and the account as `a`; the team is `tm` here.
  const base = `with recursive ${teamCte(1)}
    select e.id, m.account, ${TYPE_SQL} as type, e.amount, e.balance_after, t.created_at
      from team tm
      join members m on m.id = tm.id
      join ledger_accounts a on a.kind = 'member' and a.member_id = tm.id and a.wallet = 'MAIN'
      join ledger_entries e on e.account_id = a.id
      join ledger_transfers t on t.id = e.transfer_id
     where ${inDays('t.created_at', 2, 3)} and ${accountMatch('m.account', 4)}
       and ($5::text is null or ${TYPE_SQL} = $5::text)`;
  const [rows, [sums]] = await Promise.all([
    q.query<{
      id: string;
      account: string;
      type: string;
      amount: string;
      balance_after: string | null;
      created_at: Date;
    }>(`${base} order by e.id desc limit $6 offset $7`, [...params, page.limit, page.offset]),
    q.query<{ total: string; credits: string; debits: string }>(
      `select count(*) as total, coalesce(sum(amount) filter (where amount > 0), 0) as credits,
              coalesce(-sum(amount) filter (where amount < 0), 0) as debits from (${base}) f`,
      params,
    ),
  ]);
  return {
    items: rows.map((r) => ({
      id: n(r.id),
      account: r.account,
      type: r.type,
      amount: n(r.amount),
      balanceAfter: n(r.balance_after),
      createdAt: iso(r.created_at),
    })),
    total: n(sums?.total),
    totals: { credits: n(sums?.credits), debits: n(sums?.debits) },
  };
}
