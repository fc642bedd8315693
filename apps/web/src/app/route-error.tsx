import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { isChunkLoadError } from '@/lib/chunk';
import { NotFound } from './not-found';
import styles from './route-error.module.css';

/** A route's error element: never a blank page (spec §8/§9). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen chunk={isChunkLoadError(error)} />;
}

export function ErrorScreen({ chunk }: { chunk: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.screen} role="alert">
      <h1 className={styles.title}>{t(chunk ? 'errors.chunk.title' : 'errors.unexpected.title')}</h1>
      <p>{t(chunk ? 'errors.chunk.message' : 'errors.unexpected.message')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
    </div>
  );
}
