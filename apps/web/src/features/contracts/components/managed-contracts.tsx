import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractKind } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { pageCount } from '@/lib/record-list';
import { useContracts } from '../api/get-contracts';
import { useTerminateContract } from '../api/terminate-contract';
import { ConfirmDialog } from './confirm-dialog';
import { ContractStatus, ContractTerms } from './contract-terms';
import { usePagerLabels } from './labels';
import { OfferForm } from './offer-form';
import styles from './contracts.module.css';

/** What the upline may do with a contract: withdraw a pending offer, or ask to end an active one. */
export function uplineStep(c: Contract): 'withdraw' | 'request_termination' | null {
  if (c.status === 'pending' && c.request === 'new') return 'withdraw';
  if (c.status === 'active' && c.request === null) return 'request_termination';
  return null;
}

/**
 * The contracts I manage as an upline (agentContracts role upline, this kind): offers, active
 * contracts and ended ones with their reason, pages of 20; the offer form above them.
 */
export function ManagedContracts({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useContracts({ kind, role: 'upline', status: 'all', page });
  const terminate = useTerminateContract();
  const pagerLabels = usePagerLabels();
  const [asking, setAsking] = useState<{
    contract: Contract;
    step: 'withdraw' | 'request_termination';
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = `managed-${kind}`;

  const confirm = async () => {
    if (!asking) return;
    try {
      await terminate.mutateAsync(asking.contract.id);
      setDone(t(`contracts.managed.done.${asking.step}`, { account: asking.contract.downline.account }));
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setAsking(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('contracts.managed.heading')}
      </h3>
      <OfferForm kind={kind} />
      <h4 className={styles.subheading}>{t('contracts.managed.list_label')}</h4>
      {list.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : list.isError ? (
        <ErrorState messageKey={errorKey(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('contracts.managed.empty')} />
      ) : (
        <>
          <ul
            className={styles.cards}
            aria-label={t('contracts.managed.list_label')}
            aria-busy={list.isPlaceholderData || undefined}
          >
            {list.data.items.map((c) => {
              const step = uplineStep(c);
              return (
                <li key={c.id} className={styles.card} data-request={c.request ?? undefined}>
                  <div className={styles.cardHead}>
                    <span className={styles.who}>{c.downline.account}</span>
                    <ContractStatus contract={c} />
                  </div>
                  <time className={styles.meta} dateTime={c.createdAt}>
                    {t('contracts.managed.offered_at', { time: merchantTime(c.createdAt) })}
                  </time>
                  <ContractTerms contract={c} />
                  {step ? (
                    <div className={styles.actions}>
                      <Button
                        size="s"
                        variant="secondary"
                        aria-label={t(`contracts.managed.${step}_of`, { account: c.downline.account })}
                        onClick={() => {
                          setDone(null);
                          setError(null);
                          setAsking({ contract: c, step });
                        }}
                      >
                        {t(`contracts.managed.${step}`)}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Pager
            page={list.data.page}
            pageCount={pageCount(list.data.total, list.data.pageSize)}
            onChange={setPage}
            labels={pagerLabels}
            disabled={list.isPlaceholderData}
          />
        </>
      )}
      {done ? (
        <p className={styles.ok} role="status">
          {done}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {t(error)}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('contracts.confirm.title')}
          message={t(`contracts.confirm.${asking.step}`, { account: asking.contract.downline.account })}
          confirmLabel={t(`contracts.confirm.do_${asking.step}`)}
          busy={terminate.isPending}
          onConfirm={() => void confirm()}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}
