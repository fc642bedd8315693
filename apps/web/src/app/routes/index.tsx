import { lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { enabledGameTypes } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { LazySection } from '@/components/ui/lazy-section';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';
import { GAME_LABEL_KEYS } from '@/config/nav';
import { GAME_TYPE_PATHS } from '@/config/paths';
import { prefetchAnnouncements } from '@/features/announcements/api/get-announcements';
import { loadAnnouncementTexts } from '@/features/announcements/catalogues';
import {
  BANNERS_QUERY,
  HomeBanners,
  NoticeLine,
} from '@/features/announcements/components/home-announcements';
import { LazyWinners } from '@/features/announcements/components/lazy-winners';
import { LazyHotGames } from '@/features/games/components/lazy-hot-games';
import { LazyPopular } from '@/features/lottery/popular/lazy-popular';
import { useStatus } from '@/features/system/api/get-status';
import { loadChunk } from '@/lib/chunk';
import { readStoredLanguage } from '@/lib/i18n';
import { useSessionStore } from '@/lib/storage';
import { useUiStore, type ModalKind } from '@/lib/ui-store';
import styles from './index.module.css';

// Issue 10: the Responsible gaming line at the bottom, loaded when scrolled near.
const ProtectionLine = lazy(() => loadChunk(() => import('@/features/protection/components/home-line')));

/** How long the first paint waits for the banners before it goes without them. */
const BANNER_WAIT_MS = 1_500;
let firstLoad = true;

/**
 * The banners (and, when there are any, their controls' texts) arrive before the first paint, so
 * the carousel is there from the start or not at all: nothing is pushed down after the fact. Only
 * the app's first load waits; later visits take them from the cache or as they come.
 */
export async function loader() {
  // A server render always waits: it is every visit's first load.
  const first = firstLoad || import.meta.env.SSR;
  firstLoad = false;
  const banners = prefetchAnnouncements(BANNERS_QUERY, readStoredLanguage())
    .then((page) => (page.items.length > 0 ? loadAnnouncementTexts() : undefined))
    .catch(() => undefined);
  if (first) await Promise.race([banners, new Promise((r) => setTimeout(r, BANNER_WAIT_MS))]);
  return null;
}

/**
 * Home (/index): welcome, the banner carousel, the notice line, the enabled game categories, the
 * popular games, the popular lottery numbers and the winners board (the last three load when
 * scrolled near).
 */
export function Component() {
  const { t } = useTranslation();
  const status = useStatus();
  const openModal = useUiStore((s) => s.openModal);
  const brand = status.data?.merchant.brand ?? '';
  const loggedIn = useSessionStore((s) => s.token !== null);
  const types = status.data ? enabledGameTypes(status.data.whitelabel) : [];

  return (
    <Page title={t('home.title', { brand })}>
      <HomeBanners />
      <NoticeLine />
      <div className={styles.hero}>
        <p className={styles.lead}>{t('home.lead')}</p>
        {loggedIn ? null : (
          <div className={styles.ctas}>
            <Button onClick={() => openModal({ kind: 'register' })}>{t('home.cta_register')}</Button>
          </div>
        )}
      </div>
      <section aria-labelledby="home-categories" className={styles.section}>
        <h2 id="home-categories">{t('home.categories')}</h2>
        {types.length === 0 ? (
          <EmptyState title={t('games.empty')} />
        ) : (
          <ul className={styles.tiles}>
            {types.map((type) => (
              <li key={type}>
                <Link className={styles.tile} to={GAME_TYPE_PATHS[type]}>
                  <span className={styles.tileMark} aria-hidden="true">
                    {type.slice(0, 1)}
                  </span>
                  {t(GAME_LABEL_KEYS[type])}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="home-popular" className={styles.section}>
        <h2 id="home-popular">{t('home.popular')}</h2>
        <LazyHotGames label={t('home.popular')} />
      </section>
      {/* Issue 7: popular lottery numbers, below the fold; its own chunk, loaded when scrolled near. */}
      <LazyPopular />
      <LazyWinners />
      <LazySection>{() => <ProtectionLine />}</LazySection>
    </Page>
  );
}

function useOpenModalOnMount(kind: Extract<ModalKind, 'login' | 'register'>) {
  const openModal = useUiStore((s) => s.openModal);
  useEffect(() => {
    openModal({ kind });
  }, [kind, openModal]);
}

/** /login: home with the login modal over it. */
export function LoginRoute() {
  useOpenModalOnMount('login');
  return <Component />;
}

/** /register and /register.html: home with the register modal over it. */
export function RegisterRoute() {
  useOpenModalOnMount('register');
  return <Component />;
}
