import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { referralFriends } from '@app/contracts';
import { call } from '@/lib/api-client';
import { rewardKeys } from './keys';

/** GET /wps/rewards/referral/friends: the members who registered with my code, newest first. */
export function getReferralFriends(page: number, signal?: AbortSignal) {
  return call(referralFriends, { page }, { signal });
}

export function getReferralFriendsQueryOptions(page: number) {
  return queryOptions({
    queryKey: rewardKeys.friends(page),
    queryFn: ({ signal }) => getReferralFriends(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useReferralFriends(page: number) {
  return useQuery(getReferralFriendsQueryOptions(page));
}
