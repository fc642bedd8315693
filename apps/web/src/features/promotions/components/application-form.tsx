import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROMO_COMMENT_MAX,
  PROMO_IMAGE_MAX_BYTES,
  PROMO_IMAGE_MAX_COUNT,
  PROMO_IMAGE_TYPES,
  type LanguageCode,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { errorKey, isApiError } from '@/lib/api-client';
import { useApplyPromotion } from '../api/apply-promotion';
import styles from './promotions.module.css';

type ImageType = (typeof PROMO_IMAGE_TYPES)[number];
const isImageType = (type: string): type is ImageType =>
  (PROMO_IMAGE_TYPES as readonly string[]).includes(type);
/** Characters as a person counts them (a Burmese syllable or an emoji is not two). */
const lengthOf = (text: string) => [...text].length;

/**
 * Spec §8 upload checks before anything is sent (the server checks again, by the bytes): at most
 * 3 images, png or jpg, each under 5 MB. The message keys are the server's, so both say the same.
 */
export function imagesError(files: readonly File[]): string | null {
  if (files.length > PROMO_IMAGE_MAX_COUNT) return 'promotions.errors.too_many_images';
  for (const f of files) if (!isImageType(f.type)) return 'promotions.errors.image_type';
  for (const f of files) if (f.size > PROMO_IMAGE_MAX_BYTES) return 'promotions.errors.image_too_large';
  return null;
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** Object URLs of the chosen files, revoked when the choice changes or the form goes. */
function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/**
 * The activity application (spec §3, §5): a comment of up to 140 characters and up to 3 png or
 * jpg images under 5 MB. A refusal lands on its field; nothing is kept on the server then.
 */
export function ApplicationForm({ id, language }: { id: number; language: LanguageCode }) {
  const { t } = useTranslation();
  const ids = useId();
  const apply = useApplyPromotion();
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<{ field: 'comment' | 'images' | 'form'; key: string } | null>(null);
  const [reading, setReading] = useState(false);
  const previews = usePreviews(files);
  const busy = reading || apply.isPending;
  const count = lengthOf(comment);

  const pick = (picked: File[]) => {
    const next = [...files, ...picked];
    setFiles(next.slice(0, PROMO_IMAGE_MAX_COUNT + 1));
    const problem = imagesError(next);
    setError(problem ? { field: 'images', key: problem } : null);
  };
  const remove = (i: number) => {
    const next = files.filter((_, j) => j !== i);
    setFiles(next);
    const problem = imagesError(next);
    setError(problem ? { field: 'images', key: problem } : null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (count > PROMO_COMMENT_MAX)
      return setError({ field: 'comment', key: 'promotions.errors.comment_too_long' });
    const problem = imagesError(files);
    if (problem) return setError({ field: 'images', key: problem });
    setError(null);
    let images: { type: ImageType; data: string }[];
    setReading(true);
    try {
      images = await Promise.all(
        files.map(async (f) => ({ type: f.type as ImageType, data: await base64Of(f) })),
      );
    } catch {
      return setError({ field: 'images', key: 'promotions.errors.image_unreadable' });
    } finally {
      setReading(false);
    }
    apply.mutate(
      { id, language, ...(comment.trim() ? { comment: comment.trim() } : {}), images },
      {
        onError: (err) => {
          const key = errorKey(err);
          const fields = isApiError(err) ? Object.keys(err.fields ?? {}) : [];
          const field = fields.some((f) => f.startsWith('images'))
            ? 'images'
            : fields.includes('comment')
              ? 'comment'
              : 'form';
          setError({ field, key });
        },
      },
    );
  }

  const commentError = error?.field === 'comment' ? t(error.key) : null;
  const imagesProblem = error?.field === 'images' ? t(error.key) : null;
  return (
    <form
      className={styles.form}
      aria-labelledby={`${ids}-title`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 id={`${ids}-title`} className={styles.formTitle}>
        {t('promotions.apply.title')}
      </h3>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-comment`}>
          {t('promotions.apply.comment')}
        </label>
        <textarea
          id={`${ids}-comment`}
          className={`${styles.input} ${styles.textarea}`}
          rows={3}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            if (error?.field === 'comment') setError(null);
          }}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${ids}-count${commentError ? ` ${ids}-comment-error` : ''}`}
        />
        <p id={`${ids}-count`} className={`${styles.hint} ${count > PROMO_COMMENT_MAX ? styles.over : ''}`}>
          {t('promotions.apply.comment_count', { count, max: PROMO_COMMENT_MAX })}
        </p>
        {commentError ? (
          <p id={`${ids}-comment-error`} className={styles.error} role="alert">
            {commentError}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-images`}>
          {t('promotions.apply.images')}
        </label>
        {/* The browser's own "Choose files" text is not translated: a label stands in for it. */}
        <div className={styles.fileRow}>
          <input
            id={`${ids}-images`}
            className={styles.fileInput}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            disabled={busy || files.length >= PROMO_IMAGE_MAX_COUNT}
            aria-invalid={imagesProblem ? true : undefined}
            aria-describedby={`${ids}-images-hint${imagesProblem ? ` ${ids}-images-error` : ''}`}
            onChange={(e) => {
              pick(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <label htmlFor={`${ids}-images`} className={styles.fileButton} aria-hidden="true">
            {t('promotions.apply.choose')}
          </label>
          {files.length === 0 ? (
            <span className={styles.muted}>{t('promotions.apply.none_chosen')}</span>
          ) : null}
        </div>
        <p id={`${ids}-images-hint`} className={styles.hint}>
          {t('promotions.apply.images_hint', { max: PROMO_IMAGE_MAX_COUNT })}
        </p>
        {files.length > 0 ? (
          <ul className={styles.thumbs} aria-label={t('promotions.apply.chosen')}>
            {files.map((f, i) => (
              <li key={`${f.name}-${f.size}-${i}`} className={styles.thumb}>
                {isImageType(f.type) ? (
                  <img src={previews[i]} alt={t('promotions.apply.preview', { n: i + 1 })} />
                ) : (
                  <span className={styles.thumbName}>{f.name}</span>
                )}
                <Button
                  variant="secondary"
                  size="s"
                  onClick={() => remove(i)}
                  disabled={busy}
                  aria-label={t('promotions.apply.remove', { n: i + 1 })}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {imagesProblem ? (
          <p id={`${ids}-images-error`} className={styles.error} role="alert">
            {imagesProblem}
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {t(busy ? 'promotions.apply.sending' : 'promotions.apply.submit')}
        </Button>
      </div>
      {error?.field === 'form' ? (
        <p className={styles.error} role="alert">
          {t(error.key)}
        </p>
      ) : null}
    </form>
  );
}
