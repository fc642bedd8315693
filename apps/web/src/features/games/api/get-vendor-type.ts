import { queryOptions, useQuery } from '@tanstack/react-query';
import { vendorType, type GameType } from '@app/contracts';
import { call } from '@/lib/api-client';
import { gamesKeys } from './keys';

/** Relay GLS_vendorType: the vendors of one game type (the lobby's vendor filter). */
export function getVendorType(gameType: GameType, signal?: AbortSignal) {
  return call(vendorType, { gameType }, { signal });
}

export function getVendorTypeQueryOptions(gameType: GameType) {
  return queryOptions({
    queryKey: gamesKeys.vendors(gameType),
    queryFn: ({ signal }) => getVendorType(gameType, signal),
    select: (value) => value.vendors,
    staleTime: 5 * 60_000,
  });
}

export function useVendorType(gameType: GameType) {
  return useQuery(getVendorTypeQueryOptions(gameType));
}
