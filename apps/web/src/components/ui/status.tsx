import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './status.module.css';

export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

/** A lightweight loading line; `label` is already translated. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className={styles.box} role="status" aria-live="polite">
      <Spinner />
      <p>{label}</p>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.box}>
      <span className={styles.icon} aria-hidden="true">
        ◇
      </span>
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}

/** A translated error with a retry button (spec §8 network errors). */
export function ErrorState({
  title,
  messageKey,
  onRetry,
}: {
  title?: string;
  messageKey: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} role="alert">
      {title ? <p className={styles.title}>{title}</p> : null}
      <p>{t(messageKey)}</p>
      {onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
    </div>
  );
}
