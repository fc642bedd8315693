import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';
import { paths } from '@/config/paths';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Page title={t('not_found.title')}>
      <EmptyState title={t('not_found.message')}>
        <Link to={paths.home}>{t('not_found.home')}</Link>
      </EmptyState>
    </Page>
  );
}
