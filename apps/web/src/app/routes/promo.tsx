import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';

/** Promotions (/promotions). Activities arrive with the promotions issue. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.promotions.title')}>
      <EmptyState title={t('pages.promotions.empty')} />
    </Page>
  );
}
