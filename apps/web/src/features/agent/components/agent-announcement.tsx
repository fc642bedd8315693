import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { useAgentNotices } from '../api/get-agent-notices';
import { useReadNotice } from '../api/read-notice';
import { noticeText } from './notice-text';
import { usePagerLabels } from './report-kit';
import agent from './agent.module.css';

/**
 * Agent announcements (spec §2 agentAnnouncement, issue 8): my inbox's agent notices (contract
 * offers and termination requests, answers, payouts, unpaid dividends), newest first, each written
 * in the reader's language from its kind. An unread notice can be marked read here.
 * The inbox endpoint has no kind filter, so the notices are picked out of each inbox page.
 */
export default function AgentAnnouncement({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const notices = useAgentNotices(page);
  const read = useReadNotice();
  const pagerLabels = usePagerLabels();

  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      {notices.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : notices.isError ? (
        <ErrorState messageKey={errorKey(notices.error)} onRetry={() => void notices.refetch()} />
      ) : (
        <>
          {read.isError ? (
            <p className={agent.error} role="alert">
              {t(errorKey(read.error))}
            </p>
          ) : null}
          {notices.data.items.length === 0 ? (
            <EmptyState title={t(page > 1 ? 'agent.notices.empty_page' : 'agent.notices.empty')} />
          ) : (
            <ul className={agent.notices} aria-label={t('agent.notices.list_label')}>
              {notices.data.items.map((m) => (
                <NoticeItem
                  key={m.id}
                  message={m}
                  busy={read.isPending}
                  onRead={() => read.mutate({ id: m.id })}
                />
              ))}
            </ul>
          )}
          <Pager
            page={notices.data.page}
            pageCount={notices.data.pageCount}
            onChange={setPage}
            labels={pagerLabels}
            disabled={notices.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}

function NoticeItem({ message, busy, onRead }: { message: Message; busy: boolean; onRead: () => void }) {
  const { t } = useTranslation();
  const text = noticeText(t, message);
  const titleId = `agent-notice-${message.id}`;
  return (
    <li className={agent.notice} data-unread={!message.read || undefined} aria-labelledby={titleId}>
      <div className={agent.noticeHead}>
        <h3 id={titleId} className={agent.noticeTitle}>
          {text.title}
        </h3>
        <time className={styles.time} dateTime={message.createdAt}>
          {merchantTime(message.createdAt)}
        </time>
      </div>
      <p className={agent.noticeBody}>{text.body}</p>
      {text.quote ? <blockquote className={agent.quote}>{text.quote}</blockquote> : null}
      <div className={agent.actions}>
        <span className={styles.hint}>
          {t(message.read ? 'records.messages.read' : 'records.messages.unread')}
        </span>
        {message.read ? null : (
          <Button size="s" variant="secondary" disabled={busy} onClick={onRead}>
            {t('agent.notices.mark_read')}
          </Button>
        )}
      </div>
    </li>
  );
}
