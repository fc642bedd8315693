import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useStatus } from '@/features/system/api/get-status';
import styles from './footer-protection.module.css';

/** Where the Responsible gaming page opens (the personal centre's page; a guest is asked to log in). */
export const PROTECTION_URL = `${paths.home}?panel=personal&page=protection`;

/**
 * The footer's protection line (issue 10): the 18+ mark, the operator's licence line (the merchant's
 * own words from the status, when it has one), a warning and the Responsible gaming link.
 */
export default function FooterProtection() {
  const { t } = useTranslation();
  const licence = useStatus().data?.merchant.licence ?? '';
  return (
    <div className={styles.line}>
      <span className={styles.adult} role="img" aria-label={t('protection.footer.adult_label')}>
        {t('protection.footer.adult')}
      </span>
      <p className={styles.licence}>
        {licence ? <span className={styles.operator}>{licence}</span> : null}
        {t('protection.footer.warning')}
      </p>
      <Link to={PROTECTION_URL}>{t('protection.footer.link')}</Link>
    </div>
  );
}
