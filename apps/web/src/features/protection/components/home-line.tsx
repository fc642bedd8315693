import { useTranslation } from 'react-i18next';
import { useTextsReady } from '@/lib/use-texts-ready';
import { loadProtectionCatalogues } from '../catalogues';
import { Link } from 'react-router';
import { PROTECTION_URL } from './footer-protection';
import styles from './footer-protection.module.css';

const loadTexts = () => loadProtectionCatalogues();

/**
 * The home page's protection line (issue 10), below the fold in a lazy section. Its texts load
 * with it (not through features/protection/lazy: the home page's own chunk stays as it was).
 */
export default function HomeLine() {
  const { t } = useTranslation();
  const ready = useTextsReady(loadTexts);
  if (!ready) return null;
  return (
    <p className={styles.licence}>
      {t('protection.home_line')} <Link to={PROTECTION_URL}>{t('protection.footer.link')}</Link>
    </p>
  );
}
