import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';
import { isGameRouteType, type GameRouteType } from '@/config/paths';
import { NotFound } from '../not-found';

const TITLE_KEYS: Record<GameRouteType, string> = {
  rng: 'nav.games.rng',
  pvp: 'nav.games.pvp',
  fish: 'nav.games.fish',
  live: 'nav.games.live',
};

/**
 * The one games route /:gameType (rng, pvp, fish, live). Spec §2: a game-hall tab pushes /rng?page=
 * and slots use /rng?vassalage=; the games issue fills the hall from those.
 */
export function Component() {
  const { t } = useTranslation();
  const { gameType } = useParams();
  const [params] = useSearchParams();
  if (!isGameRouteType(gameType)) return <NotFound />;
  const vassalage = params.get('vassalage');
  return (
    <Page title={t(TITLE_KEYS[gameType])}>
      <EmptyState title={t(vassalage ? 'games.vendor_empty' : 'games.empty')} />
    </Page>
  );
}
