import type { FeedbackItem, FeedbackType, LanguageCode } from '@app/contracts';
import type { Queryable } from '../../db/db.ts';

/** SQL of the content module (feedback, blog, join us). */

export interface ContentSettingsRow {
  minLength: number;
  maxLength: number;
  perMinute: number;
}

export async function contentSettings(q: Queryable, merchantId: number): Promise<ContentSettingsRow> {
  // The seed creates the row; a merchant created later gets the column defaults on first read.
  await q.query('insert into content_settings (merchant_id) values ($1) on conflict do nothing', [
    merchantId,
  ]);
  const [row] = await q.query<ContentSettingsRow>(
    `select feedback_min_length as "minLength", feedback_max_length as "maxLength",
            feedback_per_minute as "perMinute"
       from content_settings where merchant_id = $1`,
    [merchantId],
  );
  if (!row) throw new Error(`no content settings for merchant ${merchantId}`);
  return row;
}

interface FeedbackRow {
  id: string;
  question_type: FeedbackType;
  content: string;
  contact: string | null;
  status: 'open' | 'answered';
  reply: string | null;
  created_at: Date;
  replied_at: Date | null;
}

const FEEDBACK_COLUMNS = 'id, question_type, content, contact, status, reply, created_at, replied_at';

export function toFeedbackItem(r: FeedbackRow): FeedbackItem {
  return {
    id: Number(r.id),
    questionType: r.question_type,
    content: r.content,
    contact: r.contact,
    status: r.status,
    reply: r.reply,
    createdAt: new Date(r.created_at).toISOString(),
    repliedAt: r.replied_at ? new Date(r.replied_at).toISOString() : null,
  };
}

/** Feedback sent within the last minute from this address or by this member. */
export async function recentFeedback(
  q: Queryable,
  ip: string,
  memberId: string | null,
  since: Date,
): Promise<{ byIp: number; byMember: number }> {
  const [row] = await q.query<{ by_ip: number; by_member: number }>(
    `select count(*) filter (where ip = $1)::int as by_ip,
            count(*) filter (where $2::bigint is not null and member_id = $2::bigint)::int as by_member
       from feedback where created_at > $3 and (ip = $1 or member_id = $2::bigint)`,
    [ip, memberId, since],
  );
  return { byIp: row?.by_ip ?? 0, byMember: row?.by_member ?? 0 };
}

export async function insertFeedback(
  q: Queryable,
  f: {
    merchantId: number;
    memberId: string | null;
    questionType: FeedbackType;
    content: string;
    contact: string | null;
    ip: string;
    language: string;
    now: Date;
  },
): Promise<number> {
  const [row] = await q.query<{ id: string }>(
    `insert into feedback (merchant_id, member_id, question_type, content, contact, ip, language, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [f.merchantId, f.memberId, f.questionType, f.content, f.contact, f.ip, f.language, f.now],
  );
  return Number(row?.id);
}

export async function memberFeedback(
  q: Queryable,
  memberId: string,
  page: number,
  pageSize: number,
): Promise<{ items: FeedbackItem[]; total: number }> {
  const rows = await q.query<FeedbackRow>(
    `select ${FEEDBACK_COLUMNS} from feedback where member_id = $1
      order by created_at desc, id desc limit $2 offset $3`,
    [memberId, pageSize, (page - 1) * pageSize],
  );
  const [count] = await q.query<{ n: number }>(
    'select count(*)::int as n from feedback where member_id = $1',
    [memberId],
  );
  return { items: rows.map(toFeedbackItem), total: count?.n ?? 0 };
}

// ───────────────────────────── blog ─────────────────────────────

interface BlogRow {
  slug: string;
  title: string;
  summary: string;
  body: string;
  language: LanguageCode;
  published_at: Date;
}

/** The post's text in `language`, else EN, else any language it has (lateral pick). */
const TEXT_PICK = `join lateral (
    select t.title, t.summary, t.body, t.language from blog_post_texts t where t.post_id = p.id
     order by (t.language = $2) desc, (t.language = 'EN') desc, t.language limit 1) t on true`;

export async function publishedPosts(
  q: Queryable,
  merchantId: number,
  language: LanguageCode,
  now: Date,
  page: number,
  pageSize: number,
): Promise<{ rows: BlogRow[]; total: number }> {
  const rows = await q.query<BlogRow>(
    `select p.slug, p.published_at, t.title, t.summary, '' as body, t.language
       from blog_posts p ${TEXT_PICK}
      where p.merchant_id = $1 and p.published_at is not null and p.published_at <= $3
      order by p.published_at desc, p.id desc limit $4 offset $5`,
    [merchantId, language, now, pageSize, (page - 1) * pageSize],
  );
  const [count] = await q.query<{ n: number }>(
    `select count(*)::int as n from blog_posts
      where merchant_id = $1 and published_at is not null and published_at <= $2`,
    [merchantId, now],
  );
  return { rows, total: count?.n ?? 0 };
}

export async function publishedPost(
  q: Queryable,
  merchantId: number,
  slug: string,
  language: LanguageCode,
  now: Date,
): Promise<BlogRow | null> {
  const [row] = await q.query<BlogRow>(
    `select p.slug, p.published_at, t.title, t.summary, t.body, t.language
       from blog_posts p ${TEXT_PICK}
      where p.merchant_id = $1 and p.slug = $3 and p.published_at is not null and p.published_at <= $4`,
    [merchantId, language, slug, now],
  );
  return row ?? null;
}

export async function coverOf(
  q: Queryable,
  slug: string,
): Promise<{ hue: number; motif: string; slug: string } | null> {
  const [row] = await q.query<{ hue: number; motif: string; slug: string }>(
    'select cover_hue as hue, cover_motif as motif, slug from blog_posts where slug = $1 limit 1',
    [slug],
  );
  return row ?? null;
}

export interface BlogPostInput {
  slug: string;
  coverHue: number;
  coverMotif: string;
  /** Already sanitised. */
  texts: { language: string; title: string; summary: string; body: string }[];
}

/** Creates the post or replaces its cover and texts (a language not given is removed). */
export async function saveBlogPost(q: Queryable, merchantId: number, post: BlogPostInput): Promise<number> {
  const [row] = await q.query<{ id: string }>(
    `insert into blog_posts (merchant_id, slug, cover_hue, cover_motif) values ($1, $2, $3, $4)
     on conflict (merchant_id, slug) do update set cover_hue = excluded.cover_hue, cover_motif = excluded.cover_motif
     returning id`,
    [merchantId, post.slug, post.coverHue, post.coverMotif],
  );
  const id = row?.id;
  await q.query('delete from blog_post_texts where post_id = $1', [id]);
  for (const t of post.texts) {
    await q.query(
      'insert into blog_post_texts (post_id, language, title, summary, body) values ($1, $2, $3, $4, $5)',
      [id, t.language, t.title, t.summary, t.body],
    );
  }
  return Number(id);
}

// ───────────────────────────── join us ─────────────────────────────

export async function activeContractTerms(q: Queryable, merchantId: number) {
  return q.query<{ kind: string; agents: number; max_ratio: number | null; max_amount: string | null }>(
    `select c.kind, count(distinct c.downline_id)::int as agents,
            max(c.max_ratio) filter (where c.kind <> 'daily') as max_ratio,
            max((t.tier ->> 'amount')::bigint) filter (where c.kind = 'daily') as max_amount
       from agent_contracts c
       left join lateral jsonb_array_elements(c.tiers) as t(tier) on true
      where c.merchant_id = $1 and c.status = 'active'
      group by c.kind order by c.kind`,
    [merchantId],
  );
}
