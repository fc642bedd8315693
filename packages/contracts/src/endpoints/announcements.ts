import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS, type Endpoint } from '../endpoint.ts';
import { languageCodeSchema } from '../languages.ts';
import { winnerRankList } from './winners.ts';

/**
 * Announcements, the notice modal and the home page's boards (issue 9; spec §2 notice modal, §3
 * announcement, §4 after-login modal, §7 relays, §9 announcement types).
 *
 * An announcement has one type (spec §9: B, PL, PU, PR, H) and so one group (spec §3: player,
 * banners, popup, promotion):
 *   B  banners    the home page's banner carousel
 *   PL player     the notice modal (7 per page)
 *   PU popup      opened once after each login
 *   PR promotion  promotion notes
 *   H  player     a player announcement pinned to the home page's notice line (and in the modal)
 * Each is written in one or several languages; a reader gets it in their language, else EN, else
 * MY (spec §9 default), else the first language it has. Content is HTML the server has already
 * sanitised when it was published (an allow-list: no scripts, handlers, styles, frames, forms or
 * `javascript:` / `data:` URLs); the client sanitises it again (DOMPurify) before showing it.
 */

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const ANNOUNCEMENT_GROUPS = ['player', 'banners', 'popup', 'promotion'] as const;
export type AnnouncementGroup = (typeof ANNOUNCEMENT_GROUPS)[number];
export const ANNOUNCEMENT_GROUP_OF: Record<AnnouncementType, AnnouncementGroup> = {
  B: 'banners',
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'player',
};
/** The types of one group (the relay is asked by type; the client thinks in groups). */
export const ANNOUNCEMENT_TYPES_OF: Record<AnnouncementGroup, string> = {
  banners: 'B',
  player: 'PL,H',
  popup: 'PU',
  promotion: 'PR',
};
/** Spec §2/§9: the notice modal shows 7 announcements a page. */
export const NOTICE_PAGE_SIZE = 7;
/** Limits of what an operator publishes (characters). */
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 20_000;

/** One announcement in the reader's language (spec §3: title, content, timestamp). */
export const announcementSchema = z.object({
  id: z.number(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  group: z.enum(ANNOUNCEMENT_GROUPS),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** The content as plain text, whitespace collapsed, up to 200 characters (banners, lists). */
  summary: z.string(),
  /** The first image of the content (a same-origin path), or null: the banner's picture. */
  imageUrl: z.nullable(z.string()),
  /** The language of this text (the reader's, or the fallback's): the `lang` of the content. */
  language: z.string(),
  /** Spec §3: when it was published, yyyy-MM-dd HH:mm:ss in the merchant's time zone. */
  timestamp: z.string(),
  /** ISO 8601: in force from … until (null: no end). */
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** A comma list of types, e.g. `B` or `PL,H` (spec §7 "types B,PL,PU,PR,H"). */
const typesParam = z.string().check(z.regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H)){0,4}$/));

export const announcements = defineEndpoint({
  id: 'announcements',
  method: 'GET',
  path: '/wps/relay/MCSFE_announcement',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary:
    'Relay MCSFE_announcement: the announcements in force now of the given types (default all), in the reader’s language with fallback, newest first, paged',
  tags: ['announcements'],
  request: z.strictObject({
    types: z.optional(typesParam),
    /** Spec §7: platform W (web), the only one. */
    platform: z.optional(z.enum(['W'])),
    /** Spec §7/§9: execution B, the only one: those in force now (started, not ended, not withdrawn). */
    execution: z.optional(z.enum(['B'])),
    language: z.optional(languageCodeSchema),
    // As money.ts `pageQuery` (page from 1, up to 100 a page), written here: the home page asks for
    // its banners before its first paint, and money.ts would come along whole.
    page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
    pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  }),
  response: z.object({
    items: z.array(announcementSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
});

export * from './winners.ts';

/** The relays of issue 9's announcements part: announcements and the winners board. */
export const announcementEndpoints = { announcements, winnerRankList } satisfies Record<string, Endpoint>;
