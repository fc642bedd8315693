import { useTranslation } from 'react-i18next';
import type { CustomerService } from '@app/contracts';
import { useUiStore } from '@/lib/ui-store';
import styles from './customer-service-entry.module.css';

/** Spec §2 side bar: the VIP variant picks the second service entry. */
export function pickCustomerService(
  entries: readonly CustomerService[],
  vip: boolean,
): CustomerService | undefined {
  return vip ? (entries[1] ?? entries[0]) : entries[0];
}

/** Opens live chat in a new window; false when the browser refused or closed it (spec §8). */
export function openServiceWindow(url: string): boolean {
  try {
    const win = window.open(url, '_blank');
    if (!win) return false;
    win.opener = null;
    return true;
  } catch {
    return false;
  }
}

export function CustomerServiceEntry({
  entries,
  vip,
  className,
}: {
  entries: readonly CustomerService[];
  vip: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const entry = pickCustomerService(entries, vip);
  if (!entry) return null;

  const content = (
    <>
      <span className={styles.icon} aria-hidden="true">
        {entry.kind === 'telegram' ? '✈' : '☏'}
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{t(vip ? 'sidebar.vip_service' : 'sidebar.customer_service')}</span>{' '}
        <span className={styles.title}>{entry.title}</span>
      </span>
    </>
  );

  if (entry.kind === 'telegram') {
    return (
      <a
        className={[styles.entry, className ?? ''].join(' ')}
        href={entry.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={[styles.entry, className ?? ''].join(' ')}
      onClick={() => {
        if (!openServiceWindow(entry.url)) {
          openModal({
            kind: 'dialog',
            titleKey: 'sidebar.customer_service',
            messageKey: 'errors.window_closed',
          });
        }
      }}
    >
      {content}
    </button>
  );
}
