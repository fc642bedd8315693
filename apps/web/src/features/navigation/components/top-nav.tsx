import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { isCurrentPath, type NavEntry } from '@/config/nav';
import styles from './top-nav.module.css';

/**
 * Header navigation. Spec §2: clicking the entry of the current path does nothing — the click is
 * swallowed before the router sees it, so there is no navigation and no re-render.
 */
export function TopNav({ entries, onNavigate }: { entries: readonly NavEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  function onClick(e: MouseEvent<HTMLAnchorElement>, to: string) {
    if (isCurrentPath(to, pathname)) {
      e.preventDefault();
      return;
    }
    onNavigate?.();
  }

  return (
    <ul className={styles.list}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <NavLink
            to={entry.to}
            end
            className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
            onClick={(e) => onClick(e, entry.to)}
          >
            {t(entry.labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
