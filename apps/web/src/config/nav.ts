import type { GameType } from '@app/contracts';
import { GAME_TYPE_PATHS, paths } from './paths';

export interface NavEntry {
  id: string;
  to: string;
  labelKey: string;
  /** Game entries: the game types whose vendors its menu shows (spec §2 per-game-type menus). */
  menu?: readonly GameType[];
}

/** Spec §9: more than this many vendors in a menu changes its layout (a grid of smaller cards). */
export const MENU_ROW_MAX = 6;

/** A vendor card's target: the lobby of its game type with the vendor selected. */
export function vendorLobbyPath(gameType: GameType, vassalage: string): string {
  return `${GAME_TYPE_PATHS[gameType]}?vassalage=${encodeURIComponent(vassalage)}`;
}

/** Label key per game type: header navigation and the home page's category tiles. */
export const GAME_LABEL_KEYS: Record<GameType, string> = {
  LOTT: 'nav.games.lott',
  ELOTT: 'nav.games.elott',
  LIVE: 'nav.games.live',
  SPORTS: 'nav.games.sports',
  ESPORTS: 'nav.games.esports',
  FISH: 'nav.games.fish',
  RNG: 'nav.games.rng',
  PVP: 'nav.games.pvp',
};

/**
 * Header navigation (spec §2 "Header"): home, one menu per enabled game type, promotions, app
 * download. ESPORTS folds into the sports menu when sports is on (its vendors are listed there);
 * alone it still leads to /sports.
 */
export function headerNav(gameTypes: readonly GameType[]): NavEntry[] {
  const games = gameTypes
    .filter((t) => !(t === 'ESPORTS' && gameTypes.includes('SPORTS')))
    .map((t): NavEntry => ({
      id: t,
      to: GAME_TYPE_PATHS[t],
      labelKey: GAME_LABEL_KEYS[t],
      menu: t === 'SPORTS' && gameTypes.includes('ESPORTS') ? ['SPORTS', 'ESPORTS'] : [t],
    }));
  return [
    { id: 'home', to: paths.home, labelKey: 'nav.home' },
    ...games,
    { id: 'promotions', to: paths.promotions, labelKey: 'nav.promotions' },
    { id: 'download', to: paths.download, labelKey: 'nav.download' },
  ];
}

/** Spec §2: clicking an entry equal to the current path does nothing. */
export function isCurrentPath(to: string, pathname: string): boolean {
  const target = to.split(/[?#]/)[0];
  return target === pathname;
}

/** Issue 10: the header's place for the session clocks, filled by the protection runtime. */
export const HEADER_CLOCKS_ID = 'header-clocks';
