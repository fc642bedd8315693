import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { SideBar } from './side-bar';
import styles from './layouts.module.css';

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={styles.skip} href="#main">
      {t('common.skip_to_content')}
    </a>
  );
}

/** Named grid areas of spec §2: header, main, side menu, footer. */
export function FullLayout() {
  return (
    <div className={styles.full}>
      <SkipLink />
      <Header />
      <SideBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Header only (spec §2: lottery, vnlottery, seamless, game). */
export function HeaderOnlyLayout() {
  return (
    <div className={styles.headerOnly}>
      <SkipLink />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** No header (spec §2: /helpmc). */
export function BareLayout() {
  return (
    <main id="main" className={styles.bare} tabIndex={-1}>
      <Outlet />
    </main>
  );
}
