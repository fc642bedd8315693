import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/contracts';
import { Pager } from '@/components/ui/pager';
import { PeriodFilter } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { merchantTime, quickPickRange, type DayRange } from '@/lib/day-range';
import { pageCount } from '@/lib/record-list';
import { useBonusDetails } from '../api/get-bonus-details';
import { usePagerLabels, usePeriodLabels } from './record-filters';

/**
 * Bonus details (spec §2 bonusDetails, issue 4): my bonuses of the period and their total — the
 * operator's bonuses and, since issue 9, promotion bonuses, raffle prizes, claimed rewards,
 * invitation and mission rewards, each under its type.
 */
export default function BonusDetails({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last30'));
  const [page, setPage] = useState(1);
  const bonus = useBonusDetails({ ...range, page });
  const pagerLabels = usePagerLabels();
  const periodLabels = usePeriodLabels();

  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      <PeriodFilter
        range={range}
        labels={periodLabels}
        onRange={(next) => {
          setRange(next);
          setPage(1);
        }}
      />
      {bonus.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : bonus.isError ? (
        <ErrorState messageKey={errorKey(bonus.error)} onRetry={() => void bonus.refetch()} />
      ) : (
        <>
          <dl className={styles.totals} aria-label={t('records.totals.label')}>
            <div>
              <dt>{t('records.bonus.total')}</dt>
              <dd>{formatMinor(bonus.data.totalAmount)}</dd>
            </div>
          </dl>
          {bonus.data.items.length === 0 ? (
            <EmptyState title={t('records.bonus.empty')} />
          ) : (
            <table className={styles.table} role="table" aria-label={t('records.bonus.list_label')}>
              <thead role="rowgroup">
                <tr role="row">
                  <th role="columnheader" scope="col">
                    {t('records.columns.time')}
                  </th>
                  <th role="columnheader" scope="col">
                    {t('records.columns.type')}
                  </th>
                  <th role="columnheader" scope="col">
                    {t('records.bonus.reason')}
                  </th>
                  <th role="columnheader" scope="col" className={styles.num}>
                    {t('records.columns.amount')}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup" aria-busy={bonus.isPlaceholderData || undefined}>
                {bonus.data.items.map((item) => (
                  <tr key={item.id} role="row">
                    <td role="cell" data-label={t('records.columns.time')} className={styles.time}>
                      <time dateTime={item.createdAt}>{merchantTime(item.createdAt)}</time>
                    </td>
                    <td role="cell" data-label={t('records.columns.type')}>
                      {t(`money.types.${item.type}`)}
                    </td>
                    <td role="cell" data-label={t('records.bonus.reason')}>
                      {item.reason ?? t('records.bonus.no_reason')}
                    </td>
                    <td role="cell" data-label={t('records.columns.amount')} className={styles.num}>
                      {formatMinor(item.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            page={bonus.data.page}
            pageCount={pageCount(bonus.data.total, bonus.data.pageSize)}
            onChange={setPage}
            labels={pagerLabels}
            disabled={bonus.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
