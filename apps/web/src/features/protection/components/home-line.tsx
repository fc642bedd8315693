import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROTECTION_URL } from './footer-protection';
import styles from './footer-protection.module.css';

/** The home page's protection line (issue 10), below the fold in a lazy section. */
export default function HomeLine() {
  const { t } = useTranslation();
  return (
    <p className={styles.licence}>
      {t('protection.home_line')} <Link to={PROTECTION_URL}>{t('protection.footer.link')}</Link>
    </p>
  );
}
