import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionInfo } from '../api/protection';
import { clockOffset, formatElapsed } from '../time';
import styles from './runtime.module.css';

/** The header's session time (issue 10): elapsed since this login started, on the server's clock. */
export default function SessionTime() {
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
  if (!data) return null;
  const elapsed = now + offset.current - Date.parse(data.startedAt);
  return (
    <span className={styles.session} role="timer" aria-label={t('protection.header.session')}>
      {formatElapsed(elapsed)}
    </span>
  );
}
