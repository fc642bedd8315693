import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';

/** Point mall (/pointMall). Goods and points arrive with the points issue. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.pointMall.title')}>
      <EmptyState title={t('pages.pointMall.empty')} />
    </Page>
  );
}
