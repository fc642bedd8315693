import { Suspense, lazy } from 'react';
import { loadChunk } from '@/lib/chunk';
import { useLaunchUi } from '../launch-store';

// The popups load when first opened: most visits never see them.
const GameMaintenance = lazy(() => loadChunk(() => import('./game-maintenance')));
const VendorGames = lazy(() => loadChunk(() => import('./vendor-games')));

/**
 * Where a page that launches games shows the launch's popups: the game maintenance page (spec §2
 * "game maintenance recommendation") and a VASSALAGE entry's sub-game list (spec §3).
 */
export function LaunchHost() {
  const maintenance = useLaunchUi((s) => s.maintenance);
  const vendorGames = useLaunchUi((s) => s.vendorGames);
  return (
    <Suspense fallback={null}>
      {vendorGames ? <VendorGames entry={vendorGames} /> : null}
      {maintenance ? <GameMaintenance game={maintenance} /> : null}
    </Suspense>
  );
}
