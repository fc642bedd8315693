import { useCallback } from 'react';
import { useSession } from '@/lib/session';
import { useUiStore } from '@/lib/ui-store';

/**
 * Spec §4 / §6 gates on protected actions: without a token the login popup opens; a trial
 * account (type 4) is told a real account is needed (confirm opens register); the agent entry
 * refuses non-agents and the member entry refuses non-members.
 */
export function useProtectedAction() {
  const { isLoggedIn, member, isAgent, isTrial } = useSession();
  const openModal = useUiStore((s) => s.openModal);
  return useCallback(
    (need: 'member' | 'agent', action: () => void) => {
      if (!isLoggedIn) return openModal({ kind: 'login' });
      if (isTrial)
        return openModal({
          kind: 'dialog',
          titleKey: 'auth.trial_title',
          messageKey: 'errors.in_need_true_account',
          confirmKey: 'in_increase_submit',
          cancelKey: 'common.cancel',
          onConfirm: () => useUiStore.getState().openModal({ kind: 'register' }),
        });
      // Member info still loading: wait for it rather than guess the type.
      if (!member) return;
      if (need === 'agent' && !isAgent)
        return openModal({
          kind: 'dialog',
          titleKey: 'auth.access_title',
          messageKey: 'errors.non_agent_login',
        });
      action();
    },
    [isLoggedIn, member, isAgent, isTrial, openModal],
  );
}
