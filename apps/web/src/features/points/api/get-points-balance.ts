import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsBalance } from '@app/contracts';
import { call } from '@/lib/api-client';
import { pointsKeys } from './keys';

/** GET /wps/points/balance: my points (the server counts what has settled before it answers). */
export function getPointsBalance(signal?: AbortSignal) {
  return call(pointsBalance, {}, { signal });
}

export function getPointsBalanceQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.balance,
    queryFn: ({ signal }) => getPointsBalance(signal),
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });
}

export function usePointsBalance(enabled: boolean) {
  return useQuery({ ...getPointsBalanceQueryOptions(), enabled });
}
