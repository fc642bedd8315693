import type { GameType } from '@app/contracts';

/** Every URL of the client (spec §2). */
export const paths = {
  root: '/',
  home: '/index',
  login: '/login',
  register: '/register',
  registerHtml: '/register.html',
  pointMall: '/pointMall',
  lottery: '/lottery',
  vnlottery: '/vnlottery',
  elott: '/elott',
  sports: '/sports',
  promotions: '/promotions',
  promoDetail: '/promoDetail',
  seamless: '/seamless',
  help: '/help',
  helpArticle: (articleId: number) => `/help?article=${articleId}`,
  helpmc: '/helpmc',
  down: '/down',
  download: '/download',
  join: '/join',
  game: '/game',
  /** Not in spec §2: where an OpenID Connect provider sends the browser back (issue 3 social logins). */
  socialCallback: '/social/callback',
  games: { rng: '/rng', pvp: '/pvp', fish: '/fish', live: '/live' },
  // Issue 9 (content): spec §2 "other screens" with pages of their own.
  blog: '/blog',
  blogArticle: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  guide: '/guide',
  feedback: '/feedback',
} as const;

/** The one games route: /:gameType with these values (spec §2). */
export const GAME_ROUTE_TYPES = ['rng', 'pvp', 'fish', 'live'] as const;
export type GameRouteType = (typeof GAME_ROUTE_TYPES)[number];
export function isGameRouteType(value: string | undefined): value is GameRouteType {
  return (GAME_ROUTE_TYPES as readonly string[]).includes(value ?? '');
}

/** Spec §2: with a login-required brand, only these paths stay open without a session. */
export const LOGIN_REQUIRED_EXCEPTIONS: readonly string[] = [
  paths.login,
  paths.register,
  paths.registerHtml,
  paths.helpmc,
  paths.download,
];

/** Spec §2 top navigation by category; ESPORTS has no page of its own (it is part of sports). */
export const GAME_TYPE_PATHS: Record<GameType, string> = {
  LOTT: paths.elott,
  ELOTT: paths.elott,
  LIVE: paths.games.live,
  SPORTS: paths.sports,
  ESPORTS: paths.sports,
  FISH: paths.games.fish,
  RNG: paths.games.rng,
  PVP: paths.games.pvp,
};
