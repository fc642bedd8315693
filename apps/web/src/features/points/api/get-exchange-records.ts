import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointsRedeemList, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { pointsKeys } from './keys';

export type ExchangeRecordsQuery = RequestOf<typeof pointsRedeemList>;

/** GET /wps/points/redeem/list: my exchange records (redemptions and conversions), newest first. */
export function getExchangeRecords(q: ExchangeRecordsQuery, signal?: AbortSignal) {
  return call(pointsRedeemList, q, { signal });
}

export function getExchangeRecordsQueryOptions(q: ExchangeRecordsQuery) {
  return queryOptions({
    queryKey: pointsKeys.records(q),
    queryFn: ({ signal }) => getExchangeRecords(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useExchangeRecords(q: ExchangeRecordsQuery, enabled: boolean) {
  return useQuery({ ...getExchangeRecordsQueryOptions(q), enabled });
}
