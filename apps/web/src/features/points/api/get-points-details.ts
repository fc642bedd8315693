import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointsTransactions, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { pointsKeys } from './keys';

export type PointsDetailsQuery = RequestOf<typeof pointsTransactions>;

/** GET /wps/points/transactions: every change of my points with the balance after it. */
export function getPointsDetails(q: PointsDetailsQuery, signal?: AbortSignal) {
  return call(pointsTransactions, q, { signal });
}

export function getPointsDetailsQueryOptions(q: PointsDetailsQuery) {
  return queryOptions({
    queryKey: pointsKeys.details(q),
    queryFn: ({ signal }) => getPointsDetails(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function usePointsDetails(q: PointsDetailsQuery, enabled: boolean) {
  return useQuery({ ...getPointsDetailsQueryOptions(q), enabled });
}
