import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type LoginResult, type LoginType, firstLogin as firstLoginEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';
import { getMemberInfoQueryOptions, memberInfoQueryKey, storeSession } from '@/lib/session';

import { useUiStore } from '@/lib/ui-store';

export type LoginOutcome = 'loggedIn' | 'mustChangePassword';

/**
 * Spec §4 after a successful login: store the token and session keys; the first-login action
 * when firstTimeLogin; the forced change-password modal when the server says the password must
 * change (123456, or expired with the policy) and the login type is username; otherwise load
 * member info, logged in, and the after-login modal flag. (Popular games come with the games issue.)
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (result: LoginResult, opts: { type: LoginType; username?: string }): Promise<LoginOutcome> => {
      queryClient.removeQueries({ queryKey: memberInfoQueryKey });
      const restricted = result.mustChangePassword && opts.type === 'username';
      storeSession(result.token, opts.username, restricted);
      const ui = useUiStore.getState();
      if (restricted) {
        // This session may only change the password (issue 3): nothing else is called with it.
        ui.openModal({ kind: 'changePassword', forced: true });
        return 'mustChangePassword';
      }
      if (result.firstTimeLogin) await call(firstLoginEndpoint, {}).catch(() => undefined);
      await queryClient.fetchQuery(getMemberInfoQueryOptions());
      ui.setAfterLogin(true);
      ui.closeModal();
      return 'loggedIn';
    },
    [queryClient],
  );
}
