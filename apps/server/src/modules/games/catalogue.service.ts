import {
  enabledGameTypes,
  PAGE_SIZE_DEFAULT,
  type Game,
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
        sort?: repo.GameSort | undefined;
        page?: number | undefined;
        pageSize?: number | undefined;
      },
    ) {
      const merchantId = await merchantOf(member);
      await knownVendor(merchantId, q.vassalage);
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? PAGE_SIZE_DEFAULT;
      const search = q.q?.trim().toLowerCase() || undefined;
      const { items, total } = await repo.listGames(db, {
        merchantId,
        gameType: q.gameType,
        vassalage: q.vassalage,
        search,
        hot: q.hot === undefined ? undefined : q.hot === '1',
        sort: q.sort ?? 'hot',
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { items, page, pageSize, total };
    },

    async vendorsOfType(member: Caller, gameType: GameType) {
      const merchantId = await merchantOf(member);
      return { vendors: (await repo.listVendors(db, merchantId, gameType)).map(({ isHot: _, ...v }) => v) };
    },

    async vendors(member: Caller, merchantCode: string | undefined) {
      let merchantId: number;
      if (merchantCode) {
        const id = await repo.findMerchantId(db, merchantCode);
        if (id === null) throw new AppError('NOT_FOUND');
        merchantId = id;
      } else merchantId = await merchantOf(member);
      return { vendors: (await repo.listVendors(db, merchantId)).map(({ isHot: _, ...v }) => v) };
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
