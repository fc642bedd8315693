import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './guard-page.module.css';

/**
 * Maintenance page: shown on every path while maintenance is on (spec §2). `message` is the
 * operator's own note (`npm run ops -- maintenance on "<message>"`), shown as they wrote it.
 */
export default function MaintainPage({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.mark} aria-hidden="true">
          ⚙
        </span>
        <h1>{t('guards.maintenance.title')}</h1>
        <p>{t('guards.maintenance.message')}</p>
        {message ? <p className={styles.note}>{message}</p> : null}
        <Button onClick={onRetry}>{t('guards.check_again')}</Button>
      </div>
    </main>
  );
}
