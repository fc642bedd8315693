import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';

/** Sports (/sports); ESPORTS belongs here too (spec §2). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.sports.title')}>
      <EmptyState title={t('games.empty')} />
    </Page>
  );
}
