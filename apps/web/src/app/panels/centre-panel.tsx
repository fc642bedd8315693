import { Suspense } from 'react';
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

/** One centre: the menu, the page switch and the gates all come from its config array. */
export default function CentrePanel({ id }: { id: PanelId }) {
  const { t } = useTranslation();
  const session = useSession();
  const member: CentreMember | null = session.member;
  const status = useStatus();
  const requested = useUiStore((s) => s.panels[id].page);
  const setPage = useUiStore((s) => s.setPanelPage);
  const closePanel = useUiStore((s) => s.closePanel);
  const centre = CENTRES[id];
  const f: Flags = status.data ? readFlags(status.data.whitelabel) : NO_FLAGS;
  const pages = enabledPages(centre.entries, f, member);
  const current = resolvePage(pages, requested, centre.fallback);
  const Current = current?.component;
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
        <nav aria-label={t(centre.titleKey)} className={styles.menu}>
          <ul>
            {pages.map((p) => {
              const Badge = p.badge;
              return (
                <li key={p.page}>
                  <button
                    type="button"
                    className={styles.item}
                    aria-current={p.page === current?.page ? 'page' : undefined}
                    onClick={() => setPage(id, p.page)}
                  >
                    {t(p.labelKey)}
                    {Badge ? (
                      <Suspense fallback={null}>
                        <Badge page={p.page} />
                      </Suspense>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={styles.page}>
          {Current && current ? (
            <Suspense fallback={<LoadingState label={t('common.loading')} />}>
              <Current page={current.page} labelKey={current.labelKey} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
