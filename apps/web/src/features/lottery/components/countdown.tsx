import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './countdown.module.css';

/** mm:ss (or h:mm:ss) of a number of milliseconds, never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The difference between the server's clock and this device's at the moment the answer arrived. */
export function clockSkew(serverTime: string | null | undefined, receivedAt: number): number {
  const server = serverTime ? Date.parse(serverTime) : NaN;
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Ticks once a second; `now` is the server's time (this device's clock corrected by the skew). */
export function useServerNow(serverTime: string | null | undefined, receivedAt: number): number {
  const skew = useMemo(() => clockSkew(serverTime, receivedAt), [serverTime, receivedAt]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now + skew;
}

export type CountdownPhase = 'open' | 'drawing' | 'none';

export function phaseOf(closeAt: string | null, drawAt: string | null, now: number): CountdownPhase {
  if (!closeAt || !drawAt) return 'none';
  if (now < Date.parse(closeAt)) return 'open';
  return 'drawing';
}

/**
 * The countdown to the open period's close (server-time corrected: `serverTime` is the server's
 * clock when the answer was made, `receivedAt` this device's clock when it arrived). After the
 * close it says "drawing…" until the caller has the next period.
 */
export function Countdown({
  closeAt,
  drawAt,
  serverTime,
  receivedAt,
}: {
  closeAt: string | null;
  drawAt: string | null;
  serverTime: string | null;
  receivedAt: number;
}) {
  const { t } = useTranslation();
  const now = useServerNow(serverTime, receivedAt);
  const phase = phaseOf(closeAt, drawAt, now);
  if (phase === 'none') return <p className={styles.root}>{t('lottery.countdown.no_period')}</p>;
  if (phase === 'drawing')
    return (
      <p className={`${styles.root} ${styles.drawing}`} role="status">
        {t('lottery.countdown.drawing')}
      </p>
    );
  const remaining = Date.parse(closeAt!) - now;
  return (
    <p className={styles.root}>
      <span className={styles.label}>{t('lottery.countdown.closes_in')}</span>{' '}
      {/* The server's render showed its own second: the browser's first render may differ by one. */}
      <time className={styles.time} dateTime={closeAt!} aria-live="off" suppressHydrationWarning>
        {formatRemaining(remaining)}
      </time>
    </p>
  );
}
