import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';

/** Join us (/join): the agent programme. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.join.title')}>
      <EmptyState title={t('pages.join.empty')} />
    </Page>
  );
}
