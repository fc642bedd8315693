import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { languageCodeSchema } from '../languages.ts';
import { pagedSchema, pageQuery } from '../money.ts';
import { CONTRACT_KINDS } from './agent.ts';

/**
 * Feedback, the blog and join us (issue 9; spec §2 "other screens", §5 feedback, §7 POST /wps/feedback).
 *
 * Error keys (client catalogue `content`): content.errors.type (unknown question type),
 * content.errors.required (empty content), content.errors.length (outside the merchant's bounds:
 * the client shows them from GET /wps/feedback/setting), content.errors.contact (contact too long),
 * content.errors.too_many (too many in a minute from one address or account: 429),
 * content.errors.not_found (blog post), content.errors.join_name, content.errors.join_contact,
 * content.errors.join_pending (an application of this account is still open).
 */

const none = z.strictObject({});

// ───────────────────────────── feedback ─────────────────────────────

/** Spec §5: question types of the feedback form. */
export const FEEDBACK_TYPES = ['deposit', 'withdraw', 'game', 'service', 'application', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
/** A contact (phone, e-mail, Telegram …) the operator may answer on; optional. */
export const FEEDBACK_CONTACT_MAX = 100;
/** The hard ceiling of any merchant's bounds (the request schema refuses more before reading them). */
export const FEEDBACK_CONTENT_CEILING = 5000;

export const feedbackSettingSchema = z.object({
  /** Content length bounds of this merchant (spec §5 "length between {0} and {1}"). */
  minLength: z.number(),
  maxLength: z.number(),
  /** Submissions a minute per address and per account. */
  perMinute: z.number(),
  types: z.array(z.enum(FEEDBACK_TYPES)),
});
export type FeedbackSetting = z.infer<typeof feedbackSettingSchema>;

export const feedbackSetting = defineEndpoint({
  id: 'feedbackSetting',
  method: 'GET',
  path: '/wps/feedback/setting',
  moduleId: MODULE_IDS.feedback,
  auth: 'guest',
  summary: "The feedback form's rules: the merchant's content length bounds and the question types",
  tags: ['content'],
  request: none,
  response: feedbackSettingSchema,
});

export const feedbackSubmit = defineEndpoint({
  id: 'feedbackSubmit',
  method: 'POST',
  path: '/wps/feedback',
  moduleId: MODULE_IDS.feedback,
  auth: 'guest',
  summary: 'Send feedback (members and guests; limited per address and per account a minute)',
  tags: ['content'],
  request: z.strictObject({
    questionType: z.enum(FEEDBACK_TYPES, { error: 'content.errors.type' }),
    /** Required; its length (after trimming) between the merchant's bounds, checked by the server. */
    content: z.string().check(z.maxLength(FEEDBACK_CONTENT_CEILING, { error: 'content.errors.length' })),
    contact: z.optional(
      z.string().check(z.maxLength(FEEDBACK_CONTACT_MAX, { error: 'content.errors.contact' })),
    ),
  }),
  response: z.object({ id: z.number() }),
});

export const FEEDBACK_STATUSES = ['open', 'answered'] as const;
export const feedbackItemSchema = z.object({
  id: z.number(),
  questionType: z.enum(FEEDBACK_TYPES),
  content: z.string(),
  contact: z.nullable(z.string()),
  status: z.enum(FEEDBACK_STATUSES),
  /** The operator's answer (plain text), once given. */
  reply: z.nullable(z.string()),
  createdAt: z.string(),
  repliedAt: z.nullable(z.string()),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackMine = defineEndpoint({
  id: 'feedbackMine',
  method: 'GET',
  path: '/wps/feedback/mine',
  moduleId: MODULE_IDS.feedback,
  auth: 'member',
  summary: 'My feedback with the operator’s replies, newest first (paged)',
  tags: ['content'],
  request: z.strictObject({ ...pageQuery }),
  response: pagedSchema(feedbackItemSchema),
});

// ───────────────────────────── blog ─────────────────────────────

/** A post's address name: lower-case letters, digits and dashes. */
export const blogSlugSchema = z
  .string()
  .check(z.regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, { error: 'content.errors.not_found' }));

export const blogSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The generated cover image (SVG) the server draws for the post. */
  coverUrl: z.string(),
  publishedAt: z.string(),
  /** The language the texts are in (EN when the requested one is missing). */
  language: languageCodeSchema,
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogList = defineEndpoint({
  id: 'blogList',
  method: 'GET',
  path: '/wps/blog',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Published blog posts in the requested language, newest first (paged)',
  tags: ['content'],
  request: z.strictObject({ language: z.optional(languageCodeSchema), ...pageQuery }),
  response: pagedSchema(blogSummarySchema),
});

export const blogPostSchema = z.object({
  ...blogSummarySchema.shape,
  /** HTML, sanitised by the server when saved (the client sanitises again with DOMPurify). */
  body: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPost = defineEndpoint({
  id: 'blogPost',
  method: 'GET',
  path: '/wps/blog/post',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'One published blog post in the requested language (falls back to EN)',
  tags: ['content'],
  request: z.strictObject({ slug: blogSlugSchema, language: z.optional(languageCodeSchema) }),
  response: blogPostSchema,
});

// ───────────────────────────── join us ─────────────────────────────

export const joinProgrammeSchema = z.object({
  /** What the merchant's active agent contracts pay today, per kind (empty: none yet). */
  contracts: z.array(
    z.object({
      kind: z.enum(CONTRACT_KINDS),
      /** Agents on an active contract of this kind. */
      agents: z.number(),
      /** The highest ratio of any active tier (basis points; dividend, hourly, realtime). */
      maxRatio: z.nullable(z.number()),
      /** The highest fixed day amount of any active tier (minor units; daily wages). */
      maxAmount: z.nullable(z.number()),
    }),
  ),
  /** Agents of the merchant (types 1, 2, 41, 42). */
  agentCount: z.number(),
  currency: z.string(),
  /** The caller's latest application, when signed in. */
  myApplication: z.nullable(
    z.object({ id: z.number(), status: z.enum(['new', 'contacted', 'closed']), createdAt: z.string() }),
  ),
  /** Whether the caller already is an agent. */
  isAgent: z.boolean(),
});
export type JoinProgramme = z.infer<typeof joinProgrammeSchema>;

export const joinProgramme = defineEndpoint({
  id: 'joinProgramme',
  method: 'GET',
  path: '/wps/join',
  moduleId: MODULE_IDS.agent,
  auth: 'guest',
  summary: "Join us: what the merchant's agents earn (active contracts) and my application",
  tags: ['content'],
  request: none,
  response: joinProgrammeSchema,
});

export const JOIN_NAME_MAX = 60;
export const JOIN_CONTACT_MAX = 100;
export const JOIN_MESSAGE_MAX = 500;

export const joinApply = defineEndpoint({
  id: 'joinApply',
  method: 'POST',
  path: '/wps/join',
  moduleId: MODULE_IDS.agent,
  auth: 'guest',
  summary: 'Apply to become an agent: stored for the operator (npm run ops -- content join list)',
  tags: ['content'],
  request: z.strictObject({
    name: z.string().check(z.maxLength(JOIN_NAME_MAX, { error: 'content.errors.join_name' })),
    contact: z.string().check(z.maxLength(JOIN_CONTACT_MAX, { error: 'content.errors.join_contact' })),
    message: z.optional(
      z.string().check(z.maxLength(JOIN_MESSAGE_MAX, { error: 'content.errors.too_long' })),
    ),
  }),
  response: z.object({ id: z.number() }),
});

export const contentEndpoints = {
  feedbackSetting,
  feedbackSubmit,
  feedbackMine,
  blogList,
  blogPost,
  joinProgramme,
  joinApply,
} satisfies Record<string, Endpoint>;
