import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { isCurrentPath, type NavEntry } from '@/config/nav';
import { GameMenu } from './game-menu';
import styles from './top-nav.module.css';

/**
 * Header navigation. Spec §2: clicking the entry of the current path does nothing — the click is
 * swallowed before the router sees it, so there is no navigation and no re-render. Game entries
 * carry a menu of their vendors (one open at a time).
 */
export function TopNav({ entries, onNavigate }: { entries: readonly NavEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [openId, setOpenId] = useState<string | null>(null);

  function onClick(e: MouseEvent<HTMLAnchorElement>, to: string) {
    if (isCurrentPath(to, pathname)) {
      e.preventDefault();
      return;
    }
    setOpenId(null);
    onNavigate?.();
  }

  return (
    <ul className={styles.list}>
      {entries.map((entry) => {
        const link = (
          <NavLink
            to={entry.to}
            end
            className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
            onClick={(e) => onClick(e, entry.to)}
          >
            {t(entry.labelKey)}
          </NavLink>
        );
        return entry.menu ? (
          <GameMenu
            key={entry.id}
            id={entry.id}
            label={t(entry.labelKey)}
            types={entry.menu}
            open={openId === entry.id}
            onOpenChange={(open) => setOpenId((cur) => (open ? entry.id : cur === entry.id ? null : cur))}
            onNavigate={onNavigate}
          >
            {link}
          </GameMenu>
        ) : (
          <li key={entry.id}>{link}</li>
        );
      })}
    </ul>
  );
}
