import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { AppDownload } from '@/features/download/components/app-download';
import { useStatus } from '@/features/system/api/get-status';
import { errorKey } from '@/lib/api-client';

/** App download (/down, /download): the resources of status, url and QR image. */
export function Component() {
  const { t } = useTranslation();
  const status = useStatus();
  return (
    <Page title={t('download.title')}>
      {status.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : status.isError ? (
        <ErrorState messageKey={errorKey(status.error)} onRetry={() => void status.refetch()} />
      ) : (
        <AppDownload resources={status.data.resources} />
      )}
    </Page>
  );
}
