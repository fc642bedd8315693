import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';
import { SESSION_KEYS, session } from '@/lib/storage';
import styles from './seamless.module.css';

/** Seamless games (/seamless, header only). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.seamless.title')}>
      <EmptyState title={t('games.empty')} />
    </Page>
  );
}

/** Only http(s) addresses may be framed. */
function safeFrameUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Embedded game frame (/game, header only). Spec §4: a game launch stores the frame url and
 * navigates here; without one there is nothing to show.
 */
export function GameFrame() {
  const { t } = useTranslation();
  const url = safeFrameUrl(session.get(SESSION_KEYS.gameUrl));
  if (!url) {
    return (
      <Page title={t('pages.game.title')}>
        <EmptyState title={t('pages.game.empty')} />
      </Page>
    );
  }
  return (
    <iframe className={styles.frame} src={url} title={t('pages.game.title')} allow="fullscreen; autoplay" />
  );
}
