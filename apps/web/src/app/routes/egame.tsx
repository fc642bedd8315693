import { useTranslation } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import type { GameType } from '@app/contracts';
import { Page } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/status';
import { isGameRouteType, type GameRouteType } from '@/config/paths';
import { prefetchFirstGamePage } from '@/features/games/api/get-game-list';
import { GameLobby } from '@/features/games/components/game-lobby';
import { useGamesCatalogue } from '@/features/games/hooks/use-games-catalogue';
import { loadCatalogues } from '@/lib/i18n';
// Its first paint needs part texts: their loaders come with this page's code (lib/i18n.ts).
import '@/lib/catalogue-parts';
import { NotFound } from '../not-found';

const TITLE_KEYS: Record<GameRouteType, string> = {
  rng: 'nav.games.rng',
  pvp: 'nav.games.pvp',
  fish: 'nav.games.fish',
  live: 'nav.games.live',
};

const GAME_TYPES: Record<GameRouteType, GameType> = { rng: 'RNG', pvp: 'PVP', fish: 'FISH', live: 'LIVE' };

/** The loader's first run: the app's first load of a lobby (not a search that re-runs it). */
let firstLoad = true;

/**
 * The games texts arrive before the page renders (the route waits for its loader), so the
 * lobby never first shows a loading box that its content then pushes down (CLS). On its first
 * run the loader also waits for the first page of the list (its request starts here,
 * beside the texts): the first paint is the lobby with its tiles, in one render.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  // A server render always waits: it is every visit's first load.
  const first = firstLoad || import.meta.env.SSR;
  firstLoad = false;
  let list: Promise<void> | undefined;
  // The first page of the lobby's list starts now, beside the texts (the lobby takes it over).
  if (isGameRouteType(params.gameType)) {
    const search = new URL(request.url).searchParams;
    const tab = search.get('page') ?? 'all';
    if (tab === 'all' || tab === 'hot')
      list = prefetchFirstGamePage({
        gameType: GAME_TYPES[params.gameType],
        vassalage: search.get('vassalage') ?? undefined,
        q: search.get('q') || undefined,
        hot: tab === 'hot' ? '1' : undefined,
      });
  }
  await Promise.all([loadCatalogues('games'), first ? list : undefined]);
  return null;
}

/**
 * The one games route /:gameType (rng, pvp, fish, live). Spec §2: a game-hall tab pushes
 * /rng?page= and slots use /rng?vassalage=; the lobby reads both from the address.
 */
export function Component() {
  const { t } = useTranslation();
  const { gameType } = useParams();
  const ready = useGamesCatalogue();
  if (!isGameRouteType(gameType)) return <NotFound />;
  return (
    <Page title={t(TITLE_KEYS[gameType])}>
      {ready ? (
        <GameLobby key={gameType} gameType={GAME_TYPES[gameType]} />
      ) : (
        <LoadingState label={t('common.loading')} />
      )}
    </Page>
  );
}
