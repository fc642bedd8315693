import { queryOptions, useQuery } from '@tanstack/react-query';
import { vendorList, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { betRecordsKeys } from './keys';

export type VendorListQuery = RequestOf<typeof vendorList>;

/** GET /wps/relay/GLS_vendor: every vendor of the merchant (the betting record's vendor filter). */
export function getVendorList(q: VendorListQuery, signal?: AbortSignal) {
  return call(vendorList, q, { signal });
}

export function getVendorListQueryOptions(q: VendorListQuery = {}) {
  return queryOptions({
    queryKey: betRecordsKeys.vendors(q),
    queryFn: ({ signal }) => getVendorList(q, signal),
    // The merchant's vendors change rarely.
    staleTime: 5 * 60_000,
  });
}

export function useVendorList(q: VendorListQuery = {}) {
  return useQuery(getVendorListQueryOptions(q));
}
