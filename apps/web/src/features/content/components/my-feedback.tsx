import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { MY_FEEDBACK_PAGE_SIZE, useMyFeedback } from '../api/get-my-feedback';
import styles from './content.module.css';

/** My feedback with the operator's replies (members only), newest first, paged. */
export function MyFeedback() {
  const { t, i18n } = useTranslation();
  const signedIn = useSessionStore((s) => s.token !== null);
  const [page, setPage] = useState(1);
  const mine = useMyFeedback(page, signedIn);
  if (!signedIn) return null;
  const time = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={styles.card} aria-labelledby="my-feedback-title">
      <h2 id="my-feedback-title" className={styles.cardTitle}>
        {t('content.feedback.mine_title')}
      </h2>
      {mine.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : mine.isError ? (
        <ErrorState messageKey={errorKey(mine.error)} onRetry={() => void mine.refetch()} />
      ) : mine.data.items.length === 0 ? (
        <EmptyState title={t('content.feedback.mine_empty')} />
      ) : (
        <>
          <ul className={styles.feedbackList}>
            {mine.data.items.map((f) => (
              <li key={f.id} className={styles.feedbackItem}>
                <div className={styles.feedbackHead}>
                  <span className={styles.tag}>{t(`content.feedback.types.${f.questionType}`)}</span>
                  <span className={f.status === 'answered' ? styles.answered : styles.waiting}>
                    {t(`content.feedback.status.${f.status}`)}
                  </span>
                  <time className={styles.muted} dateTime={f.createdAt}>
                    {t('content.feedback.sent_at', { time: time(f.createdAt) })}
                  </time>
                </div>
                <p className={styles.feedbackText}>{f.content}</p>
                {f.reply ? (
                  <div className={styles.reply}>
                    <p className={styles.replyLabel}>{t('content.feedback.reply_label')}</p>
                    <p className={styles.feedbackText}>{f.reply}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageCount={Math.ceil(mine.data.total / MY_FEEDBACK_PAGE_SIZE)}
            onChange={setPage}
            disabled={mine.isFetching}
            labels={{
              nav: t('content.feedback.pager'),
              previous: t('content.blog.previous'),
              next: t('content.blog.next'),
              page: (p) => t('content.blog.page', { page: p }),
            }}
          />
        </>
      )}
    </section>
  );
}
