import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useStatus } from '@/features/system/api/get-status';
import styles from './footer-protection.module.css';

/** Where the Responsible gaming page opens (the personal centre's page; a guest is asked to log in). */
export const PROTECTION_URL = `${paths.home}?panel=personal&page=protection`;

/**
 * The footer's protection line (issue 10): the 18+ mark, the operator's licence line (the status
 * has no licence field: a translated generic line with the brand) and the Responsible gaming link.
 */
export default function FooterProtection() {
  const { t } = useTranslation();
  const brand = useStatus().data?.merchant.brand ?? '';
  return (
    <div className={styles.line}>
      <span className={styles.adult} role="img" aria-label={t('protection.footer.adult_label')}>
        {t('protection.footer.adult')}
      </span>
      <p className={styles.licence}>{t('protection.footer.licence', { brand })}</p>
      <Link to={PROTECTION_URL}>{t('protection.footer.link')}</Link>
    </div>
  );
}
