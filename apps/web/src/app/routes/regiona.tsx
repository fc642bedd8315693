import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './guard-page.module.css';

/** Restricted-region page: shown on every path for a blocked region or IP (spec §2, §8). */
export default function RegionPage({ ipBlocked, onRetry }: { ipBlocked: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.mark} aria-hidden="true">
          ⊘
        </span>
        <h1>{t('guards.region.title')}</h1>
        <p>{t(ipBlocked ? 'guards.region.ip_message' : 'guards.region.message')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('guards.check_again')}
        </Button>
      </div>
    </main>
  );
}
