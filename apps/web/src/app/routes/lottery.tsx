import { LotteryPage } from '@/features/lottery/components/lottery-page';
import { useGameMenus } from '@/features/navigation/api/get-game-menus';
import { loadCatalogues } from '@/lib/i18n';

/** The lottery texts arrive before the page renders (the route waits for its loader). */
export async function loader() {
  await loadCatalogues('lottery');
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
