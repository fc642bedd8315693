import {
  catalogueFor,
  type BetVertical,
  type EntryState,
  type LanguageCode,
  type PromoAudience,
  type PromoCategory,
  type PromoKind,
  type PromoTag,
} from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import type { Progress, Rules, Viewer } from './rules.ts';

/** SQL of the promotions (issue 9); the service opens the transactions. */

export interface PromoRow {
  id: number;
  merchant_id: number;
  code: string;
  kind: PromoKind;
  category: PromoCategory;
  tags: PromoTag[];
  sort: number;
  hidden: boolean;
  signup_from: Date;
  signup_to: Date;
  run_from: Date;
  run_to: Date;
  claim_to: Date;
  audience: PromoAudience;
  newbie_days: number;
  min_deposit: string;
  turnover: string;
  verticals: BetVertical[] | null;
  bonus_type: 'fixed' | 'percent';
  bonus_amount: string | null;
  bonus_percent: number | null;
  bonus_cap: string | null;
  approval: boolean;
  max_entries: number;
  raffle_winners: number | null;
  drawn_at: Date | null;
}

export interface TextRow {
  title: string;
  summary: string;
  content: string;
}

export type PromoWithText = PromoRow & TextRow;

export interface EntryRow {
  id: string;
  promotion_id: number;
  member_id: string;
  seq: number;
  state: EntryState;
  joined_at: Date;
  amount: string | null;
  comment: string | null;
  applied_at: Date | null;
  decided_at: Date | null;
  decision_note: string | null;
  claimed_at: Date | null;
  claim_transfer_id: string | null;
}

