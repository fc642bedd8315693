import { useTranslation } from 'react-i18next';
import { HelpMenu } from '@/features/help/components/help-menu';
import { useStatus } from '@/features/system/api/get-status';
import styles from './footer.module.css';

/** Footer (spec §2): the help content menu and the copyright. */
export function Footer() {
  const { t } = useTranslation();
  const status = useStatus();
  return (
    <footer className={styles.footer}>
      <HelpMenu />
      <p className={styles.note}>{t('footer.responsible')}</p>
      {status.data ? <p className={styles.copyright}>{status.data.merchant.copyright}</p> : null}
    </footer>
  );
}
