import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_PAGE_SIZE } from '@app/contracts';
import { Modal } from '@/components/ui/modal';
import { Pager } from '@/components/ui/pager';
import { SafeHtml } from '@/components/ui/safe-html';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useAnnouncements } from '../api/get-announcements';
import { useAnnouncementTexts } from '../use-texts';
import { languageTagOf } from './language-tag';
import styles from './announcements.module.css';

/**
 * The notice modal (spec §2: announcements, 7 per page, with a numbered list, title, HTML content
 * and pagination; the pager's page range 3 and margin 1): the player group, newest first. The
 * numbers go on from page to page (8, 9 … on page 2); the first announcement of a page is open.
 */
export default function NoticeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ready = useAnnouncementTexts();
  const [page, setPage] = useState(1);
  const notices = useAnnouncements({ group: 'player', page, pageSize: NOTICE_PAGE_SIZE });
  const list = useRef<HTMLOListElement>(null);
  const shown = notices.data?.page;
  useEffect(() => {
    // A new page starts at its top (the modal's scrolling body), wherever the reader had scrolled to.
    list.current?.parentElement?.scrollTo?.({ top: 0 });
  }, [shown]);
  if (!ready) return null;

  const data = notices.data;
  const first = (page - 1) * NOTICE_PAGE_SIZE + 1;
  return (
    <Modal title={t('notice.title')} closeLabel={t('common.close')} onClose={onClose} variant="wide">
      {notices.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : notices.isError && !data ? (
        <ErrorState messageKey={errorKey(notices.error)} onRetry={() => void notices.refetch()} />
      ) : !data || data.total === 0 ? (
        <EmptyState title={t('announcements.notice.empty')} />
      ) : (
        <>
          <ol
            ref={list}
            className={styles.list}
            start={first}
            aria-label={t('announcements.notice.list_label', { page })}
            aria-busy={notices.isPlaceholderData || undefined}
          >
            {data.items.map((a, i) => (
              <li key={a.id} className={styles.item}>
                <details open={i === 0}>
                  <summary className={styles.summaryLine}>
                    <span className={styles.number}>{first + i}.</span>
                    <span lang={languageTagOf(a.language)}>
                      <span className={styles.itemTitle}>{a.title}</span>
                      <time className={styles.itemTime} dateTime={a.startsAt}>
                        {a.timestamp}
                      </time>
                    </span>
                  </summary>
                  <div className={styles.itemBody}>
                    <SafeHtml
                      html={a.content}
                      images
                      className={styles.content}
                      lang={languageTagOf(a.language)}
                    />
                  </div>
                </details>
              </li>
            ))}
          </ol>
          <Pager
            page={page}
            pageCount={Math.ceil(data.total / NOTICE_PAGE_SIZE)}
            onChange={setPage}
            disabled={notices.isFetching}
            labels={{
              nav: t('announcements.notice.pages'),
              previous: t('announcements.notice.previous_page'),
              next: t('announcements.notice.next_page'),
              page: (p) => t('announcements.notice.page', { page: p }),
            }}
          />
        </>
      )}
    </Modal>
  );
}