export interface ImageRow {
  id: string;
  entry_id: string;
  content_type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const num = (v: string | null) => (v === null ? null : Number(v));

export function rulesOf(p: PromoRow): Rules {
  return {
    kind: p.kind,
    signupFrom: new Date(p.signup_from),
    signupTo: new Date(p.signup_to),
    runFrom: new Date(p.run_from),
    runTo: new Date(p.run_to),
    claimTo: new Date(p.claim_to),
    audience: p.audience,
    newbieDays: p.newbie_days,
    minDeposit: Number(p.min_deposit),
    turnover: Number(p.turnover),
    verticals: p.verticals,
    bonusType: p.bonus_type,
    bonusAmount: num(p.bonus_amount),
    bonusPercent: p.bonus_percent,
    bonusCap: num(p.bonus_cap),
    approval: p.approval,
    maxEntries: p.max_entries,
    drawnAt: p.drawn_at ? new Date(p.drawn_at) : null,
  };
}

/** The text of the language asked for, else English, else Burmese, else any. */
const TEXT_JOIN = `cross join lateral (
    select t.title, t.summary, t.content from promotion_texts t where t.promotion_id = p.id
     order by (t.language = $LANG) desc, (t.language = 'EN') desc, (t.language = 'MY') desc, t.language
     limit 1) tx`;
const textJoin = (param: number) => TEXT_JOIN.replace('$LANG', `$${param}`);

export const textLanguage = (language: LanguageCode | undefined): string => catalogueFor(language ?? 'MY');

export interface ListFilter {
  category?: PromoCategory | undefined;
  tag?: PromoTag | undefined;
  /** Activities whose claims ended before this are no longer listed. */
  listedAfter: Date;
  now: Date;
  language: string;
  limit: number;
  offset: number;
}

/** One page of the listed activities: open ones first, then coming, then ended; the operator's order. */
export async function listPromotions(
  q: Queryable,
  merchantId: number,
  f: ListFilter,
): Promise<{ rows: PromoWithText[]; total: number }> {
  const where = `p.merchant_id = $1 and not p.hidden and p.claim_to >= $2::timestamptz
     and ($3::text is null or p.category = $3) and ($4::text is null or $4 = any(p.tags))`;
  const params = [merchantId, f.listedAfter, f.category ?? null, f.tag ?? null];
  const [rows, [count]] = await Promise.all([
    q.query<PromoWithText>(
      `select p.*, tx.title, tx.summary, '' as content from promotions p ${textJoin(5)}
        where ${where}
        order by case when $6::timestamptz between p.signup_from and p.signup_to and p.drawn_at is null then 0
                      when $6::timestamptz < p.signup_from then 1 else 2 end,
                 p.sort, p.id desc
        limit $7 offset $8`,
      [...params, f.language, f.now, f.limit, f.offset],
    ),
    q.query<{ n: string }>(`select count(*) as n from promotions p where ${where}`, params),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findPromotion(
  q: Queryable,
  merchantId: number,
  id: number,
  language: string,
  opts: { hidden?: boolean; lock?: boolean } = {},
): Promise<PromoWithText | null> {
  const [row] = await q.query<PromoWithText>(
    // The content falls back on its own: a language with a title but no content yet shows English.
    `select p.*, tx.title, tx.summary, coalesce(cx.content, '') as content from promotions p ${textJoin(3)}
       left join lateral (
         select c.content from promotion_texts c where c.promotion_id = p.id and c.content <> ''
          order by (c.language = $3) desc, (c.language = 'EN') desc, (c.language = 'MY') desc, c.language
          limit 1) cx on true
      where p.id = $1 and p.merchant_id = $2 ${opts.hidden ? '' : 'and not p.hidden'}
      ${opts.lock ? 'for update of p' : ''}`,
    [id, merchantId, language],
  );
  return row ?? null;
}

/** The member's latest entry per activity, with how many entries they have in each. */
export async function latestEntries(
  q: Queryable,
  memberId: string,
  promotionIds: number[],
): Promise<Map<number, { entry: EntryRow; used: number }>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await q.query<EntryRow & { used: string }>(
    `select distinct on (e.promotion_id) e.*, count(*) over (partition by e.promotion_id) as used
       from promotion_entries e
      where e.member_id = $1 and e.promotion_id = any($2::int[])
      order by e.promotion_id, e.id desc`,
    [memberId, promotionIds],
  );
  return new Map(rows.map((r) => [r.promotion_id, { entry: r, used: Number(r.used) }]));
}

export async function viewerOf(
  q: Queryable,
  memberId: string,
): Promise<(Viewer & { language: string; account: string }) | null> {
  const [row] = await q.query<{ created_at: Date; vip: boolean; language: string; account: string }>(
    `select m.created_at, m.language, m.account,
            (exists (select 1 from member_labels l where l.member_id = m.id and upper(l.label_name) = 'VIP')
              or upper(coalesce(m.club_label, '')) like 'VIP%') as vip
       from members m where m.id = $1`,
    [memberId],
  );
  return row
    ? { createdAt: new Date(row.created_at), vip: row.vip, language: row.language, account: row.account }
    : null;
}

/** Deposits credited and stakes of settled bets (of the verticals) inside [from, to]. */
export async function progressOf(
  q: Queryable,
  memberId: string,
  window: { from: Date; to: Date } | null,
  verticals: BetVertical[] | null,
): Promise<Progress> {
  if (!window) return { deposit: 0, turnover: 0 };
  const [row] = await q.query<{ deposit: string; turnover: string }>(
    `select
       (select coalesce(sum(coalesce(d.credited, d.amount)), 0) from deposits d
         where d.member_id = $1 and d.status = 'succeeded' and d.settled_at between $2 and $3) as deposit,
       (select coalesce(sum(b.stake), 0) from bet_records b
         where b.member_id = $1 and b.status = 'settled' and b.settled_at between $2 and $3
           and ($4::text[] is null or b.vertical = any($4::text[]))) as turnover`,
    [memberId, window.from, window.to, verticals],
  );
  return { deposit: Number(row?.deposit ?? 0), turnover: Number(row?.turnover ?? 0) };
}

export async function imagesOf(q: Queryable, entryId: string): Promise<ImageRow[]> {
  return q.query<ImageRow>(
    `select id, entry_id, content_type, width, height from promotion_images where entry_id = $1 order by id`,
    [entryId],
  );
}

/** Serialises one member's entries in one activity (join, apply) on both engines. */
export async function lockMemberPromotion(
  q: Queryable,
  promotionId: number,
  memberId: string,
): Promise<void> {
  await q.query(`select pg_advisory_xact_lock(hashtext('promo:' || $1::text || ':' || $2::text))`, [
    promotionId,
    memberId,
  ]);
}

export async function insertEntry(
  q: Queryable,
  e: { promotionId: number; memberId: string; seq: number; state: EntryState; joinedAt: Date },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into promotion_entries (promotion_id, member_id, seq, state, joined_at)
     values ($1, $2, $3, $4, $5) returning id`,
    [e.promotionId, e.memberId, e.seq, e.state, e.joinedAt],
  );
  return row!.id;
}

/** A member's entry with its activity, locked for a claim or a decision. */
export async function lockEntry(
  q: Queryable,
  entryId: number | string,
): Promise<(EntryRow & { merchant_id: number }) | null> {
  const [row] = await q.query<EntryRow & { merchant_id: number }>(
    `select e.*, p.merchant_id from promotion_entries e join promotions p on p.id = e.promotion_id
      where e.id = $1 for update of e`,
    [entryId],
  );
  return row ?? null;
}
