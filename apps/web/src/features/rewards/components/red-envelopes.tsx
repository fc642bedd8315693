import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RedEnvelope } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ListPager } from '@/components/ui/list-pager';
import list from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { useOpenRedEnvelope } from '../api/open-red-envelope';
import { useRedEnvelopes } from '../api/get-red-envelopes';
import { useMoney } from './reward-text';
import styles from './rewards.module.css';

/**
 * Red envelopes I received (issue 9, the receiving side of issue 8's red envelope): unopened ones
 * keep their amount hidden; opening one (on the server, once) reveals it with a short animation
 * (none with prefers-reduced-motion). The money reached the main wallet when it was sent.
 */
export function RedEnvelopes() {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const envelopes = useRedEnvelopes(page);
  const open = useOpenRedEnvelope();
  const [shown, setShown] = useState<(RedEnvelope & { amount: number }) | null>(null);

  if (envelopes.isPending) return <LoadingState label={t('common.loading')} />;
  if (envelopes.isError)
    return <ErrorState messageKey={errorKey(envelopes.error)} onRetry={() => void envelopes.refetch()} />;
  const data = envelopes.data;
  const onOpen = (e: RedEnvelope) => {
    open.reset();
    open.mutate({ id: e.id }, { onSuccess: (v) => setShown(v) });
  };
  return (
    <div className={list.page}>
      <p className={styles.muted}>{t('rewards.envelopes.unopened', { n: data.unopened })}</p>
      {open.isError ? (
        <p className={styles.error} role="alert">
          {t(errorKey(open.error))}
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <EmptyState title={t('rewards.envelopes.empty')} />
      ) : (
        <ul className={styles.envelopes} aria-label={t('rewards.envelopes.list_label')}>
          {data.items.map((e) => (
            <li
              key={e.id}
              className={styles.envelope}
              data-opened={e.openedAt !== null}
              aria-label={t('rewards.envelopes.from', { from: e.from })}
            >
              <span className={styles.seal} aria-hidden="true" />
              <p className={styles.envelopeFrom}>{t('rewards.envelopes.from', { from: e.from })}</p>
              {e.message ? <p className={styles.envelopeMeta}>{e.message}</p> : null}
              <p className={styles.envelopeMeta}>
                <time dateTime={e.receivedAt}>
                  {t('rewards.envelopes.received', { time: merchantTime(e.receivedAt) })}
                </time>
              </p>
              {e.openedAt !== null && e.amount !== null ? (
                <>
                  <p className={styles.envelopeAmount}>{money(e.amount)}</p>
                  <p className={styles.envelopeMeta}>
                    {t('rewards.envelopes.opened', { time: merchantTime(e.openedAt) })}
                  </p>
                </>
              ) : (
                <button
                  type="button"
                  className={styles.openButton}
                  disabled={open.isPending}
                  aria-label={t('rewards.envelopes.open_label', { from: e.from })}
                  onClick={() => onOpen(e)}
                >
                  {t(
                    open.isPending && open.variables.id === e.id
                      ? 'rewards.envelopes.opening'
                      : 'rewards.envelopes.open',
                  )}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ListPager list={data} onChange={setPage} disabled={envelopes.isPlaceholderData} />
      {shown ? <OpenedEnvelope envelope={shown} onClose={() => setShown(null)} /> : null}
    </div>
  );
}

/** The opened envelope: the flap lifts and the amount appears (CSS; still with reduced motion). */
function OpenedEnvelope({
  envelope,
  onClose,
}: {
  envelope: RedEnvelope & { amount: number };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Modal title={t('rewards.envelopes.dialog_title')} closeLabel={t('common.close')} onClose={onClose}>
      <div className={styles.reveal}>
        <div className={styles.revealCard}>
          <span className={styles.flap} aria-hidden="true" />
          <p className={styles.revealFrom}>{t('rewards.envelopes.sent_you', { from: envelope.from })}</p>
          <p className={styles.revealAmount} role="status">
            {money(envelope.amount)}
          </p>
        </div>
        {envelope.message ? (
          <p className={styles.rule}>{t('rewards.envelopes.message_line', { message: envelope.message })}</p>
        ) : null}
        <p className={styles.muted}>{t('rewards.envelopes.credited')}</p>
        <Button onClick={onClose}>{t('rewards.envelopes.done')}</Button>
      </div>
    </Modal>
  );
}
