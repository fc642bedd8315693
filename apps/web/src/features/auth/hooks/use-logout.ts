import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { logout } from '@app/contracts';
import { paths } from '@/config/paths';
import { call } from '@/lib/api-client';
import { memberInfoQueryKey } from '@/lib/session';
import { clearSession } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';

/**
 * Spec §4 logout: confirm, call, clear session storage, restore the merchant keys, go to /,
 * logged out and agent false (both follow the cleared token), VIP service cleared (the side bar
 * reads the VIP entry from the member, which is gone).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openModal = useUiStore((s) => s.openModal);

  const logoutNow = useCallback(async () => {
    // The session ends here whatever the server answers (it may already have expired).
    await call(logout, {}).catch(() => undefined);
    clearSession();
    queryClient.removeQueries({ queryKey: memberInfoQueryKey });
    const ui = useUiStore.getState();
    ui.closePanels();
    ui.setAfterLogin(false);
    await navigate(paths.root);
  }, [navigate, queryClient]);

  const confirmLogout = useCallback(
    () =>
      openModal({
        kind: 'dialog',
        titleKey: 'auth.logout',
        messageKey: 'auth.logout_confirm',
        confirmKey: 'auth.logout',
        cancelKey: 'common.cancel',
        onConfirm: () => void logoutNow(),
      }),
    [logoutNow, openModal],
  );
  return { confirmLogout, logoutNow };
}
