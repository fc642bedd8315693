import { Suspense, lazy } from 'react';
import { loadChunk } from '@/lib/chunk';
import { useUiStore } from '@/lib/ui-store';

const CentrePanel = lazy(() => loadChunk(() => import('./centre-panel')));

/**
 * Personal and agent centre panels (spec §2). A panel renders only once its chunk has loaded
 * (no half-drawn frame). Who may open which panel is decided by the entry points that arrive with
 * sessions (issue 3: logged in and type not 4; agent types 1, 2, 41, 42).
 */
export function PanelHost() {
  const personal = useUiStore((s) => s.panels.personal.open);
  const agent = useUiStore((s) => s.panels.agent.open);
  return (
    <>
      {personal ? (
        <Suspense fallback={null}>
          <CentrePanel id="personal" member={null} />
        </Suspense>
      ) : null}
      {agent ? (
        <Suspense fallback={null}>
          <CentrePanel id="agent" member={null} />
        </Suspense>
      ) : null}
    </>
  );
}
