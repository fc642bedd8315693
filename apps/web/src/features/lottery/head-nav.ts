import { useEffect, useState } from 'react';
import { session } from '@/lib/storage';

/** Session storage: the lottery page's head nav is hidden (kept for the session). */
export const HEAD_NAV_HIDDEN_KEY = 'lotteryHeadNavHidden';

/**
 * While `hidden`, the site header (the layout's <header>) is not displayed; it comes back when
 * `hidden` turns false or the page closes. CSSOM (allowed by the CSP, unlike a style attribute);
 * the header's own class sets display.
 */
export function useHeaderHidden(hidden: boolean) {
  useEffect(() => {
    if (!hidden) return;
    const header = document.querySelector<HTMLElement>('body header');
    if (!header) return;
    header.style.setProperty('display', 'none');
    return () => {
      header.style.removeProperty('display');
    };
  }, [hidden]);
}

/**
 * Spec §2: "The lottery page has a toggle for the head nav" (kept for the session). `embedded`
 * (embed=1: a lottery game started in /game's frame, spec §4 GPI; the frame has its own bar)
 * hides the header whatever the toggle says.
 */
export function useHeadNavToggle(embedded = false) {
  const [hidden, setHidden] = useState(() => session.get(HEAD_NAV_HIDDEN_KEY) === '1');
  useHeaderHidden(hidden || embedded);
  const toggle = () => {
    const next = !hidden;
    session.set(HEAD_NAV_HIDDEN_KEY, next ? '1' : '0');
    setHidden(next);
  };
  return { hidden, toggle };
}
