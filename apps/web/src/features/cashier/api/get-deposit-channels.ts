import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositChannels } from '@app/contracts';
import { call } from '@/lib/api-client';
import { cashierKeys } from './keys';

/** GET /wps/v2/deposit/channels: the merchant's deposit channels with their min/max (spec §2 depositv2). */
export function getDepositChannels(signal?: AbortSignal) {
  return call(depositChannels, {}, { signal });
}

export function getDepositChannelsQueryOptions() {
  return queryOptions({
    queryKey: cashierKeys.channels,
    queryFn: ({ signal }) => getDepositChannels(signal),
    // Merchant settings: they do not change while the page is open.
    staleTime: 5 * 60_000,
  });
}

export function useDepositChannels() {
  return useQuery(getDepositChannelsQueryOptions());
}
