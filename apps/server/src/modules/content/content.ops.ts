import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/errors.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import type { OpsResult } from '../ops/ops.service.ts';
import { saveBlogDraft, type BlogPostDraft } from './blog-posts.ts';

/** Usage lines of this module's ops commands (shown by `npm run ops -- help`). */
export const CONTENT_OPS_USAGE = `  content feedback list [open|answered|all]   feedback, newest first (default: open)
  content feedback reply <id> <text…>         answer a feedback (the member sees it under My feedback)
  content feedback setting [<min> <max> [perMinute]]   show or set the content length bounds and the rate
  content blog list                           blog posts with their languages and publish time
  content blog publish <slug> [file.json]     publish a post; with a file ({coverHue, coverMotif, texts:
                                              {EN: {title, summary, body}, MY: …}}) create or replace it first
  content blog unpublish <slug>               take a post off the blog
  content join list                           join-us (agent) applications, newest first
  content join status <id> new|contacted|closed`;

const usage = (text: string) => new AppError('BAD_REQUEST', text);
const iso = (d: Date | null) => (d ? new Date(d).toISOString().replace('.000Z', 'Z') : '-');
const oneLine = (s: string, max = 80) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

async function merchantId(d: MoneyOpsDeps): Promise<number> {
  const [m] = await d.db.query<{ id: number }>('select id from merchants order by id limit 1');
  if (!m) throw new AppError('NOT_FOUND', 'no merchant');
  return m.id;
}

async function feedbackOps(d: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const [action, ...rest] = args;
  if (action === 'list') {
    const which = rest[0] ?? 'open';
    if (!['open', 'answered', 'all'].includes(which)) throw usage('feedback list [open|answered|all]');
    const rows = await d.db.query<{
      id: string;
      question_type: string;
      content: string;
      contact: string | null;
      status: string;
      reply: string | null;
      account: string | null;
      created_at: Date;
    }>(
      `select f.id::text as id, f.question_type, f.content, f.contact, f.status, f.reply, m.account, f.created_at
         from feedback f left join members m on m.id = f.member_id
        where $1 = 'all' or f.status = $1 order by f.created_at desc, f.id desc limit 200`,
      [which],
    );
    if (rows.length === 0) return { message: `no ${which === 'all' ? '' : `${which} `}feedback` };
    return {
      message: rows
        .map(
          (r) =>
            `#${r.id.padEnd(5)} ${iso(r.created_at)} ${r.question_type.padEnd(11)} ${(r.account ?? 'guest').padEnd(12)} ${r.status.padEnd(8)} ${oneLine(r.content)}${r.contact ? `  [contact: ${oneLine(r.contact, 40)}]` : ''}${r.reply ? `\n        reply: ${oneLine(r.reply)}` : ''}`,
        )
        .join('\n'),
    };
  }
  if (action === 'reply') {
    const [rawId, ...words] = rest;
    const text = words.join(' ').trim();
    if (!rawId || !/^\d{1,15}$/.test(rawId) || !text) throw usage('feedback reply <id> <text…>');
    if (text.length > 2000) throw usage('a reply is limited to 2000 characters');
    const [row] = await d.db.query<{ id: string; member_id: string | null }>(
      `update feedback set reply = $2, status = 'answered', replied_at = $3 where id = $1
       returning id::text as id, member_id::text as member_id`,
      [rawId, text, d.now()],
    );
    if (!row) throw new AppError('NOT_FOUND', `no feedback #${rawId}`);
    return {
      message: `feedback #${row.id} answered${row.member_id ? '' : ' (sent by a guest: only its contact can reach them)'}`,
    };
  }
  if (action === 'setting') {
    const mid = await merchantId(d);
    if (rest.length > 0) {
      const [min, max, per] = rest.map(Number);
      if (
        !Number.isInteger(min) ||
        !Number.isInteger(max) ||
        (min ?? 0) < 1 ||
        (max ?? 0) < (min ?? 0) ||
        (max ?? 0) > 5000
      )
        throw usage('feedback setting <min ≥ 1> <max ≤ 5000, ≥ min> [perMinute ≥ 1]');
      if (per !== undefined && (!Number.isInteger(per) || per < 1))
        throw usage('perMinute is a whole number ≥ 1');
      await d.db.query(
        `insert into content_settings (merchant_id, feedback_min_length, feedback_max_length, feedback_per_minute)
         values ($1, $2, $3, coalesce($4, 3))
         on conflict (merchant_id) do update set feedback_min_length = $2, feedback_max_length = $3,
           feedback_per_minute = coalesce($4, content_settings.feedback_per_minute)`,
        [mid, min, max, per ?? null],
      );
    }
    const [s] = await d.db.query<{ min: number; max: number; per: number }>(
      `select feedback_min_length as min, feedback_max_length as max, feedback_per_minute as per
         from content_settings where merchant_id = $1`,
      [mid],
    );
    return {
      message: s
        ? `feedback content length ${s.min}-${s.max}, at most ${s.per} a minute per address and per account`
        : 'no feedback setting yet (defaults 10-500, 3 a minute)',
    };
  }
  throw usage('content feedback needs: list, reply <id> <text…> or setting');
}

