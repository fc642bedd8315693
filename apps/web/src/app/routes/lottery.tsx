import { LOTTERY_GAME_CODE } from '@app/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { prefetchOpenedNumero } from '@/features/lottery/api/get-opened-numero';
import { LotteryPage } from '@/features/lottery/components/lottery-page';
import { useGameMenus } from '@/features/navigation/api/get-game-menus';
import { loadCatalogues } from '@/lib/i18n';
// Its first paint needs part texts: their loaders come with this page's code (lib/i18n.ts).
import '@/lib/catalogue-parts';

/** The loader's first run: the app's first load of the page (not a game or tab switch). */
let firstLoad = true;

/**
 * The lottery texts arrive before the page renders (the route waits for its loader); on the first
 * load the open period of the game in the address starts beside them and is waited for too, so the
 * first paint is the game, not a loading box it then pushes down (CLS).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // A server render always waits: it is every visit's first load.
  const first = firstLoad || import.meta.env.SSR;
  firstLoad = false;
  const gameCode = new URL(request.url).searchParams.get('gameCode');
  const opened =
    first && gameCode && LOTTERY_GAME_CODE.test(gameCode) ? prefetchOpenedNumero(gameCode) : undefined;
  await Promise.all([loadCatalogues('lottery'), opened]);
  return null;
}

/**
 * Lottery (/lottery, header only). Spec §2: optional query gameCode and playType select the game
 * and its play-type tab (added when the game has a code and a default play type); view=results
 * shows the game's draw results (also reached from /elott).
 */
export function Component() {
  const menus = useGameMenus();
  return <LotteryPage menus={menus.data?.lotteryMenus ?? []} menusLoading={menus.isLoading} />;
}
