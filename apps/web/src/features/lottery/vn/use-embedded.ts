import { useEffect } from 'react';

/**
 * embed=1 (a lottery game started in the game frame, spec §4 GPI; the server's launch answer adds
 * it): the page sits inside /game's frame, which has its own bar, so the site header is not shown
 * (CSSOM, allowed by the CSP; restored when the page closes).
 */
export function useEmbedded(embedded: boolean) {
  useEffect(() => {
    if (!embedded) return;
    const header = document.querySelector<HTMLElement>('body header');
    if (!header) return;
    header.style.setProperty('display', 'none');
    return () => {
      header.style.removeProperty('display');
    };
  }, [embedded]);
}
