import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { AppDownload } from '@/features/download/components/app-download';
import { InstallTutorials } from '@/features/download/components/install-tutorials';
import { useStatus } from '@/features/system/api/get-status';
import { errorKey } from '@/lib/api-client';
import { loadContentCatalogues } from '@/features/content/catalogues';
import { useContentTexts } from './use-content-texts';

/** The page's texts (the content part since issue 10: the base catalogue carries none of them). */
export async function loader() {
  await loadContentCatalogues();
  return null;
}

/** App download (/down, /download): the resources of status with QR codes, and the install tutorials. */
export function Component() {
  const { t } = useTranslation();
  const status = useStatus();
  const [params] = useSearchParams();
  // The install tutorials' texts (issue 9) come a moment after the downloads themselves.
  const tutorials = useContentTexts();
  return (
    <Page title={t('download.title')}>
      {status.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : status.isError ? (
        <ErrorState messageKey={errorKey(status.error)} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <AppDownload resources={status.data.resources} install={tutorials} />
          {tutorials ? (
            <InstallTutorials resources={status.data.resources} platform={params.get('platform')} />
          ) : null}
        </>
      )}
    </Page>
  );
}
