import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySection } from '@/components/ui/lazy-section';
import { useStatus } from '@/features/system/api/get-status';
import { loadChunk } from '@/lib/chunk';
import styles from './footer.module.css';

// The help menu's code and call load when the footer comes within a screen of the viewport (it
// sits under long pages): not part of a page's first load (issue 9, the home page's budget).
const HelpMenu = lazy(() => loadChunk(() => import('@/features/help/components/help-menu')));

/** Footer (spec §2): the help content menu and the copyright. */
export function Footer() {
  const { t } = useTranslation();
  const status = useStatus();
  return (
    <footer className={styles.footer}>
      <LazySection margin="100%">{() => <HelpMenu />}</LazySection>
      <p className={styles.note}>{t('footer.responsible')}</p>
      {status.data ? <p className={styles.copyright}>{status.data.merchant.copyright}</p> : null}
    </footer>
  );
}
