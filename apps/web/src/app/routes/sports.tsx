import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/status';
import { SportsHall } from '@/features/games/components/halls';
import { useGamesCatalogue } from '@/features/games/hooks/use-games-catalogue';
import { loadCatalogues } from '@/lib/i18n';
// Its first paint needs part texts: their loaders come with this page's code (lib/i18n.ts).
import '@/lib/catalogue-parts';

/**
 * The games texts arrive before the page renders (the route waits for its loader), so the
 * sports hall never first shows a loading box that its content then pushes down (CLS).
 */
export async function loader() {
  await loadCatalogues('games');
  return null;
}

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
