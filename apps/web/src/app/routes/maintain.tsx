import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './guard-page.module.css';

/** Maintenance page: shown on every path while maintenance is on (spec §2). */
export default function MaintainPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.mark} aria-hidden="true">
          ⚙
        </span>
        <h1>{t('guards.maintenance.title')}</h1>
        <p>{t('guards.maintenance.message')}</p>
        <Button onClick={onRetry}>{t('guards.check_again')}</Button>
      </div>
    </main>
  );
}