async function blogOps(d: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const [action, slug, file] = args;
  if (action === 'list') {
    const rows = await d.db.query<{
      slug: string;
      published_at: Date | null;
      languages: string;
      title: string;
    }>(
      `select p.slug, p.published_at, string_agg(t.language, ',' order by t.language) as languages,
              coalesce(max(t.title) filter (where t.language = 'EN'), max(t.title)) as title
         from blog_posts p left join blog_post_texts t on t.post_id = p.id
        group by p.id order by p.published_at desc nulls last, p.id desc`,
    );
    if (rows.length === 0) return { message: 'no blog posts' };
    return {
      message: rows
        .map(
          (r) =>
            `${r.slug.padEnd(32)} ${(r.published_at ? `published ${iso(r.published_at)}` : 'unpublished').padEnd(30)} ${r.languages.padEnd(15)} ${oneLine(r.title, 60)}`,
        )
        .join('\n'),
    };
  }
  if ((action === 'publish' || action === 'unpublish') && slug) {
    const mid = await merchantId(d);
    if (action === 'publish' && file) {
      let draft: BlogPostDraft;
      try {
        const raw = JSON.parse(await readFile(path.resolve(file), 'utf8')) as Omit<BlogPostDraft, 'slug'>;
        draft = { ...raw, slug };
      } catch (e) {
        throw usage(`cannot read ${file}: ${(e as Error).message}`);
      }
      if (!draft.texts || typeof draft.texts !== 'object')
        throw usage('the file needs "texts": {EN: {title, summary, body}, …}');
      await d.db.withTx(async (tx) => saveBlogDraft(tx, mid, draft));
    }
    const [row] = await d.db.query<{ slug: string }>(
      action === 'publish'
        ? `update blog_posts set published_at = coalesce(published_at, $3) where merchant_id = $1 and slug = $2 returning slug`
        : `update blog_posts set published_at = null where merchant_id = $1 and slug = $2 and $3::timestamptz is not null returning slug`,
      [mid, slug, d.now()],
    );
    if (!row)
      throw new AppError(
        'NOT_FOUND',
        `no blog post "${slug}"${action === 'publish' ? ' (give a file to create it)' : ''}`,
      );
    return { message: `${slug} ${action}ed` };
  }
  throw usage('content blog needs: list, publish <slug> [file.json] or unpublish <slug>');
}

async function joinOps(d: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const [action, id, status] = args;
  if (action === 'list') {
    const rows = await d.db.query<{
      id: string;
      name: string;
      contact: string;
      message: string | null;
      status: string;
      account: string | null;
      created_at: Date;
    }>(
      `select a.id::text as id, a.name, a.contact, a.message, a.status, m.account, a.created_at
         from join_applications a left join members m on m.id = a.member_id
        order by a.created_at desc, a.id desc limit 200`,
    );
    if (rows.length === 0) return { message: 'no join applications' };
    return {
      message: rows
        .map(
          (r) =>
            `#${r.id.padEnd(5)} ${iso(r.created_at)} ${r.status.padEnd(10)} ${(r.account ?? 'guest').padEnd(12)} ${oneLine(r.name, 30)} <${oneLine(r.contact, 40)}>${r.message ? `  ${oneLine(r.message)}` : ''}`,
        )
        .join('\n'),
    };
  }
  if (
    action === 'status' &&
    id &&
    /^\d{1,15}$/.test(id) &&
    ['new', 'contacted', 'closed'].includes(status ?? '')
  ) {
    const [row] = await d.db.query('update join_applications set status = $2 where id = $1 returning id', [
      id,
      status,
    ]);
    if (!row) throw new AppError('NOT_FOUND', `no join application #${id}`);
    return { message: `join application #${id} is ${status}` };
  }
  throw usage('content join needs: list or status <id> new|contacted|closed');
}

/** The operator commands of content (issue 9): run on the data directory or through a running server. */
export async function contentOps(deps: MoneyOpsDeps, args: readonly string[]): Promise<OpsResult> {
  const [area, ...rest] = args;
  switch (area) {
    case 'feedback':
      return feedbackOps(deps, rest);
    case 'blog':
      return blogOps(deps, rest);
    case 'join':
      return joinOps(deps, rest);
    default:
      throw usage(
        `content needs: feedback, blog or join (got ${area ? `"${area}"` : 'nothing'})\n${CONTENT_OPS_USAGE}`,
      );
  }
}
