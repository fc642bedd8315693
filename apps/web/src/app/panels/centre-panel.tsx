import { Suspense, memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { flags as readFlags, type Flags } from '@app/contracts';
import { Modal } from '@/components/ui/modal';
import { LoadingState } from '@/components/ui/status';
import {
  AGENT_CENTRE_DEFAULT_PAGE,
  AGENT_CENTRE_PAGES,
  PERSONAL_CENTRE_DEFAULT_PAGE,
  PERSONAL_CENTRE_PAGES,
  enabledPages,
  resolvePage,
  type CentreEntry,
} from '@/config/centres';
import type { CentreMember } from '@/config/member';
import { useStatus } from '@/features/system/api/get-status';
import { useSession } from '@/lib/session';
import { useUiStore, type PanelId } from '@/lib/ui-store';
import styles from './centre-panel.module.css';
// Every centre page needs part texts at once: their loaders come with the panel (lib/i18n.ts).
import '@/lib/catalogue-parts';

const CENTRES: Record<PanelId, { titleKey: string; entries: readonly CentreEntry[]; fallback: string }> = {
  personal: {
    titleKey: 'centre.personal.title',
    entries: PERSONAL_CENTRE_PAGES,
    fallback: PERSONAL_CENTRE_DEFAULT_PAGE,
  },
  agent: { titleKey: 'centre.agent.title', entries: AGENT_CENTRE_PAGES, fallback: AGENT_CENTRE_DEFAULT_PAGE },
};

const NO_FLAGS = readFlags([]);

/**
 * One centre: the menu, the page switch and the gates all come from its config array. A page
 * switch (issue 11, lab INP) re-renders the menu and the page's place only, never the dialog
 * around them: the menu marks the new entry at once (the click's next paint), the page renders
 * right after that paint at the deferred value's priority, interruptible (`CentreBody`).
 */
export default function CentrePanel({ id }: { id: PanelId }) {
  const { t } = useTranslation();
  const session = useSession();
  const member: CentreMember | null = session.member;
  const status = useStatus();
  const closePanel = useUiStore((s) => s.closePanel);
  const centre = CENTRES[id];
  const f: Flags = status.data ? readFlags(status.data.whitelabel) : NO_FLAGS;
  const pages = enabledPages(centre.entries, f, member);
  // Spec §4/§6: member centre for logged-in non-type-4, agent centre for agent types only.
  if (id === 'personal' ? !session.hasMemberCentre : !session.isAgent) return null;

  return (
    <Modal
      variant="sheet"
      title={t(centre.titleKey)}
      closeLabel={t('common.close')}
      onClose={() => closePanel(id)}
    >
      <div className={styles.layout}>
        <CentreMenu id={id} pages={pages} fallback={centre.fallback} label={t(centre.titleKey)} />
        <CentreBody id={id} pages={pages} fallback={centre.fallback} />
      </div>
    </Modal>
  );
}

interface CentrePartProps {
  id: PanelId;
  pages: readonly CentreEntry[];
  fallback: string;
}

/** The menu: its entries, the current one marked (at once on a switch). */
function CentreMenu({ id, pages, fallback, label }: CentrePartProps & { label: string }) {
  const requested = useUiStore((s) => s.panels[id].page);
  const current = resolvePage(pages, requested, fallback);
  return (
    <nav aria-label={label} className={styles.menu}>
      <ul>
        {pages.map((p) => (
          <MenuEntry key={p.page} id={id} entry={p} current={p.page === current?.page} />
        ))}
      </ul>
    </nav>
  );
}

/** One menu entry; memoised: a switch re-renders the two entries whose mark changed, not all. */
const MenuEntry = memo(function MenuEntry({
  id,
  entry,
  current,
}: {
  id: PanelId;
  entry: CentreEntry;
  current: boolean;
}) {
  const { t } = useTranslation();
  const setPage = useUiStore((s) => s.setPanelPage);
  const Badge = entry.badge;
  return (
    <li>
      <button
        type="button"
        className={styles.item}
        aria-current={current ? 'page' : undefined}
        onClick={() => setPage(id, entry.page)}
      >
        {t(entry.labelKey)}
        {Badge ? (
          <Suspense fallback={null}>
            <Badge page={entry.page} />
          </Suspense>
        ) : null}
      </button>
    </li>
  );
});

/**
 * The current page, one step behind the menu: the requested page through `useDeferredValue`, its
 * element memoised (the urgent render of a switch skips it; the deferred one renders the new page).
 * The boundary is keyed by the page: a page whose code is not loaded yet shows its loading state.
 */
function CentreBody({ id, pages, fallback }: CentrePartProps) {
  const { t } = useTranslation();
  const requested = useUiStore((s) => s.panels[id].page);
  const shown = resolvePage(pages, useDeferredValue(requested), fallback);
  const body = useMemo(() => {
    if (!shown) return null;
    const Shown = shown.component;
    return (
      <Suspense key={shown.page} fallback={<LoadingState label={t('common.loading')} />}>
        <Shown page={shown.page} labelKey={shown.labelKey} />
      </Suspense>
    );
  }, [shown, t]);
  return <div className={styles.page}>{body}</div>;
}
