import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { loadChunk } from '@/lib/chunk';
import { useSessionStore } from '@/lib/storage';
import { Guard } from './guards/guard';
import { ModalHost } from './modals/modal-host';
import { Overlays } from './overlays';
import { PanelHost } from './panels/panel-host';
import { ScrollManager } from './scroll-manager';

// The live stream (issue 4) loads and opens only with a session, once for the whole app; with it
// the protection runtime of issue 10 (app/live/live.tsx).
// A chunk that fails to load costs the live updates only, never the page.
const Live = lazy(() => loadChunk(() => import('./live/live')).catch(() => ({ default: () => null })));

/** Every route renders inside the guards; modals, panels and overlays sit above the pages. */
export function Root() {
  const loggedIn = useSessionStore((s) => s.token !== null);
  return (
    <>
      {loggedIn ? (
        <Suspense fallback={null}>
          <Live />
        </Suspense>
      ) : null}
      <ScrollManager />
      <Guard>
        <Outlet />
        <ModalHost />
        <PanelHost />
      </Guard>
      <Overlays />
    </>
  );
}
