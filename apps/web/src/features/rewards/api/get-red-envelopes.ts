import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { redEnvelopeList } from '@app/contracts';
import { call } from '@/lib/api-client';
import { rewardKeys } from './keys';

/** GET /wps/rewards/red-envelopes: the red envelopes I received, newest first. */
export function getRedEnvelopes(page: number, signal?: AbortSignal) {
  return call(redEnvelopeList, { page }, { signal });
}

export function getRedEnvelopesQueryOptions(page: number) {
  return queryOptions({
    queryKey: rewardKeys.envelopes(page),
    queryFn: ({ signal }) => getRedEnvelopes(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRedEnvelopes(page: number) {
  return useQuery(getRedEnvelopesQueryOptions(page));
}
