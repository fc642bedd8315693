import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GAME_TYPE_PATHS, paths } from '@/config/paths';
import { errorKey } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { useSessionStore } from '@/lib/storage';
import { useCollectWallets } from '../api/collect-wallets';
import { safeGameUrl } from '../hooks/use-launch-game';
import { storeFrame, useFrameStore } from '../launch-store';
import styles from './games.module.css';

/** Keeps --frame-top at the header's bottom edge, so the frame fills the rest of the viewport. */
function useFrameTop(shell: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const el = shell.current;
    const header = document.querySelector('header');
    if (!el || !header) return;
    const place = () =>
      el.style.setProperty('--frame-top', `${Math.max(0, header.getBoundingClientRect().bottom)}px`);
    place();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    ro?.observe(header);
    window.addEventListener('resize', place);
    return () => {
      ro?.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [shell]);
}

function useFullscreen(el: React.RefObject<HTMLDivElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () =>
      setOn(document.fullscreenElement !== null && document.fullscreenElement === el.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [el]);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void el.current?.requestFullscreen();
  };
  return { on, supported, toggle };
}

/**
 * The game frame (/game, header only): full width under the header and the rest of the viewport
 * tall, with a thin bar — the game's name, back to its lobby, full screen, and for games that play
 * from a vendor wallet the "move funds back to main wallet" of issue 5 (walletCollect).
 */
export function GameFrameView() {
  const { t } = useTranslation();
  const frame = useFrameStore();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const shell = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(shell);
  const collect = useCollectWallets();
  const submitKey = useSubmitKey();
  const [note, setNote] = useState<{ key: string; error: boolean } | null>(null);
  useFrameTop(shell);

  const url = safeGameUrl(frame.url);
  if (!url) return null;
  const lobby = frame.gameType ? GAME_TYPE_PATHS[frame.gameType] : paths.home;
  const name = frame.name ?? t('pages.game.title');

  const moveBack = () => {
    const body = {};
    const key = submitKey.for(body);
    setNote(null);
    collect.mutate(
      { key },
      {
        onSuccess: (value) => {
          submitKey.settle();
          // A vendor that did not answer (or refused) keeps its part: the button stays for another try.
          if (value.results.some((r) => r.status === 'failed'))
            return setNote({ key: 'games.frame.collect_failed', error: true });
          if (value.results.some((r) => r.status === 'pending'))
            return setNote({ key: 'games.frame.collect_pending', error: false });
          storeFrame({ ...useFrameStore.getState(), transferred: 0 });
          setNote({ key: 'games.frame.collected', error: false });
        },
        onError: (e) => {
          submitKey.settle(e);
          setNote({ key: errorKey(e), error: true });
        },
      },
    );
  };

  return (
    <div ref={shell} className={styles.frameShell}>
      <div className={styles.frameBar} role="toolbar" aria-label={t('games.frame.bar_label')}>
        <Link className={styles.frameButton} to={lobby} aria-label={t('games.frame.back')}>
          <span aria-hidden="true">‹</span>
          <span className={styles.frameButtonLabel}>{t('games.frame.back')}</span>
        </Link>
        <h1 className={styles.frameName}>{name}</h1>
        {loggedIn && frame.transferred > 0 ? (
          <button
            type="button"
            className={styles.frameButton}
            onClick={moveBack}
            disabled={collect.isPending}
            aria-label={t(collect.isPending ? 'games.frame.collecting' : 'games.frame.collect')}
          >
            {/* A phone has room for the short label only; the game's name stays readable. */}
            <span className={styles.frameButtonShort}>{t('games.frame.collect_short')}</span>
            <span className={styles.frameButtonLabel}>
              {t(collect.isPending ? 'games.frame.collecting' : 'games.frame.collect')}
            </span>
          </button>
        ) : null}
        {fullscreen.supported ? (
          <button
            type="button"
            className={styles.frameButton}
            onClick={fullscreen.toggle}
            aria-pressed={fullscreen.on}
            aria-label={t('games.frame.fullscreen')}
          >
            <span aria-hidden="true">{fullscreen.on ? '⤡' : '⤢'}</span>
          </button>
        ) : null}
      </div>
      {note ? (
        <p className={styles.frameNote} role={note.error ? 'alert' : 'status'}>
          {t(note.key)}
        </p>
      ) : null}
      <iframe
        key={url}
        className={styles.frame}
        src={url}
        title={frame.name ? t('games.frame.title', { name: frame.name }) : t('pages.game.title')}
        allow="fullscreen; autoplay"
        allowFullScreen
      />
    </div>
  );
}
