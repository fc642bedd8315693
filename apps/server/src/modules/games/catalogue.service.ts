import {
  enabledGameTypes,
  PAGE_SIZE_DEFAULT,
  type Game,
  type GameVendor,
  type GameType,
  type PvpRoom,
  type VendorCategory,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionMember } from '../session/session.service.ts';
import type { SystemService } from '../system/system.service.ts';
import * as repo from './catalogue.repository.ts';

/**
 * The game catalogue (issue 5; spec §3 vendor category / vendor / game object, §7 game calls):
 * menus, hot games, the paged and searchable game list, vendors, favourites, recent games and PVP
 * rooms. Always the catalogue of one merchant: the signed-in member's, else the installation's
 * (the demo merchant, as the other guest calls answer).
 */
export const HOT_GAMES_DEFAULT = 20;
export const FAVOURITES_MAX = 200;
/** Contract: "the games I launched last (at most 30)". */
export const RECENT_MAX = 30;

export type GameSort = 'hot' | 'name' | 'new';

/**
 * One merchant's catalogue in memory, as of one catalogue_version: the lobby lists and searches
 * 10,000 games on every keystroke, and a scan of them in memory costs less than one round trip.
 * Lists are built on first use per (sort, type, vendor) and kept with the snapshot.
 */
interface Snapshot {
  rows: repo.CatalogueRow[];
  lists: Map<string, repo.CatalogueRow[]>;
  /** Launchable games per vendor, counted on first use. */
  counts?: Map<string, number>;
  /** Recent searches (list key + text → matches), least recently used first. */
  searches: Map<string, repo.CatalogueRow[]>;
}

/** Players type the same first letters: the last few hundred searches are kept per snapshot. */
export const SEARCH_CACHE_SIZE = 500;

/**
 * The rows of `list` whose name or code contains `text`. Typing narrows: the matches of a cached
 * shorter prefix of `text` hold every match of `text`, so only they are scanned.
 */
function searchIn(snap: Snapshot, ofList: string, list: repo.CatalogueRow[], text: string) {
  const key = `${ofList}|${text}`;
  const hit = snap.searches.get(key);
  if (hit) {
    snap.searches.delete(key);
    snap.searches.set(key, hit);
    return hit;
  }
  let from = list;
  for (let n = text.length - 1; n > 0; n--) {
    const shorter = snap.searches.get(`${ofList}|${text.slice(0, n)}`);
    if (shorter) {
      from = shorter;
      break;
    }
  }
  const found = from.filter((r) => r.search.includes(text));
  snap.searches.set(key, found);
  if (snap.searches.size > SEARCH_CACHE_SIZE)
    snap.searches.delete(snap.searches.keys().next().value as string);
  return found;
}

function gameCounts(snap: Snapshot): Map<string, number> {
  if (!snap.counts) {
    const counts = new Map<string, number>();
    for (const r of snap.rows)
      if (r.game.isGame === 'GAME') counts.set(r.game.vassalage, (counts.get(r.game.vassalage) ?? 0) + 1);
    snap.counts = counts;
  }
  return snap.counts;
}

const listKey = (sort: GameSort, gameType: GameType | undefined, vassalage: string | undefined) =>
  `${sort}|${gameType ?? ''}|${vassalage ?? ''}`;

function listOf(
  snap: Snapshot,
  key: string,
  sort: GameSort,
  gameType: GameType | undefined,
  vassalage: string | undefined,
) {
  let list = snap.lists.get(key);
  if (!list) {
    // The lobby lists top-level entries (a VASSALAGE entry stands for its sub-games); one
    // vendor's list (the VASSALAGE popup) is every game it launches.
    const picked = snap.rows.filter(
      (r) =>
        (!gameType || r.game.gameType === gameType) &&
        (vassalage ? r.game.vassalage === vassalage && r.game.isGame === 'GAME' : r.parentId === null),
    );
    // rows are in name order: hot first keeps it within each part; newest is the highest id.
    if (sort === 'hot')
      list = [...picked.filter((r) => r.game.isHot), ...picked.filter((r) => !r.game.isHot)];
    else if (sort === 'new') list = picked.sort((a, b) => b.game.id - a.game.id);
    else list = picked;
    snap.lists.set(key, list);
  }
  return list;
}

