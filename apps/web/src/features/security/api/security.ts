import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Endpoint,
  loginHistory as loginHistoryEndpoint,
  profile as profileEndpoint,
} from '@app/contracts';
import { call, type InputOf } from '@/lib/api-client';
import { memberInfoQueryKey } from '@/lib/session';

export const profileQueryKey = ['member', 'profile'] as const;
export const LOGIN_HISTORY_PAGE_SIZE = 10;

export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => call(profileEndpoint, {}, { signal }),
  });
}

export function useLoginHistory(page: number) {
  return useQuery({
    queryKey: ['member', 'loginHistory', page],
    queryFn: ({ signal }) => call(loginHistoryEndpoint, { page, size: LOGIN_HISTORY_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A security-centre mutation: refreshes member info (bound mobile, e-mail, authenticator) and the profile. */
export function useSecurityMutation<E extends Endpoint>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<E>) => call(endpoint, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberInfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
