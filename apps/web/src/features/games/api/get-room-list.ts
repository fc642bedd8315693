import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomList } from '@app/contracts';
import { call } from '@/lib/api-client';
import { gamesKeys } from './keys';

/** Relay GLS2_roomList: PVP card rooms with stakes and seats taken (of one vendor when given). */
export function getRoomList(vassalage: string | undefined, signal?: AbortSignal) {
  return call(roomList, vassalage ? { vassalage } : {}, { signal });
}

export function getRoomListQueryOptions(vassalage?: string) {
  return queryOptions({
    queryKey: gamesKeys.rooms(vassalage),
    queryFn: ({ signal }) => getRoomList(vassalage, signal),
    select: (value) => value.rooms,
    // Seats change while the lobby is open.
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
}

export function useRoomList(vassalage?: string) {
  return useQuery(getRoomListQueryOptions(vassalage));
}
