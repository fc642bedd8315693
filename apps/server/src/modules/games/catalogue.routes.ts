import type { gameCatalogueEndpoints, LotteryMenu } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** Thin handlers of the catalogue calls (issue 5): guests see the installation's merchant. */
export function gameCatalogueHandlers(
  catalogue: CatalogueService,
  lotteryMenus: (merchantId: number) => Promise<LotteryMenu[]>,
): HandlerMap<typeof gameCatalogueEndpoints> {
  return {
    gameMenus: async ({ req }) => {
      const menus = await catalogue.menus(req.member);
      return { ...menus, lotteryMenus: await lotteryMenus(await catalogue.merchantOf(req.member)) };
    },
    hotGames: ({ req, input }) => catalogue.hot(req.member, input),
    gameList: ({ req, input }) => catalogue.list(req.member, input),
    vendorType: ({ req, input }) => catalogue.vendorsOfType(req.member, input.gameType),
    vendorList: ({ req, input }) => catalogue.vendors(req.member, input.merchantCode),
    favouriteGames: ({ req, input }) => catalogue.favourites(requireMember(req), input.gameType),
    favouriteAdd: ({ req, input }) => catalogue.setFavourite(requireMember(req), input.gameId, true),
    favouriteRemove: ({ req, input }) => catalogue.setFavourite(requireMember(req), input.gameId, false),
    recentGames: ({ req, input }) => catalogue.recent(requireMember(req), input.gameType),
    roomList: ({ req, input }) => catalogue.rooms(req.member, input.vassalage),
  };
}
