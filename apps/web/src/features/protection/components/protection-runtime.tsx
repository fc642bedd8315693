import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { HEADER_CLOCKS_ID } from '@/config/nav';
import { Modal } from '@/components/ui/modal';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useSession } from '@/lib/session';
import { useUiStore } from '@/lib/ui-store';
import { getSessionInfo, useProtectionSettings, useSessionInfo } from '../api/protection';
import { clearRegistered, isRegistered } from '../registered';
import { clockOffset, formatDateTime, formatElapsed, nextCheckAt, serverNow } from '../time';
import { DepositLimitForm } from './deposit-limit-form';
import { useMoney } from './shared';
import styles from './runtime.module.css';

/**
 * The protection tools of a signed-in session (issue 10), mounted once by the root with a session
 * (trial accounts too) and loaded lazily: the previous login shown once, the reality check every
 * N minutes of the session (on the server's clock), the deposit-limit prompt after a registration.
 */
export default function ProtectionRuntime() {
  const info = useSessionInfo();
  const [registered] = useState(isRegistered);
  // Taken once the runtime is on the page (a reload later shows no prompt).
  useEffect(() => {
    if (registered) clearRegistered();
  }, [registered]);
  return (
    <>
      {info.data ? <LastLogin info={info.data} /> : null}
      {info.data ? <RealityCheck info={info.data} /> : null}
      {registered ? <RegistrationPrompt /> : null}
      <HeaderClocks />
    </>
  );
}

/**
 * The session clocks in the header's place for them. The header comes and goes with the layout
 * (and renders after the guards): the place is looked up again whenever the page's DOM changes.
 */
function HeaderClocks() {
  const [place, setPlace] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const find = () => setPlace(document.getElementById(HEADER_CLOCKS_ID));
    find();
    const observer = new MutationObserver(find);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return place ? createPortal(<SessionTime />, place) : null;
}

const SHOWN_KEY = 'protection.lastLoginShown';

/** "Last login: 2026-11-27 10:02 from 203.0.113.4", once per session (a reload does not repeat it). */
function LastLogin({ info }: { info: SessionInfo }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => {
    if (!info.previousLogin) return false;
    try {
      if (window.sessionStorage.getItem(SHOWN_KEY) === info.startedAt) return false;
      window.sessionStorage.setItem(SHOWN_KEY, info.startedAt);
    } catch {
      /* storage off: shown each time */
    }
    return true;
  });
  if (!open || !info.previousLogin) return null;
  return (
    <div className={styles.toast} role="status">
      <span>
        {t('protection.last_login', {
          when: formatDateTime(info.previousLogin.at),
          ip: info.previousLogin.ip,
        })}
      </span>
      <button type="button" className={styles.dismiss} onClick={() => setOpen(false)}>
        {t('protection.dismiss')}
      </button>
    </div>
  );
}

interface Check {
  elapsed: number;
  netResult: number;
}

/**
 * Every `realityCheckMinutes` since the session started (server time: startedAt and the offset of
 * serverTime), a dialog with the elapsed time and the session's net result (asked fresh), with
 * Continue, See history and Log out. Plain setTimeout and Date.now, so an injected clock drives it.
 */
function RealityCheck({ info }: { info: SessionInfo }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { hasMemberCentre } = useSession();
  const { logoutNow } = useLogout();
  const openPanel = useUiStore((s) => s.openPanel);
  const [check, setCheck] = useState<Check | null>(null);
  const [round, setRound] = useState(0);
  const offset = useRef(clockOffset(info.serverTime));
  const last = useRef(0);
  const minutes = info.realityCheckMinutes;
  const startedAt = Date.parse(info.startedAt);

  useEffect(() => {
    if (minutes === null || Number.isNaN(startedAt) || check) return;
    const now = serverNow(offset.current);
    const due = nextCheckAt(startedAt, minutes, Math.max(now, last.current));
    const timer = setTimeout(() => {
      last.current = due;
      void getSessionInfo().then(
        (fresh) => {
          offset.current = clockOffset(fresh.serverTime);
          setCheck({
            elapsed: serverNow(offset.current) - Date.parse(fresh.startedAt),
            netResult: fresh.netResult,
          });
        },
        () => setRound((r) => r + 1),
      );
    }, due - now);
    return () => clearTimeout(timer);
  }, [minutes, startedAt, check, round]);

  if (!check) return null;
  const close = () => setCheck(null);
  return (
    <Modal title={t('protection.check.title')} closeLabel={t('common.close')} onClose={close}>
      <div className={styles.check}>
        <p>{t('protection.check.elapsed', { elapsed: formatElapsed(check.elapsed) })}</p>
        <p>
          {t('protection.check.result', {
            amount: check.netResult > 0 ? `+${money(check.netResult)}` : money(check.netResult),
          })}
        </p>
        <div className={styles.actions}>
          <Button onClick={close}>{t('protection.check.continue')}</Button>
          {hasMemberCentre ? (
            <Button
              variant="secondary"
              onClick={() => {
                close();
                openPanel('personal', 'personalHistoryCopy');
              }}
            >
              {t('protection.check.history')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            onClick={() => {
              close();
              void logoutNow();
            }}
          >
            {t('protection.check.logout')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** After a registration: the deposit-limit prompt when the server still wants it asked. */
function RegistrationPrompt() {
  const { t } = useTranslation();
  const { isTrial } = useSession();
  const settings = useProtectionSettings(!isTrial);
  const [open, setOpen] = useState(true);
  if (!open || !settings.data?.depositLimitPrompt || settings.data.trial) return null;
  return (
    <Modal
      title={t('protection.prompt.title')}
      closeLabel={t('common.close')}
      description={t('protection.prompt.body')}
      onClose={() => setOpen(false)}
    >
      <DepositLimitForm onDone={() => setOpen(false)} />
    </Modal>
  );
}

/** The header's clocks (issue 10): the local time, and the time since this login started on the server's clock. */
export function SessionTime() {
  const { t } = useTranslation();
  const info = useSessionInfo();
  const offset = useRef(0);
  const [now, setNow] = useState(() => Date.now());
  const data = info.data;
  useEffect(() => {
    if (!data) return;
    offset.current = clockOffset(data.serverTime);
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [data]);
  // The local time (HH:mm) at once; the session's time once its start is known.
  const local = new Date(now).toTimeString().slice(0, 5);
  if (!data) return <time>{local}</time>;
  const elapsed = now + offset.current - Date.parse(data.startedAt);
  return (
    <>
      <time>{local}</time>
      <span className={styles.session} role="timer" aria-label={t('protection.header.session')}>
        {formatElapsed(elapsed)}
      </span>
    </>
  );
}
