import { useTranslation } from 'react-i18next';
import { useUiStore } from '@/lib/ui-store';
import { useUnreadCount } from '../api/get-unread-count';
import styles from './unread-badge.module.css';

/** More than this shows as "99+". */
const BADGE_MAX = 99;

/**
 * The header's inbox button (issue 4): an envelope with the unread count (relay CSP_unreadCount,
 * then kept current by the live stream); a click opens platform information in the member centre.
 */
export function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const openPanel = useUiStore((s) => s.openPanel);
  const count = unread.data?.count ?? 0;
  const label = count > 0 ? t('records.badge.unread', { n: count }) : t('records.badge.none');
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={label}
      title={label}
      onClick={() => openPanel('personal', 'messageV2')}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m3.5 6.5 8.5 6.5 8.5-6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      {count > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      ) : null}
    </button>
  );
}
