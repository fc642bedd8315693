import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinProgramme } from '@app/contracts';
import { call } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { contentKeys } from './keys';

/** GET /wps/join: what the merchant's agents earn, and my application when signed in. */
export function getJoinProgramme(signal?: AbortSignal) {
  return call(joinProgramme, {}, { signal });
}

export function getJoinProgrammeQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: contentKeys.join(signedIn),
    queryFn: ({ signal }) => getJoinProgramme(signal),
    staleTime: 60_000,
  });
}

export function useJoinProgramme() {
  const signedIn = useSessionStore((s) => s.token !== null);
  return useQuery(getJoinProgrammeQueryOptions(signedIn));
}
