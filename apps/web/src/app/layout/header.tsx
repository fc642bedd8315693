import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { enabledGameTypes } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { HEADER_CLOCKS_ID, headerNav } from '@/config/nav';
import { paths } from '@/config/paths';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { TopNav } from '@/features/navigation/components/top-nav';
import { useStatus } from '@/features/system/api/get-status';
import { loadChunk } from '@/lib/chunk';
import { loadAccountCatalogue, loadCatalogues } from '@/lib/i18n';
import { useSessionStore } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { ThemeToggle } from './theme-toggle';
import styles from './header.module.css';

// Logged-in controls (and the account texts they and their dialogs show) load with a session,
// not with a guest's first page (issue 2 §9 budget).
const UserMenu = lazy(() =>
  Promise.all([loadChunk(() => import('@/features/auth/components/user-menu')), loadAccountCatalogue()]).then(
    ([m]) => ({ default: m.UserMenu }),
  ),
);

// The balance (issue 4) likewise: its code and the wallet texts load only with a session.
const HeaderBalance = lazy(() =>
  Promise.all([
    loadChunk(() => import('@/features/wallet/components/header-balance')),
    loadCatalogues('wallet'),
  ]).then(([m]) => ({ default: m.HeaderBalance })),
);

// The inbox button with the unread count (issue 4), likewise lazy with the session.
const UnreadBadge = lazy(() =>
  Promise.all([
    loadChunk(() => import('@/features/messages/components/unread-badge')),
    loadCatalogues('records'),
  ]).then(([m]) => ({ default: m.UnreadBadge })),
);

export function Header() {
  const { t } = useTranslation();
  const status = useStatus();
  const openModal = useUiStore((s) => s.openModal);
  const [menuOpen, setMenuOpen] = useState(false);
  // The game entries are the whitelabel tree's enabled game types; each one's menu lists its vendors
  // from GET /lgw/games/game_menus, fetched with the menu's lazy panel when first opened.
  const nav = headerNav(status.data ? enabledGameTypes(status.data.whitelabel) : []);
  const brand = status.data?.merchant.brand ?? '';
  const loggedIn = useSessionStore((s) => s.token !== null);

  return (
    <header className={styles.header} data-open={menuOpen || undefined}>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.menuButton}`}
        aria-expanded={menuOpen}
        aria-controls="main-nav header-tools"
        aria-label={t('nav.menu')}
        onClick={() => setMenuOpen((o) => !o)}
      >
        <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
      </button>
      <Link to={paths.home} className={styles.brand} aria-label={t('nav.brand_home', { brand })}>
        <span className={styles.logo} aria-hidden="true">
          {brand.slice(0, 1)}
        </span>
        <span className={styles.brandName}>{brand}</span>
      </Link>
      <div id="header-tools" className={styles.tools}>
        <LanguageSwitcher />
        <ThemeToggle />
      </div>
      {/* Issue 10: the local time and the session's time, put here by the session's protection
          runtime (features/protection/components/protection-runtime.tsx); the room is kept. */}
      {loggedIn ? <div className={styles.clocks} id={HEADER_CLOCKS_ID} /> : null}
      {loggedIn ? (
        <div className={styles.auth}>
          <Suspense fallback={null}>
            <HeaderBalance />
          </Suspense>
          <Suspense fallback={null}>
            <UnreadBadge />
          </Suspense>
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        </div>
      ) : (
        <div className={styles.auth}>
          <Button variant="header" size="s" onClick={() => openModal({ kind: 'login' })}>
            {t('auth.login')}
          </Button>
          <Button size="s" onClick={() => openModal({ kind: 'register' })}>
            {t('auth.register')}
          </Button>
        </div>
      )}
      <nav id="main-nav" className={styles.nav} aria-label={t('nav.label')}>
        <TopNav entries={nav} onNavigate={() => setMenuOpen(false)} />
      </nav>
    </header>
  );
}
