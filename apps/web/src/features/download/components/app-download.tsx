import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '@app/contracts';
import { EmptyState } from '@/components/ui/status';
import { loadChunk } from '@/lib/chunk';
import styles from './app-download.module.css';

// The QR drawing code (the `qrcode` package) comes with this page only.
const QrCode = lazy(() => loadChunk(() => import('@/components/ui/qr-code')));

// Resource types the catalogue has a name for; any other type shows as the server sends it.
const TYPE_KEYS: Record<string, string> = {
  ANDROID: 'download.types.android',
  APP_ANDROID: 'download.types.android',
  IOS: 'download.types.ios',
  APP_IOS: 'download.types.ios',
  IOS_LITE: 'download.types.ios_lite',
  LITE: 'download.types.ios_lite',
  APP_LITE: 'download.types.ios_lite',
  H5: 'download.types.h5',
  PC: 'download.types.pc',
};

/** The address as a phone scanning the code must open it: absolute, on this site's origin. */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

/** The browser's install prompt (Chrome, Edge, Samsung): offered as a button when it comes. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function InstallButton() {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches,
  );
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setPrompt(e as InstallPromptEvent);
    };
    const onInstalled = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (installed) return <p className={styles.note}>{t('content.download.installed')}</p>;
  if (!prompt) return null;
  return (
    <button
      type="button"
      className={styles.link}
      onClick={() => {
        void prompt.prompt();
        void prompt.userChoice.then(() => setPrompt(null));
      }}
    >
      {t('content.download.install')}
    </button>
  );
}

/** The app-download resources of status (spec §3: resourceType, url, qrCodeUrl), each with a QR code. */
export function AppDownload({
  resources,
  install = true,
}: {
  resources: Record<string, Resource>;
  /** Offer the browser's install prompt (its texts are the content part's: once they are loaded). */
  install?: boolean;
}) {
  const { t } = useTranslation();
  const list = Object.entries(resources).filter(([, r]) => r.url);
  if (list.length === 0) return <EmptyState title={t('download.empty')} />;
  return (
    <>
      {install ? <InstallButton /> : null}
      <ul className={styles.grid}>
        {list.map(([key, r]) => {
          const typeKey = TYPE_KEYS[r.resourceType.toUpperCase()];
          const name = typeKey ? t(typeKey) : r.resourceType;
          return (
            <li key={key} className={styles.card}>
              <h2 className={styles.name}>{name}</h2>
              {r.qrCodeUrl ? (
                <img
                  className={styles.qr}
                  src={r.qrCodeUrl}
                  alt={t('download.qr_alt', { name })}
                  width={160}
                  height={160}
                  loading="lazy"
                />
              ) : (
                <div className={styles.qr}>
                  <Suspense fallback={null}>
                    <QrCode text={absoluteUrl(r.url)} label={t('download.qr_alt', { name })} />
                  </Suspense>
                </div>
              )}
              <a className={styles.link} href={r.url} target="_blank" rel="noopener noreferrer">
                {t('download.get', { name })}
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}
