import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './games.module.css';

/** Spec §2 game-hall tabs: each pushes the lobby with ?page=<tab>. */
export const HALL_TABS = ['all', 'hot', 'favourites', 'recent'] as const;
export type HallTab = (typeof HALL_TABS)[number];

export function isHallTab(value: string | null): value is HallTab {
  return (HALL_TABS as readonly string[]).includes(value ?? '');
}

export function HallTabs({ current, hrefFor }: { current: HallTab; hrefFor: (tab: HallTab) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('games.lobby.tabs_label')}>
      <ul className={styles.tabs}>
        {HALL_TABS.map((tab) => (
          <li key={tab}>
            <Link
              className={styles.tab}
              to={hrefFor(tab)}
              aria-current={tab === current ? 'page' : undefined}
            >
              {t(`games.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
