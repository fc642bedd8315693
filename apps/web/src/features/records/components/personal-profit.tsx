import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/contracts';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { usePersonalProfit } from '../api/get-personal-profit';
import { PeriodFilter } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { quickPickRange, type DayRange } from '@/lib/day-range';
import { signedAmount } from '@/lib/record-list';
import { usePeriodLabels } from './record-filters';

/**
 * Personal loss (spec §2 personalProfit, issue 4): stake, payout and win/loss per day and game
 * vertical with the period's totals. Bets arrive with the games issue: until a bet exists the page
 * says so plainly instead of showing zeros.
 */
export default function PersonalProfit({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7'));
  const profit = usePersonalProfit(range);
  const periodLabels = usePeriodLabels();
  const cols = {
    day: t('records.profit.day'),
    vertical: t('records.profit.vertical'),
    stake: t('records.profit.stake'),
    payout: t('records.profit.payout'),
    winLoss: t('records.profit.win_loss'),
  };

  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      <PeriodFilter range={range} onRange={setRange} labels={periodLabels} />
      {profit.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : profit.isError ? (
        <ErrorState messageKey={errorKey(profit.error)} onRetry={() => void profit.refetch()} />
      ) : profit.data.rows.length === 0 ? (
        <EmptyState title={t('records.profit.empty')}>
          <p>{t('records.profit.empty_hint')}</p>
        </EmptyState>
      ) : (
        <table className={styles.table} role="table" aria-label={t('records.profit.list_label')}>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                {cols.day}
              </th>
              <th role="columnheader" scope="col">
                {cols.vertical}
              </th>
              <th role="columnheader" scope="col" className={styles.num}>
                {cols.stake}
              </th>
              <th role="columnheader" scope="col" className={styles.num}>
                {cols.payout}
              </th>
              <th role="columnheader" scope="col" className={styles.num}>
                {cols.winLoss}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {profit.data.rows.map((row) => (
              <tr key={`${row.day}-${row.vertical}`} role="row">
                <td role="cell" data-label={cols.day} className={styles.lead}>
                  {row.day}
                </td>
                <td role="cell" data-label={cols.vertical}>
                  {t(`records.verticals.${row.vertical}`)}
                </td>
                <td role="cell" data-label={cols.stake} className={styles.num}>
                  {formatMinor(row.stake)}
                </td>
                <td role="cell" data-label={cols.payout} className={styles.num}>
                  {formatMinor(row.payout)}
                </td>
                <td
                  role="cell"
                  data-label={cols.winLoss}
                  className={styles.num}
                  data-sign={Math.sign(row.winLoss)}
                >
                  {signedAmount(row.winLoss, formatMinor)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot role="rowgroup">
            <tr role="row">
              <td role="cell" className={styles.lead}>
                <span className={styles.full}>{t('records.profit.totals')}</span>
              </td>
              <td role="cell" aria-hidden="true" />
              <td role="cell" data-label={cols.stake} className={styles.num}>
                {formatMinor(profit.data.totals.stake)}
              </td>
              <td role="cell" data-label={cols.payout} className={styles.num}>
                {formatMinor(profit.data.totals.payout)}
              </td>
              <td
                role="cell"
                data-label={cols.winLoss}
                className={styles.num}
                data-sign={Math.sign(profit.data.totals.winLoss)}
              >
                {signedAmount(profit.data.totals.winLoss, formatMinor)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
