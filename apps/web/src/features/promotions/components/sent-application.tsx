import { useTranslation } from 'react-i18next';
import type { PromoEntry } from '@app/contracts';
import { useApplicationImage } from '../api/get-application-image';
import styles from './promotions.module.css';

function SentImage({ id, n, width, height }: { id: number; n: number; width: number; height: number }) {
  const { t } = useTranslation();
  const url = useApplicationImage(id);
  const alt = t('promotions.apply.sent_image', { n });
  return url ? (
    <img src={url} alt={alt} width={width} height={height} className={styles.sentImage} />
  ) : (
    <span className={styles.sentPlaceholder} role="img" aria-label={alt} />
  );
}

/** What the member sent with the application: the comment and the images (shown only to them). */
export function SentApplication({ entry }: { entry: PromoEntry }) {
  const { t } = useTranslation();
  if (!entry.comment && entry.images.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="promo-sent-title">
      <h2 id="promo-sent-title" className={styles.sectionTitle}>
        {t('promotions.apply.sent_title')}
      </h2>
      {entry.comment ? (
        <dl className={styles.rules}>
          <div>
            <dt>{t('promotions.apply.sent_comment')}</dt>
            <dd>{entry.comment}</dd>
          </div>
        </dl>
      ) : null}
      {entry.images.length > 0 ? (
        <ul className={styles.thumbs} aria-label={t('promotions.apply.sent_images')}>
          {entry.images.map((img, i) => (
            <li key={img.id} className={styles.thumb}>
              <SentImage id={img.id} n={i + 1} width={img.width} height={img.height} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
