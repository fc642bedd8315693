import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { HelpMenu } from '@/features/help/components/help-menu';
import { useStatus } from '@/features/system/api/get-status';
import styles from './footer.module.css';

/** Footer (spec §2): the help content menu, the other pages (issue 9) and the copyright. */
export function Footer() {
  const { t } = useTranslation();
  const status = useStatus();
  return (
    <footer className={styles.footer}>
      <HelpMenu />
      <nav aria-label={t('footer.links.label')}>
        <ul className={styles.links}>
          <li>
            <Link to={paths.guide}>{t('footer.links.guide')}</Link>
          </li>
          <li>
            <Link to={paths.blog}>{t('footer.links.blog')}</Link>
          </li>
          <li>
            <Link to={paths.feedback}>{t('footer.links.feedback')}</Link>
          </li>
          <li>
            <Link to={paths.join}>{t('pages.join.title')}</Link>
          </li>
          <li>
            <Link to={paths.down}>{t('nav.download')}</Link>
          </li>
        </ul>
      </nav>
      <p className={styles.note}>{t('footer.responsible')}</p>
      {status.data ? <p className={styles.copyright}>{status.data.merchant.copyright}</p> : null}
    </footer>
  );
}
