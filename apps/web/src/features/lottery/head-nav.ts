import { useEffect, useState } from 'react';
import { session } from '@/lib/storage';

/** Session storage: the lottery page's head nav is hidden (kept for the session). */
export const HEAD_NAV_HIDDEN_KEY = 'lotteryHeadNavHidden';

/**
 * Spec §2: "The lottery page has a toggle for the head nav". Hidden, the site header (the layout's
 * <header>) is not displayed while the page is open; it comes back when the page closes.
 */
export function useHeadNavToggle() {
  const [hidden, setHidden] = useState(() => session.get(HEAD_NAV_HIDDEN_KEY) === '1');
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('body header');
    if (!header) return;
    // CSSOM (allowed by the CSP, unlike a style attribute); the header's own class sets display.
    if (hidden) header.style.setProperty('display', 'none');
    else header.style.removeProperty('display');
    return () => {
      header.style.removeProperty('display');
    };
  }, [hidden]);
  const toggle = () => {
    const next = !hidden;
    session.set(HEAD_NAV_HIDDEN_KEY, next ? '1' : '0');
    setHidden(next);
  };
  return { hidden, toggle };
}
