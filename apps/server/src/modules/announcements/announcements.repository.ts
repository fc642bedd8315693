import type { AnnouncementType, BetVertical } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';
import { MERCHANT_TIME_ZONE } from '../records/records.service.ts';

/** SQL of the announcements and the winners board (issue 9). */

export interface AnnouncementRow {
  id: string;
  type: AnnouncementType;
  starts_at: Date;
  ends_at: Date | null;
  timestamp: string;
  language: string;
  title: string;
  content: string;
  summary: string;
  image_url: string | null;
}

const LIVE = `a.merchant_id = $1 and a.withdrawn_at is null and a.platform = 'W' and a.type = any($2::text[])
   and a.starts_at <= $3 and (a.ends_at is null or a.ends_at > $3)`;

/**
 * The announcements in force at `at` of `types`, newest first (a higher sort first), each in
 * `language`, else EN, else MY, else its first language.
 */
export async function listLive(
  q: Queryable,
  f: {
    merchantId: number;
    types: readonly string[];
    at: Date;
    language: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  const [count] = await q.query<{ n: string }>(
    `select count(*)::text as n from announcements a where ${LIVE}`,
    [f.merchantId, f.types, f.at],
  );
  const total = Number(count?.n ?? 0);
  if (total === 0 || f.offset >= total) return { rows: [], total };
  const rows = await q.query<AnnouncementRow>(
    `select a.id::text as id, a.type, a.starts_at, a.ends_at,
            to_char(a.starts_at at time zone '${MERCHANT_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS') as timestamp,
            t.language, t.title, t.content, t.summary, t.image_url
       from announcements a
       cross join lateral (
         select * from announcement_texts t where t.announcement_id = a.id
          order by case t.language when $4 then 0 when 'EN' then 1 when 'MY' then 2 else 3 end, t.language
          limit 1) t
      where ${LIVE}
      order by a.sort desc, a.starts_at desc, a.id desc
      limit $5 offset $6`,
    [f.merchantId, f.types, f.at, f.language, f.limit, f.offset],
  );
  return { rows, total };
}

export interface NewText {
  language: string;
  title: string;
  content: string;
  summary: string;
  imageUrl: string | null;
}

export async function insert(
  q: Queryable,
  a: {
    merchantId: number;
    type: AnnouncementType;
    startsAt: Date;
    endsAt: Date | null;
    sort: number;
    seedKey?: string | undefined;
    texts: NewText[];
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into announcements (merchant_id, type, starts_at, ends_at, sort, seed_key)
     values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
    [a.merchantId, a.type, a.startsAt, a.endsAt, a.sort, a.seedKey ?? null],
  );
  const id = row!.id;
  for (const t of a.texts) {
    await q.query(
      `insert into announcement_texts (announcement_id, language, title, content, summary, image_url)
       values ($1, $2, $3, $4, $5, $6)`,
      [id, t.language, t.title, t.content, t.summary, t.imageUrl],
    );
  }
  return id;
}

/** Takes one down now; false when it is not the merchant's or was withdrawn already. */
export async function withdraw(q: Queryable, merchantId: number, id: string, at: Date): Promise<boolean> {
  const rows = await q.query(
    `update announcements set withdrawn_at = $3
      where merchant_id = $1 and id = $2 and withdrawn_at is null returning id`,
    [merchantId, id, at],
  );
  return rows.length > 0;
}

export interface OpsRow {
  id: string;
  type: AnnouncementType;
  starts_at: Date;
  ends_at: Date | null;
  withdrawn_at: Date | null;
  sort: number;
  languages: string[];
  title: string;
}

/** The operator's list: in force and scheduled (or every one), newest first. */
export async function listForOps(
  q: Queryable,
  merchantId: number,
  at: Date,
  all: boolean,
  limit = 200,
): Promise<OpsRow[]> {
  return q.query<OpsRow>(
    `select a.id::text as id, a.type, a.starts_at, a.ends_at, a.withdrawn_at, a.sort,
            array(select language from announcement_texts where announcement_id = a.id order by language) as languages,
            (select title from announcement_texts t where t.announcement_id = a.id
              order by case t.language when 'EN' then 0 when 'MY' then 1 else 2 end, t.language limit 1) as title
       from announcements a
      where a.merchant_id = $1 and ($3 or (a.withdrawn_at is null and (a.ends_at is null or a.ends_at > $2)))
      order by a.starts_at desc, a.id desc limit $4`,
    [merchantId, at, all, limit],
  );
}

export async function findForOps(
  q: Queryable,
  merchantId: number,
  id: string,
): Promise<(OpsRow & { texts: { language: string; title: string; content: string }[] }) | null> {
  const [row] = await q.query<OpsRow>(
    `select a.id::text as id, a.type, a.starts_at, a.ends_at, a.withdrawn_at, a.sort, array[]::text[] as languages, '' as title
       from announcements a where a.merchant_id = $1 and a.id = $2`,
    [merchantId, id],
  );
  if (!row) return null;
  const texts = await q.query<{ language: string; title: string; content: string }>(
    'select language, title, content from announcement_texts where announcement_id = $1 order by language',
    [id],
  );
  return { ...row, texts };
}

export async function seedKeyExists(q: Queryable, merchantId: number, key: string): Promise<boolean> {
  const rows = await q.query('select 1 from announcements where merchant_id = $1 and seed_key = $2', [
    merchantId,
    key,
  ]);
  return rows.length > 0;
}

// ───────────────────────────── winners board ─────────────────────────────

export interface WinRow {
  account: string;
  amount: string;
  game_name: string | null;
  vertical: BetVertical;
  settled_at: Date;
}

/**
 * The biggest wins (payout − stake) of real accounts' settled bets since `since`, biggest first.
 * Trial accounts (type 4) play with play money: never on the board.
 */
export function biggestWins(q: Queryable, merchantId: number, since: Date, limit: number): Promise<WinRow[]> {
  return q.query<WinRow>(
    `select m.account, (b.payout - b.stake)::text as amount, b.game_name, b.vertical, b.settled_at
       from bet_records b join members m on m.id = b.member_id
      where b.status = 'settled' and b.payout > b.stake and b.settled_at >= $2
        and m.merchant_id = $1 and m.type <> 4
      order by b.payout - b.stake desc, b.settled_at desc, b.id desc
      limit $3`,
    [merchantId, since, limit],
  );
}
