import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';

/** E-lottery (/elott): ELOTT and LOTT top navigation lead here (spec §2). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.elott.title')}>
      <EmptyState title={t('games.empty')} />
    </Page>
  );
}
