import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';

/** Vietnamese lottery (/vnlottery, header only). Draws arrive with the lottery issue. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.vnlottery.title')}>
      <EmptyState title={t('games.empty')} />
    </Page>
  );
}
