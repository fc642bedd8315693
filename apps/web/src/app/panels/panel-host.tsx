import { Suspense, lazy } from 'react';
import { loadChunk } from '@/lib/chunk';
import { loadAccountCatalogue } from '@/lib/i18n';
import { useUiStore } from '@/lib/ui-store';
import { PanelFromUrl } from './panel-from-url';

// The centre texts live in the account catalogue (only members open a centre).
const CentrePanel = lazy(() =>
  Promise.all([loadChunk(() => import('./centre-panel')), loadAccountCatalogue()]).then(([m]) => m),
);

/**
 * Personal and agent centre panels (spec §2). A panel renders only once its chunk has loaded
 * (no half-drawn frame). Spec §4/§6: the member centre for logged-in non-type-4 members, the
 * agent centre for agent types 1, 2, 41, 42 (the entry points warn; the panel itself is the last
 * gate, so the session code stays out of a guest's first page).
 */
export function PanelHost() {
  const personal = useUiStore((s) => s.panels.personal.open);
  const agent = useUiStore((s) => s.panels.agent.open);
  return (
    <>
      <PanelFromUrl />
      {personal ? (
        <Suspense fallback={null}>
          <CentrePanel id="personal" />
        </Suspense>
      ) : null}
      {agent ? (
        <Suspense fallback={null}>
          <CentrePanel id="agent" />
        </Suspense>
      ) : null}
    </>
  );
}
