import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_GROUP_OF,
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENT_TYPES,
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  PAGE_SIZE_DEFAULT,
  WINNER_COUNT_DEFAULT,
  WINNER_COUNT_MAX,
  WINNER_DAYS_DEFAULT,
  type Announcement,
  type AnnouncementType,
  type LanguageCode,
  type Winner,
} from '@app/contracts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import { sanitizeHtml, summaryOf } from '../../lib/sanitize-html.ts';
import type { SystemService } from '../system/system.service.ts';
import * as repo from './announcements.repository.ts';

export interface AnnouncementsServiceDeps {
  db: Db;
  now: Clock;
  system: Pick<SystemService, 'merchant'>;
}

/** Who asks: a member's merchant, or (a guest) the installation's merchant. */
export type Caller = { merchantId: number } | null;

export interface PublishInput {
  merchantId: number;
  type: string;
  /** Language code → title and (HTML) content. */
  texts: Record<string, { title?: string | undefined; content?: string | undefined }>;
  startsAt?: Date | undefined;
  endsAt?: Date | null | undefined;
  sort?: number | undefined;
  /** The seed's own key (a restart finds the row instead of publishing again). */
  seedKey?: string | undefined;
}

export interface Published {
  id: number;
  /** Per language, what the sanitiser took out of the content. */
  removed: Record<string, string[]>;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
const refuse = (message: string) => new AppError('BAD_REQUEST', message);
const isType = (t: string): t is AnnouncementType => (ANNOUNCEMENT_TYPES as readonly string[]).includes(t);
const isLanguage = (l: string): l is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(l);

/** Spec §7 winner rank list: `de***01` (the first two and last two characters). */
export function maskAccount(account: string): string {
  if (account.length >= 5) return `${account.slice(0, 2)}***${account.slice(-2)}`;
  if (account.length >= 3) return `${account.slice(0, 1)}***${account.slice(-1)}`;
  return `${account.slice(0, 1)}***`;
}

/** How long a list answer is reused (the home page asks on every visit; an edit here clears it). */
const LIST_TTL_MS = 5_000;
/** The winners board is computed at most once a minute per merchant and window. */
export const WINNERS_TTL_MS = 60_000;
const CACHE_MAX = 500;
/**
 * Bumped by every publish and withdrawal in this process: the ops command's own service (the CLI
 * through a running server) and the relay's are two instances; neither serves a list older than
 * the last change it could know of.
 */
let changes = 0;

/** Announcements (issue 9): the relay, publishing and withdrawing, and the winners board. */
export function createAnnouncementsService(deps: AnnouncementsServiceDeps) {
  const { db, now } = deps;
  const lists = new Map<string, { at: number; version: number; value: Promise<ListPage> }>();
  const winners = new Map<
    string,
    { at: number; version: number; value: Promise<{ rows: repo.WinRow[]; updatedAt: Date }> }
  >();
  let guestMerchant: Promise<number> | null = null;

  async function merchantOf(caller: Caller): Promise<number> {
    if (caller) return caller.merchantId;
    guestMerchant ??= deps.system
      .merchant()
      .then((m) => m.id)
      .catch((e: unknown) => {
        guestMerchant = null;
        throw e;
      });
    return guestMerchant;
  }

  function cached<T>(
    map: Map<string, { at: number; version: number; value: Promise<T> }>,
    key: string,
    ttl: number,
    load: () => Promise<T>,
  ) {
    const t = now().getTime();
    const hit = map.get(key);
    if (hit && hit.version === changes && t - hit.at < ttl && t >= hit.at) return hit.value;
    if (map.size >= CACHE_MAX) map.clear();
    const value = load();
    map.set(key, { at: t, version: changes, value });
    value.catch(() => map.delete(key));
    return value;
  }

  type ListPage = { items: Announcement[]; page: number; pageSize: number; total: number };

  function toAnnouncement(r: repo.AnnouncementRow): Announcement {
    return {
      id: Number(r.id),
      type: r.type,
      group: ANNOUNCEMENT_GROUP_OF[r.type],
      title: r.title,
      content: r.content,
      summary: r.summary,
      imageUrl: r.image_url,
      language: r.language,
      timestamp: r.timestamp,
      startsAt: new Date(r.starts_at).toISOString(),
      endsAt: r.ends_at ? new Date(r.ends_at).toISOString() : null,
    };
  }

  /** Checks and sanitises one language's text (title plain, content allow-listed HTML). */
  function textOf(language: string, t: { title?: string | undefined; content?: string | undefined }) {
    if (!isLanguage(language))
      throw refuse(`unknown language "${language}"; use one of ${LANGUAGE_CODES.join(', ')}`);
    const title = (t.title ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
    if (!title) throw refuse(`${language}: a title is needed (${language}.title=…)`);
    if (title.length > ANNOUNCEMENT_TITLE_MAX)
      throw refuse(`${language}: the title is limited to ${ANNOUNCEMENT_TITLE_MAX} characters`);
    const raw = t.content ?? '';
    if (!raw.trim()) throw refuse(`${language}: content is needed (${language}.content=…)`);
    if (raw.length > ANNOUNCEMENT_CONTENT_MAX)
      throw refuse(`${language}: the content is limited to ${ANNOUNCEMENT_CONTENT_MAX} characters`);
    const clean = sanitizeHtml(raw);
    if (!clean.html.trim() || (!clean.text && !clean.imageUrl))
      throw refuse(
        `${language}: nothing is left of the content once unsafe HTML is removed (${clean.removed.join(', ') || 'no text'})`,
      );
    return {
      text: {
        language,
        title,
        content: clean.html,
        summary: summaryOf(clean.text),
        imageUrl: clean.imageUrl,
      },
      removed: clean.removed,
    };
  }

  return {
    /** The relay: in force now, of the given types, in the reader's language with fallback. */
    async list(
      caller: Caller,
      q: {
        types?: string | undefined;
        language?: LanguageCode | undefined;
        page?: number | undefined;
        pageSize?: number | undefined;
      },
    ): Promise<ListPage> {
      const merchantId = await merchantOf(caller);
      const types = [...new Set((q.types ?? ANNOUNCEMENT_TYPES.join(',')).split(','))].sort();
      const language = q.language ?? DEFAULT_LANGUAGE;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
      const key = JSON.stringify([merchantId, types, language, page, pageSize]);
      return cached(lists, key, LIST_TTL_MS, async () => {
        const { rows, total } = await repo.listLive(db, {
          merchantId,
          types,
          at: now(),
          language,
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
        return { items: rows.map(toAnnouncement), page, pageSize, total };
      });
    },

    /** Publishes one announcement in one or several languages (operator and seed). */
    async publish(input: PublishInput, tx: Queryable = db): Promise<Published> {
      if (!isType(input.type))
        throw refuse(`type must be one of ${ANNOUNCEMENT_TYPES.join(', ')} (got "${input.type}")`);
      const languages = Object.keys(input.texts);
      if (languages.length === 0)
        throw refuse('at least one language is needed, e.g. EN.title=… EN.content=…');
      const removed: Record<string, string[]> = {};
      const texts = languages.map((l) => {
        const r = textOf(l, input.texts[l]!);
        if (r.removed.length > 0) removed[l] = r.removed;
        return r.text;
      });
      const at = now();
      const startsAt = input.startsAt ?? at;
      const endsAt = input.endsAt ?? null;
      if (endsAt && endsAt <= at) throw refuse('the end is already past');
      if (endsAt && endsAt <= startsAt) throw refuse('the end must come after the start');
      const sort = input.sort ?? 0;
      if (!Number.isInteger(sort) || Math.abs(sort) > 1_000_000) throw refuse('sort must be a whole number');
      const id = await repo.insert(tx, {
        merchantId: input.merchantId,
        type: input.type,
        startsAt,
        endsAt,
        sort,
        seedKey: input.seedKey,
        texts,
      });
      changes++;
      return { id: Number(id), removed };
    },

    async withdraw(merchantId: number, id: string): Promise<void> {
      if (!/^\d{1,18}$/.test(id)) throw refuse(`"${id}" is not an announcement id`);
      if (!(await repo.withdraw(db, merchantId, id, now())))
        throw new AppError('NOT_FOUND', `no announcement #${id} in force or scheduled`);
      changes++;
    },

    listForOps: (merchantId: number, all: boolean) => repo.listForOps(db, merchantId, now(), all),
    findForOps: (merchantId: number, id: string) =>
      /^\d{1,18}$/.test(id) ? repo.findForOps(db, merchantId, id) : Promise.resolve(null),

    /** Spec §7 winner rank list: the biggest real wins of the last `days` days, masked. */
    async winners(
      caller: Caller,
      q: { days?: number | undefined; count?: number | undefined },
    ): Promise<{ items: Winner[]; days: number; updatedAt: string }> {
      const merchantId = await merchantOf(caller);
      const days = q.days ?? WINNER_DAYS_DEFAULT;
      const count = q.count ?? WINNER_COUNT_DEFAULT;
      const board = await cached(winners, `${merchantId}:${days}`, WINNERS_TTL_MS, async () => {
        const at = now();
        const rows = await repo.biggestWins(
          db,
          merchantId,
          new Date(at.getTime() - days * 86_400_000),
          WINNER_COUNT_MAX,
        );
        return { rows, updatedAt: at };
      });
      return {
        items: board.rows.slice(0, count).map((r, i) => ({
          rank: i + 1,
          account: maskAccount(r.account),
          amount: Number(r.amount),
          game: r.game_name,
          vertical: r.vertical,
          settledAt: new Date(r.settled_at).toISOString(),
        })),
        days,
        updatedAt: board.updatedAt.toISOString(),
      };
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
