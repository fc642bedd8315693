import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flags } from '@app/contracts';
import { paths } from '@/config/paths';
import { CustomerServiceEntry } from '@/features/customer-service/components/customer-service-entry';
import { useStatus } from '@/features/system/api/get-status';
import styles from './side-bar.module.css';

/**
 * Side menu (spec §2): customer service, app download, promotions. A rail on desktop; on a phone
 * a drawer behind a floating button.
 */
export function SideBar() {
  const { t } = useTranslation();
  const status = useStatus();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  // The VIP variant comes from the member's VIP state with sessions (issue 3); today it is the brand flag.
  const vip = status.data ? flags(status.data.whitelabel).vipService : false;

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls="side-menu"
        aria-label={t('sidebar.open')}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">☏</span>
      </button>
      {open ? <div className={styles.backdrop} onClick={close} aria-hidden="true" /> : null}
      <aside
        id="side-menu"
        ref={panelRef}
        tabIndex={-1}
        className={styles.side}
        data-open={open || undefined}
        aria-label={t('sidebar.label')}
      >
        <div className={styles.drawerHead}>
          <span className={styles.drawerTitle}>{t('sidebar.label')}</span>
          <button type="button" className={styles.close} aria-label={t('sidebar.close')} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <ul className={styles.list}>
          {status.data && status.data.customerService.length > 0 ? (
            <li>
              <CustomerServiceEntry entries={status.data.customerService} vip={vip} />
            </li>
          ) : null}
          <li>
            <Link className={styles.item} to={paths.download} onClick={close}>
              <span className={styles.icon} aria-hidden="true">
                ⬇
              </span>
              {t('nav.download')}
            </Link>
          </li>
          <li>
            <Link className={styles.item} to={paths.promotions} onClick={close}>
              <span className={styles.icon} aria-hidden="true">
                ★
              </span>
              {t('nav.promotions')}
            </Link>
          </li>
        </ul>
      </aside>
    </>
  );
}
