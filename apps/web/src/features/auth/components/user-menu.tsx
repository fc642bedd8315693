import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { session, SESSION_KEYS } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { useLogout } from '../hooks/use-logout';
import { useProtectedAction } from '../hooks/use-protected-action';
import styles from './user-menu.module.css';

/**
 * Header controls when logged in (spec §2): deposit, withdraw, and the user menu (member centre,
 * account record, betting record, agent centre if permitted, sign out). The balance comes with
 * the money issue.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { member, isAgent } = useSession();
  const protect = useProtectedAction();
  const openPanel = useUiStore((s) => s.openPanel);
  const { confirmLogout } = useLogout();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const account = member?.account ?? session.get(SESSION_KEYS.account) ?? '';

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const go = (need: 'member' | 'agent', panel: 'personal' | 'agent', page: string) => () => {
    setOpen(false);
    protect(need, () => openPanel(panel, page));
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <div className={styles.money}>
        <button type="button" className={styles.action} onClick={go('member', 'personal', 'depositv2')}>
          {t('user.deposit')}
        </button>
        <button type="button" className={styles.action} onClick={go('member', 'personal', 'withdraw')}>
          {t('user.withdraw')}
        </button>
      </div>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('user.menu', { account })}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {account.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.account}>{account}</span>
      </button>
      {open ? (
        <ul id={listId} className={styles.list}>
          <li className={styles.onlySmall}>
            <button type="button" onClick={go('member', 'personal', 'depositv2')}>
              {t('user.deposit')}
            </button>
          </li>
          <li className={styles.onlySmall}>
            <button type="button" onClick={go('member', 'personal', 'withdraw')}>
              {t('user.withdraw')}
            </button>
          </li>
          <li>
            <button type="button" onClick={go('member', 'personal', 'securityCenter')}>
              {t('user.member_centre')}
            </button>
          </li>
          <li>
            <button type="button" onClick={go('member', 'personal', 'transactionHistory')}>
              {t('user.account_record')}
            </button>
          </li>
          <li>
            <button type="button" onClick={go('member', 'personal', 'personalHistoryCopy')}>
              {t('user.betting_record')}
            </button>
          </li>
          {isAgent ? (
            <li>
              <button type="button" onClick={go('agent', 'agent', 'agentTeamOverview')}>
                {t('user.agent_centre')}
              </button>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                confirmLogout();
              }}
            >
              {t('auth.logout')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
