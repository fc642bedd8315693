import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/contracts';
import { Pager } from '@/components/ui/pager';
import { PeriodFilter } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { pageCount, signedAmount } from '@/lib/record-list';
import { getRevenue, useRevenue } from '../api/get-revenue';
import {
  CsvButton,
  NO_OWN_FILTERS,
  ReportHead,
  Totals,
  csvMoney,
  csvName,
  usePagerLabels,
  usePeriodLabels,
  usePeriodPage,
} from './report-kit';

/**
 * My income (spec §2 agentRevenueReport, issue 8): per day and contract kind, what I received from
 * my upline, what I paid my downlines and the net; the period's totals and the CSV of the period.
 */
export default function RevenueReport({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const { range, setRange, page, setPage } = usePeriodPage();
  const query = { from: range.from, to: range.to, page };
  const report = useRevenue(query);
  const periodLabels = usePeriodLabels();
  const pagerLabels = usePagerLabels();
  const cols = {
    day: t('agent.columns.day'),
    kind: t('agent.columns.kind'),
    income: t('agent.columns.income'),
    paid: t('agent.columns.paid'),
    net: t('agent.columns.net'),
  };
  const kindText = (k: string) => t(`agent.revenue_kinds.${k}`);

  const exportCsv = async () => {
    const all = await getRevenue({ ...query, page: undefined, export: 'true' });
    return {
      header: Object.values(cols),
      rows: all.items.map((r) => [
        r.day,
        kindText(r.kind),
        csvMoney(r.income),
        csvMoney(r.paid),
        csvMoney(r.income - r.paid),
      ]),
    };
  };

  return (
    <section className={styles.page} style={NO_OWN_FILTERS} aria-labelledby="centre-page-title">
      <ReportHead
        labelKey={labelKey}
        actions={
          <CsvButton
            fileName={csvName('income', range)}
            build={exportCsv}
            disabled={!report.data || report.data.total === 0}
          />
        }
      />
      <PeriodFilter range={range} labels={periodLabels} onRange={setRange} />
      {report.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : report.isError ? (
        <ErrorState messageKey={errorKey(report.error)} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Totals
            items={[
              { label: t('agent.totals.income'), value: report.data.totals.income, money: true },
              { label: t('agent.totals.paid'), value: report.data.totals.paid, money: true },
              { label: t('agent.totals.net'), value: report.data.totals.net, money: true, signed: true },
            ]}
          />
          {report.data.items.length === 0 ? (
            <EmptyState title={t('agent.report.empty')} />
          ) : (
            <table role="table" className={styles.table} aria-label={t('agent.revenue.list_label')}>
              <thead role="rowgroup">
                <tr role="row">
                  <th role="columnheader" scope="col">
                    {cols.day}
                  </th>
                  <th role="columnheader" scope="col">
                    {cols.kind}
                  </th>
                  <th role="columnheader" scope="col" className={styles.num}>
                    {cols.income}
                  </th>
                  <th role="columnheader" scope="col" className={styles.num}>
                    {cols.paid}
                  </th>
                  <th role="columnheader" scope="col" className={styles.num}>
                    {cols.net}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup" aria-busy={report.isPlaceholderData || undefined}>
                {report.data.items.map((r) => {
                  const net = r.income - r.paid;
                  return (
                    <tr role="row" key={`${r.day}-${r.kind}`}>
                      <td role="cell" data-label={cols.day} className={styles.time}>
                        {r.day}
                      </td>
                      <td role="cell" data-label={cols.kind} className={styles.lead}>
                        {kindText(r.kind)}
                      </td>
                      <td role="cell" data-label={cols.income} className={styles.num}>
                        {formatMinor(r.income)}
                      </td>
                      <td role="cell" data-label={cols.paid} className={styles.num}>
                        {formatMinor(r.paid)}
                      </td>
                      <td role="cell" data-label={cols.net} className={styles.num} data-sign={Math.sign(net)}>
                        {signedAmount(net, formatMinor)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <Pager
            page={report.data.page}
            pageCount={pageCount(report.data.total, report.data.pageSize)}
            onChange={setPage}
            labels={pagerLabels}
            disabled={report.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
