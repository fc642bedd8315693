import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralInfo } from '@app/contracts';
import { call } from '@/lib/api-client';
import { rewardKeys } from './keys';

/** GET /wps/rewards/referral: my code and link, the merchant's rule, what my invitations earned. */
export function getReferral(signal?: AbortSignal) {
  return call(referralInfo, {}, { signal });
}

export function getReferralQueryOptions() {
  return queryOptions({
    queryKey: rewardKeys.referral,
    queryFn: ({ signal }) => getReferral(signal),
    // Opening the page is when the server gives what is due: always ask again.
    staleTime: 0,
  });
}

export function useReferral() {
  return useQuery(getReferralQueryOptions());
}
