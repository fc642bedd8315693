import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentLanguage } from '@/lib/i18n';
import { getToken } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { getAnnouncementsQueryOptions } from '../api/get-announcements';

/** At most this many popups after a login (one after another in one modal). */
export const POPUP_MAX = 20;

/**
 * Spec §4: a successful login sets the after-login modal flag. This takes the flag (once: a reload
 * or the next page never shows them again), asks for the popup group's announcements in force now
 * and, when there are any and no other modal has opened meanwhile, opens them.
 */
export default function AfterLoginPopups() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ui = useUiStore.getState();
    if (!ui.afterLogin) return;
    ui.setAfterLogin(false);
    const options = getAnnouncementsQueryOptions({ group: 'popup', pageSize: POPUP_MAX }, currentLanguage());
    // Asked again at each login: what is in force now, not what an earlier visit saw.
    void queryClient
      .fetchQuery({ ...options, staleTime: 0 })
      .then((page) => {
        const now = useUiStore.getState();
        if (page.items.length > 0 && now.modal === null && getToken() !== null)
          now.openModal({ kind: 'announcement', items: page.items });
      })
      .catch(() => undefined);
  }, [queryClient]);
  return null;
}
