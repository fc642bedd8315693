import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractKind } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { infoOf, useContractInfo } from '../api/get-contract-info';
import { useRespondContract, type RespondInput } from '../api/respond-contract';
import { ConfirmDialog } from './confirm-dialog';
import { ContractStatus, ContractTerms } from './contract-terms';
import styles from './contracts.module.css';

type Action = RespondInput['action'];
/** The text of a step: answering a termination request reads differently from answering an offer. */
const stepOf = (contract: Contract, action: Action) =>
  contract.request === 'terminate' && action !== 'terminate' ? `${action}_termination` : action;

/**
 * From my upline (spec §3 consolidated info, §4 requests): the offers and termination requests
 * waiting for my answer (accept / reject, each confirmed) and my active contracts with my upline
 * (terminate, confirmed). Accepting a lower ratio may end contracts of my own downlines: the
 * answer says how many.
 */
export function UplineContracts({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const info = useContractInfo();
  const respond = useRespondContract();
  const [asking, setAsking] = useState<{ contract: Contract; action: Action } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!asking) return;
    setDone(null);
    setError(null);
    try {
      const answer = await respond.mutateAsync({ contractId: asking.contract.id, action: asking.action });
      const parts = [t(`contracts.mine.done.${stepOf(asking.contract, asking.action)}`)];
      if (answer.terminated.length > 0)
        parts.push(t('contracts.mine.auto_terminated', { count: answer.terminated.length }));
      setDone(parts.join(' '));
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setAsking(null);
    }
  };

  if (info.isPending)
    return (
      <section className={styles.section} aria-labelledby={`mine-${kind}`}>
        <h3 id={`mine-${kind}`} className={styles.heading}>
          {t('contracts.mine.heading')}
        </h3>
        <LoadingState label={t('common.loading')} />
      </section>
    );
  if (info.isError)
    return (
      <section className={styles.section} aria-labelledby={`mine-${kind}`}>
        <h3 id={`mine-${kind}`} className={styles.heading}>
          {t('contracts.mine.heading')}
        </h3>
        <ErrorState messageKey={errorKey(info.error)} onRetry={() => void info.refetch()} />
      </section>
    );

  const { requests, active } = infoOf(info.data, kind);
  const waiting = new Set(requests.map((c) => c.id));
  const ask = (contract: Contract, action: Action) => () => {
    setDone(null);
    setError(null);
    setAsking({ contract, action });
  };

  return (
    <section className={styles.section} aria-labelledby={`mine-${kind}`}>
      <h3 id={`mine-${kind}`} className={styles.heading}>
        {t('contracts.mine.heading')}
      </h3>
      <h4 className={styles.subheading}>{t('contracts.mine.requests')}</h4>
      {requests.length === 0 ? (
        <p className={styles.hint}>{t('contracts.mine.no_requests')}</p>
      ) : (
        <ul className={styles.cards} aria-label={t('contracts.mine.requests')}>
          {requests.map((c) => (
            <li key={c.id} className={styles.card} data-request={c.request ?? undefined}>
              <div className={styles.cardHead}>
                <span className={styles.who}>
                  {t(
                    c.request === 'terminate'
                      ? 'contracts.mine.request_terminate'
                      : 'contracts.mine.request_new',
                    {
                      upline: c.upline.account,
                    },
                  )}
                </span>
                <time className={styles.meta} dateTime={c.createdAt}>
                  {merchantTime(c.createdAt)}
                </time>
              </div>
              <ContractTerms contract={c} />
              <div className={styles.actions}>
                <Button size="s" onClick={ask(c, 'accept')}>
                  {t(`contracts.mine.${stepOf(c, 'accept')}`)}
                </Button>
                <Button size="s" variant="secondary" onClick={ask(c, 'reject')}>
                  {t(`contracts.mine.${stepOf(c, 'reject')}`)}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h4 className={styles.subheading}>{t('contracts.mine.active')}</h4>
      {active.length === 0 ? (
        <p className={styles.hint}>{t('contracts.mine.no_active')}</p>
      ) : (
        <ul className={styles.cards} aria-label={t('contracts.mine.active')}>
          {active.map((c) => (
            <li key={c.id} className={styles.card}>
              <div className={styles.cardHead}>
                <span className={styles.who}>
                  {t('contracts.mine.with_upline', { upline: c.upline.account })}
                </span>
                <ContractStatus contract={c} />
              </div>
              {c.acceptedAt ? (
                <span className={styles.meta}>
                  {t('contracts.mine.since', { time: merchantTime(c.acceptedAt) })}
                </span>
              ) : null}
              <ContractTerms contract={c} />
              {waiting.has(c.id) ? null : (
                <div className={styles.actions}>
                  <Button size="s" variant="secondary" onClick={ask(c, 'terminate')}>
                    {t('contracts.mine.terminate')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
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
          message={t(`contracts.confirm.${stepOf(asking.contract, asking.action)}`, {
            account: asking.contract.upline.account,
          })}
          confirmLabel={t(`contracts.confirm.do_${stepOf(asking.contract, asking.action)}`)}
          busy={respond.isPending}
          onConfirm={() => void confirm()}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}
