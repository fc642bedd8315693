import { Suspense, lazy } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { loadChunk } from '@/lib/chunk';
import { useUiStore } from '@/lib/ui-store';

// Radix and the modal bodies load only when a modal opens: not part of the home page's first JS.
const ModalContent = lazy(() => loadChunk(() => import('./modal-content')));
// Issue 9: after a login, the popup announcements (spec §4 after-login modal flag); its own chunk.
const AfterLoginPopups = lazy(() =>
  loadChunk(() => import('@/features/announcements/components/after-login')).catch(() => ({
    default: () => null,
  })),
);

/** Routes that exist to open a modal over home (spec §2); closing the modal leaves them. */
const MODAL_ROUTES: readonly string[] = [paths.login, paths.register, paths.registerHtml];

/** The one modal host (DESIGN §5). */
export function ModalHost() {
  const modal = useUiStore((s) => s.modal);
  const afterLogin = useUiStore((s) => s.afterLogin);
  const closeModal = useUiStore((s) => s.closeModal);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!modal) {
    return afterLogin ? (
      <Suspense fallback={null}>
        <AfterLoginPopups />
      </Suspense>
    ) : null;
  }
  const onClose = () => {
    closeModal();
    if (MODAL_ROUTES.includes(pathname)) void navigate(paths.home, { replace: true });
  };
  return (
    <Suspense fallback={null}>
      <ModalContent modal={modal} onClose={onClose} />
    </Suspense>
  );
}
