import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { formStyles } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { useMessages } from '../api/get-messages';
import { useReadAllMessages } from '../api/read-all-messages';
import { useReadMessage } from '../api/read-message';
import { messageText } from './notice-text';
import styles from './messages.module.css';

/**
 * Platform information (spec §2 messageV2, issue 4): my inbox, newest first, read and unread.
 * Opening a message shows it and marks it read; "mark all as read" clears the count. Notices are
 * written from their kind in the reader's language; a mail shows its own text as plain text.
 * The live stream refreshes the list when something new arrives.
 */
export default function MessageCentre({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const inbox = useMessages(page);
  const read = useReadMessage();
  const readAll = useReadAllMessages();

  const open = (m: Message) => {
    const next = openId === m.id ? null : m.id;
    setOpenId(next);
    if (next !== null && !m.read) read.mutate({ id: m.id });
  };

  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      {inbox.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : inbox.isError ? (
        <ErrorState messageKey={errorKey(inbox.error)} onRetry={() => void inbox.refetch()} />
      ) : (
        <>
          <div className={styles.bar}>
            <p className={styles.unread} aria-live="polite">
              {t('records.messages.unread_count', { n: inbox.data.unread })}
            </p>
            <Button
              variant="secondary"
              size="s"
              disabled={inbox.data.unread === 0 || readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {t('records.messages.read_all')}
            </Button>
          </div>
          {read.isError || readAll.isError ? (
            <p className={formStyles.error} role="alert">
              {t(errorKey(read.error ?? readAll.error))}
            </p>
          ) : null}
          {inbox.data.items.length === 0 ? (
            <EmptyState title={t('records.messages.empty')} />
          ) : (
            <ul className={styles.list} aria-label={t('records.messages.list_label')}>
              {inbox.data.items.map((m) => (
                <MessageItem key={m.id} message={m} open={openId === m.id} onToggle={() => open(m)} />
              ))}
            </ul>
          )}
          <Pager
            page={inbox.data.page}
            pageCount={Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize))}
            onChange={(p) => {
              setPage(p);
              setOpenId(null);
            }}
            labels={{
              nav: t('records.pager.label'),
              previous: t('records.pager.previous'),
              next: t('records.pager.next'),
              page: (p) => t('records.pager.page', { page: p }),
            }}
            disabled={inbox.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}

function MessageItem({ message, open, onToggle }: { message: Message; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const bodyId = useId();
  const text = messageText(t, message);
  const when = formatTime(message.createdAt);
  return (
    <li className={styles.item} data-unread={!message.read || undefined}>
      <button
        type="button"
        className={styles.head}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.subject}>{text.title}</span>
        <span className={styles.state}>
          {t(message.read ? 'records.messages.read' : 'records.messages.unread')}
        </span>
        <time className={styles.time} dateTime={message.createdAt}>
          {when}
        </time>
      </button>
      {open ? (
        <div id={bodyId} className={styles.body}>
          {text.body}
        </div>
      ) : null}
    </li>
  );
}

const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Yangon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
function formatTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : timeFormat.format(at);
}
