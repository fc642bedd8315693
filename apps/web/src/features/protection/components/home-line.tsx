import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProtectionCatalogues } from '../catalogues';
import { Link } from 'react-router';
import { PROTECTION_URL } from './footer-protection';
import styles from './footer-protection.module.css';

/**
 * The home page's protection line (issue 10), below the fold in a lazy section. Its texts load
 * with it (not through features/protection/lazy: the home page's own chunk stays as it was).
 */
export default function HomeLine() {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const done = () => {
      if (live) setReady(true);
    };
    loadProtectionCatalogues().then(done, done);
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return null;
  return (
    <p className={styles.licence}>
      {t('protection.home_line')} <Link to={PROTECTION_URL}>{t('protection.footer.link')}</Link>
    </p>
  );
}
