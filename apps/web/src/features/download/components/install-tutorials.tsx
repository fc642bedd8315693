import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '@app/contracts';
import { loadChunk } from '@/lib/chunk';
import { absoluteUrl } from './app-download';
import styles from './app-download.module.css';

const QrCode = lazy(() => loadChunk(() => import('@/components/ui/qr-code')));

/** The tutorials and the resource each one installs from (the iOS one, the lite one). */
const TUTORIALS = [
  { id: 'ios', types: ['APP_IOS', 'IOS'], steps: ['s1', 's2', 's3', 's4'] },
  {
    id: 'lite',
    types: ['APP_LITE', 'LITE', 'IOS_LITE', 'APP_ANDROID', 'ANDROID'],
    steps: ['s1', 's2', 's3'],
  },
] as const;

/**
 * Spec §2: the iOS and lite install tutorials, step by step, each with the QR code of its real
 * download address (the status resources). `/down?platform=ios|lite` puts that one first.
 */
export function InstallTutorials({
  resources,
  platform,
}: {
  resources: Record<string, Resource>;
  platform: string | null;
}) {
  const { t } = useTranslation();
  const list = Object.values(resources);
  const ordered = [...TUTORIALS].sort((a, b) => Number(b.id === platform) - Number(a.id === platform));
  return (
    <section className={styles.tutorials} aria-labelledby="install-tutorials">
      <h2 id="install-tutorials" className={styles.sectionTitle}>
        {t('content.download.tutorials_title')}
      </h2>
      <div className={styles.tutorialGrid}>
        {ordered.map((tut) => {
          const resource = tut.types
            .map((type) => list.find((r) => r.resourceType.toUpperCase() === type && r.url))
            .find(Boolean);
          // The site itself is what installs: its own address when no resource is configured.
          const url = absoluteUrl(resource?.url ?? '/');
          return (
            <article
              key={tut.id}
              id={`install-${tut.id}`}
              className={styles.tutorial}
              aria-labelledby={`tut-${tut.id}`}
            >
              <h3 id={`tut-${tut.id}`} className={styles.name}>
                {t(`content.download.${tut.id}.title`)}
              </h3>
              <div className={styles.tutorialBody}>
                <figure className={styles.qrFigure}>
                  <div className={styles.qr}>
                    <Suspense fallback={null}>
                      <QrCode text={url} label={t('content.download.qr_label', { url })} />
                    </Suspense>
                  </div>
                  <figcaption className={styles.note}>{t('content.download.scan')}</figcaption>
                </figure>
                <ol className={styles.stepList}>
                  {tut.steps.map((s) => (
                    <li key={s}>{t(`content.download.${tut.id}.${s}`)}</li>
                  ))}
                </ol>
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}