/**
 * A read that starts after the caller asked: a call joins a read already queued behind the one in
 * flight, never the one in flight (it may have started before the caller's last write). Under
 * load, at most two reads are out at a time instead of one per call.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<unknown> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const p = read();
    const done: Promise<unknown> = p.then(
      () => undefined,
      () => undefined,
    );
    running = done;
    void done.then(() => {
      if (running === done) running = null;
    });
    return p;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    const next = running.then(() => {
      queued = null;
      return start();
    });
    queued = next;
    return next;
  };
}

export interface CatalogueDeps {
  db: Db;
  system: SystemService;
}

type Caller = SessionMember | null;

export function createCatalogueService({ db, system }: CatalogueDeps) {
  // The installation's merchant never changes once seeded: read once, not on every guest call.
  let guestMerchant: Promise<number> | null = null;
  async function merchantOf(member: Caller): Promise<number> {
    if (member) return member.merchantId;
    guestMerchant ??= system
      .merchant()
      .then((m) => m.id)
      .catch((e: unknown) => {
        guestMerchant = null;
        throw e;
      });
    return guestMerchant;
  }

  const version = freshRead(() => repo.catalogueVersion(db));
  const snapshots = new Map<number, { version: number; snapshot: Promise<Snapshot> }>();
  /** The merchant's catalogue as of now (reloaded when catalogue_version moved). */
  async function catalogue(merchantId: number): Promise<Snapshot> {
    const v = await version();
    const have = snapshots.get(merchantId);
    if (have && have.version >= v) return have.snapshot;
    // Loaded after reading v: never older than v (at worst newer, then loaded again next time).
    const snapshot = repo
      .loadCatalogue(db, merchantId)
      .then((rows) => ({ rows, lists: new Map(), searches: new Map() }));
    snapshots.set(merchantId, { version: v, snapshot });
    snapshot.catch(() => {
      if (snapshots.get(merchantId)?.snapshot === snapshot) snapshots.delete(merchantId);
    });
    return snapshot;
  }

  /** Spec §3 game vendors with the number of games each launches. */
  async function vendorsOf(merchantId: number, gameType?: GameType): Promise<GameVendor[]> {
    const [vendors, snap] = await Promise.all([
      repo.listVendors(db, merchantId, gameType),
      catalogue(merchantId),
    ]);
    const counts = gameCounts(snap);
    return vendors.map(({ isHot: _, ...v }) => ({ ...v, gameCount: counts.get(v.vassalage) ?? 0 }));
  }

  async function knownVendor(merchantId: number, vassalage: string | undefined): Promise<void> {
    if (vassalage && !(await repo.vendorExists(db, merchantId, vassalage)))
      throw new AppError('NOT_FOUND', 'games.errors.unknown_vendor');
  }

  /** A game of the caller's merchant, else 404 games.errors.unknown_game. */
  async function knownGame(merchantId: number, gameId: number): Promise<Game> {
    const game = await repo.findGame(db, merchantId, gameId);
    if (!game) throw new AppError('NOT_FOUND', 'games.errors.unknown_game');
    return game;
  }

  return {
    merchantOf,

    /** Spec §3 vendor categories: one per game type the whitelabel tree enables, in its order. */
    async menus(member: Caller): Promise<{ categories: VendorCategory[] }> {
      const merchantId = await merchantOf(member);
      const [tree, vendors] = await Promise.all([
        system.whitelabel(merchantId),
        repo.listVendors(db, merchantId),
      ]);
      const categories = enabledGameTypes(tree).map((gameType) => ({
        gameType,
        title: `nav.games.${gameType.toLowerCase()}`,
        cards: vendors
          .filter((v) => v.gameType === gameType)
          .map((v) => ({
            vassalage: v.vassalage,
            name: v.name,
            gameType: v.gameType,
            isHot: v.isHot ? (1 as const) : (0 as const),
            logoUrl: v.logoUrl,
            status: v.status,
          })),
      }));
      return { categories };
    },

    async hot(member: Caller, q: { gameType?: GameType | undefined; count?: number | undefined }) {
      const merchantId = await merchantOf(member);
      return { items: await repo.hotGames(db, merchantId, q.gameType, q.count ?? HOT_GAMES_DEFAULT) };
    },

    async list(
      member: Caller,
      q: {
        gameType?: GameType | undefined;
        vassalage?: string | undefined;
        q?: string | undefined;
        hot?: '1' | '0' | undefined;
        sort?: GameSort | undefined;
        page?: number | undefined;
        pageSize?: number | undefined;
      },
    ) {
      const merchantId = await merchantOf(member);
      await knownVendor(merchantId, q.vassalage);
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
      const search = q.q?.trim().toLowerCase() || undefined;
      const hot = q.hot === undefined ? undefined : q.hot === '1';
      const snap = await catalogue(merchantId);
      const sort = q.sort ?? 'hot';
      const key = listKey(sort, q.gameType, q.vassalage);
      let list = listOf(snap, key, sort, q.gameType, q.vassalage);
      if (search !== undefined) list = searchIn(snap, key, list, search);
      if (hot !== undefined) list = list.filter((r) => r.game.isHot === hot);
      const offset = (page - 1) * pageSize;
      const items = list.slice(offset, offset + pageSize).map((r) => r.game);
      const total = list.length;
      return { items, page, pageSize, total };
    },

    async vendorsOfType(member: Caller, gameType: GameType) {
      return { vendors: await vendorsOf(await merchantOf(member), gameType) };
    },

    async vendors(member: Caller, merchantCode: string | undefined) {
      let merchantId: number;
      if (merchantCode) {
        const id = await repo.findMerchantId(db, merchantCode);
        if (id === null) throw new AppError('NOT_FOUND');
        merchantId = id;
      } else merchantId = await merchantOf(member);
      return { vendors: await vendorsOf(merchantId) };
    },

    async favourites(member: SessionMember, gameType: GameType | undefined) {
      return {
        items: await repo.favouriteGames(db, member.id, member.merchantId, gameType, FAVOURITES_MAX),
      };
    },

    /** Adding or removing twice is fine; a game of another merchant is unknown. */
    async setFavourite(member: SessionMember, gameId: number, favourite: boolean) {
      await knownGame(member.merchantId, gameId);
      if (favourite) await repo.addFavourite(db, member.id, gameId);
      else await repo.removeFavourite(db, member.id, gameId);
      return { gameId, favourite };
    },

    async recent(member: SessionMember, gameType: GameType | undefined) {
      return { items: await repo.recentGames(db, member.id, member.merchantId, gameType, RECENT_MAX) };
    },

    async rooms(member: Caller, vassalage: string | undefined): Promise<{ rooms: PvpRoom[] }> {
      const merchantId = await merchantOf(member);
      await knownVendor(merchantId, vassalage);
      return { rooms: await repo.listRooms(db, merchantId, vassalage) };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
