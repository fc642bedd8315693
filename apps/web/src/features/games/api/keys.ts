import type { GameType, RequestOf, gameList, hotGames } from '@app/contracts';

/**
 * Every games query key starts with 'games': a launch or a favourite change invalidates that one
 * prefix (or a narrower one). Member lists carry the session token, so another login never sees
 * the last member's favourites from the cache.
 */
export const gamesKeys = {
  all: ['games'] as const,
  list: (q: RequestOf<typeof gameList>) => ['games', 'list', q] as const,
  hot: (q: RequestOf<typeof hotGames>) => ['games', 'hot', q] as const,
  vendors: (gameType: GameType) => ['games', 'vendors', gameType] as const,
  vendorList: ['games', 'vendorList'] as const,
  favouritesAll: ['games', 'favourites'] as const,
  favourites: (token: string | null, gameType?: GameType) =>
    ['games', 'favourites', token, gameType ?? 'ALL'] as const,
  recentAll: ['games', 'recent'] as const,
  recent: (token: string | null, gameType?: GameType) =>
    ['games', 'recent', token, gameType ?? 'ALL'] as const,
  rooms: (vassalage?: string) => ['games', 'rooms', vassalage ?? 'ALL'] as const,
};

/** Drops empty filters so equal queries share one cache entry ({ q: '' } and {} are the same list). */
export function compact<T extends Record<string, unknown>>(q: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out as T;
}
