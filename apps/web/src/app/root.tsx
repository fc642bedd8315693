import { Outlet } from 'react-router';
import { Guard } from './guards/guard';
import { ModalHost } from './modals/modal-host';
import { Overlays } from './overlays';
import { PanelHost } from './panels/panel-host';
import { ScrollManager } from './scroll-manager';

/** Every route renders inside the guards; modals, panels and overlays sit above the pages. */
export function Root() {
  return (
    <>
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
