import {
  AGENT_TYPES,
  CONTRACT_KINDS,
  DEFAULT_LANGUAGE,
  FEEDBACK_TYPES,
  type BlogPost,
  type BlogSummary,
  type FeedbackItem,
  type FeedbackSetting,
  type FeedbackType,
  type JoinProgramme,
  type LanguageCode,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import type { SessionMember } from '../session/session.service.ts';
import type { SystemService } from '../system/system.service.ts';
import * as repo from './content.repository.ts';

export interface ContentServiceDeps {
  db: Db;
  now: Clock;
  system: SystemService;
}

export interface Caller {
  member: SessionMember | null;
  ip: string;
  language: LanguageCode;
}

/** Join-us applications a client address may send in an hour. */
export const JOIN_PER_HOUR = 3;

export type ContentService = ReturnType<typeof createContentService>;

export const coverUrl = (slug: string) => `/img/blog/${slug}.svg`;

export function createContentService({ db, now, system }: ContentServiceDeps) {
  const merchantId = async (member: SessionMember | null) =>
    member?.merchantId ?? (await system.merchant()).id;

  async function feedbackSetting(member: SessionMember | null): Promise<FeedbackSetting> {
    const s = await repo.contentSettings(db, await merchantId(member));
    return { ...s, types: [...FEEDBACK_TYPES] };
  }

  /**
   * Spec §5: content required, its length (trimmed) between the merchant's bounds; at most
   * `perMinute` a minute per address and per account. The count and the insert run in one
   * transaction under locks on the address and the account, so parallel sends cannot pass it.
   */
  async function submitFeedback(
    caller: Caller,
    input: { questionType: FeedbackType; content: string; contact?: string | undefined },
  ): Promise<{ id: number }> {
    const mid = await merchantId(caller.member);
    const settings = await repo.contentSettings(db, mid);
    const content = input.content.trim();
    if (!content)
      throw new AppError('BAD_REQUEST', 'content.errors.required', { content: 'content.errors.required' });
    if ([...content].length < settings.minLength || [...content].length > settings.maxLength)
      throw new AppError('BAD_REQUEST', 'content.errors.length', { content: 'content.errors.length' });
    const contact = input.contact?.trim() || null;
    const memberId = caller.member?.id ?? null;
    return db.withTx(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`feedback-ip:${caller.ip}`]);
      if (memberId)
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`feedback-member:${memberId}`]);
      const at = now();
      const recent = await repo.recentFeedback(tx, caller.ip, memberId, new Date(at.getTime() - 60_000));
      if (recent.byIp >= settings.perMinute || recent.byMember >= settings.perMinute)
        throw new AppError('RATE_LIMITED', 'content.errors.too_many', undefined, { retryAfter: 60 });
      const id = await repo.insertFeedback(tx, {
        merchantId: mid,
        memberId,
        questionType: input.questionType,
        content,
        contact,
        ip: caller.ip,
        language: caller.language,
        now: at,
      });
      return { id };
    });
  }

  async function myFeedback(member: SessionMember, page = 1, pageSize = 10) {
    const { items, total } = await repo.memberFeedback(db, member.id, page, pageSize);
    return { items, total, page, pageSize } satisfies {
      items: FeedbackItem[];
      total: number;
      page: number;
      pageSize: number;
    };
  }

  const summary = (r: {
    slug: string;
    title: string;
    summary: string;
    language: LanguageCode;
    published_at: Date;
  }): BlogSummary => ({
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    coverUrl: coverUrl(r.slug),
    publishedAt: new Date(r.published_at).toISOString(),
    language: r.language,
  });

  async function blogList(language: LanguageCode = DEFAULT_LANGUAGE, page = 1, pageSize = 10) {
    const { rows, total } = await repo.publishedPosts(
      db,
      await merchantId(null),
      language,
      now(),
      page,
      pageSize,
    );
    return { items: rows.map(summary), total, page, pageSize };
  }

  async function blogPost(slug: string, language: LanguageCode = DEFAULT_LANGUAGE): Promise<BlogPost> {
    const row = await repo.publishedPost(db, await merchantId(null), slug, language, now());
    if (!row) throw new AppError('NOT_FOUND', 'content.errors.not_found');
    return { ...summary(row), body: row.body };
  }

  async function joinProgramme(member: SessionMember | null): Promise<JoinProgramme> {
    const merchant = await system.merchant();
    const mid = member?.merchantId ?? merchant.id;
    const terms = await repo.activeContractTerms(db, mid);
    const [agents] = await db.query<{ n: number }>(
      'select count(*)::int as n from members where merchant_id = $1 and type = any($2::int[])',
      [mid, [...AGENT_TYPES]],
    );
    const [mine] = member
      ? await db.query<{ id: string; status: 'new' | 'contacted' | 'closed'; created_at: Date }>(
          `select id, status, created_at from join_applications where member_id = $1
            order by created_at desc, id desc limit 1`,
          [member.id],
        )
      : [];
    return {
      contracts: terms
        .filter((t) => (CONTRACT_KINDS as readonly string[]).includes(t.kind))
        .map((t) => ({
          kind: t.kind as JoinProgramme['contracts'][number]['kind'],
          agents: t.agents,
          maxRatio: t.max_ratio,
          maxAmount: t.max_amount === null ? null : Number(t.max_amount),
        })),
      agentCount: agents?.n ?? 0,
      currency: merchant.currency,
      myApplication: mine
        ? { id: Number(mine.id), status: mine.status, createdAt: new Date(mine.created_at).toISOString() }
        : null,
      isAgent: member ? (AGENT_TYPES as readonly number[]).includes(member.type) : false,
    };
  }

  async function joinApply(
    caller: Caller,
    input: { name: string; contact: string; message?: string | undefined },
  ): Promise<{ id: number }> {
    const name = input.name.trim();
    const contact = input.contact.trim();
    if (!name)
      throw new AppError('BAD_REQUEST', 'content.errors.join_name', { name: 'content.errors.join_name' });
    if (!contact)
      throw new AppError('BAD_REQUEST', 'content.errors.join_contact', {
        contact: 'content.errors.join_contact',
      });
    const mid = await merchantId(caller.member);
    const memberId = caller.member?.id ?? null;
    return db.withTx(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`join-ip:${caller.ip}`]);
      const at = now();
      if (memberId) {
        const [open] = await tx.query(
          `select 1 from join_applications where member_id = $1 and status = 'new'`,
          [memberId],
        );
        if (open) throw new AppError('CONFLICT', 'content.errors.join_pending');
      }
      const [recent] = await tx.query<{ n: number }>(
        'select count(*)::int as n from join_applications where ip = $1 and created_at > $2',
        [caller.ip, new Date(at.getTime() - 3600_000)],
      );
      if ((recent?.n ?? 0) >= JOIN_PER_HOUR)
        throw new AppError('RATE_LIMITED', 'content.errors.too_many', undefined, { retryAfter: 3600 });
      const [row] = await tx.query<{ id: string }>(
        `insert into join_applications (merchant_id, member_id, name, contact, message, ip, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [mid, memberId, name, contact, input.message?.trim() || null, caller.ip, at],
      );
      return { id: Number(row?.id) };
    });
  }

  return { feedbackSetting, submitFeedback, myFeedback, blogList, blogPost, joinProgramme, joinApply };
}
