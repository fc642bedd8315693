import { queryOptions, useQuery } from '@tanstack/react-query';
import { vendorList } from '@app/contracts';
import { call } from '@/lib/api-client';
import { session, SESSION_KEYS } from '@/lib/storage';
import { gamesKeys } from './keys';

/** Relay GLS_vendor: every vendor of the merchant (spec §7 "vendor (merchantCode)"). */
export function getVendorList(signal?: AbortSignal) {
  const merchantCode = session.get(SESSION_KEYS.merchantCode) ?? undefined;
  return call(vendorList, merchantCode ? { merchantCode } : {}, { signal });
}

export function getVendorListQueryOptions() {
  return queryOptions({
    queryKey: gamesKeys.vendorList,
    queryFn: ({ signal }) => getVendorList(signal),
    select: (value) => value.vendors,
    staleTime: 5 * 60_000,
  });
}

export function useVendorList() {
  return useQuery(getVendorListQueryOptions());
}
