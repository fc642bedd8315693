import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';
import { paths } from '@/config/paths';

/** Promotion detail (/promoDetail). Activities arrive with the promotions issue. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.promoDetail.title')}>
      <EmptyState title={t('pages.promoDetail.empty')}>
        <Link to={paths.promotions}>{t('pages.promoDetail.back')}</Link>
      </EmptyState>
    </Page>
  );
}
