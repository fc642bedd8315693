import { queryOptions, useQuery } from '@tanstack/react-query';
import { uplineInfo } from '@app/contracts';
import { call } from '@/lib/api-client';
import { walletKeys } from './keys';

/** GET /wps/member/upline: the upline, whether a transfer is allowed, the main balance. */
export function getUpline(signal?: AbortSignal) {
  return call(uplineInfo, {}, { signal });
}

export function getUplineQueryOptions() {
  return queryOptions({ queryKey: walletKeys.upline, queryFn: ({ signal }) => getUpline(signal) });
}

export function useUpline() {
  return useQuery(getUplineQueryOptions());
}
