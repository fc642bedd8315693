import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionStore } from '@/lib/storage';
import { useUiStore, type PanelId } from '@/lib/ui-store';

const PANELS: readonly PanelId[] = ['personal', 'agent'];

/**
 * Opens a centre page named in the address (`?panel=personal&page=depositv2`): the way back from
 * an outside page, e.g. the payment gateway's return address (issue 4). Only with a session; the
 * two parameters are then taken out of the address (the page reads any others it was sent).
 */
export function PanelFromUrl() {
  const [params, setParams] = useSearchParams();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const openPanel = useUiStore((s) => s.openPanel);
  const panel = params.get('panel');
  const page = params.get('page');
  useEffect(() => {
    if (!loggedIn || !panel || !(PANELS as readonly string[]).includes(panel)) return;
    openPanel(panel as PanelId, page ?? undefined);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('panel');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [loggedIn, panel, page, openPanel, setParams]);
  // Issue 8: an agent's invitation link (`/?affiliateCode=CODE`) opens the register form for a
  // visitor; the form reads the code from the address. A signed-in visitor is not bothered.
  // Issue 9: so does a member's referral code on any page (`?referralCode=CODE`; the invite link
  // itself is /register?referralCode=CODE, which opens the form anyway).
  const invited = params.get('affiliateCode') ?? params.get('referralCode');
  const openModal = useUiStore((s) => s.openModal);
  useEffect(() => {
    if (!loggedIn && invited) openModal({ kind: 'register' });
  }, [loggedIn, invited, openModal]);
  return null;
}
