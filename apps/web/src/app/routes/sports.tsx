import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/status';
import { SportsHall } from '@/features/games/components/halls';
import { useGamesCatalogue } from '@/features/games/hooks/use-games-catalogue';

/** Sports (/sports); ESPORTS belongs here too (spec §2). */
export function Component() {
  const { t } = useTranslation();
  const ready = useGamesCatalogue();
  return (
    <Page title={t('pages.sports.title')}>
      {ready ? <SportsHall /> : <LoadingState label={t('common.loading')} />}
    </Page>
  );
}
