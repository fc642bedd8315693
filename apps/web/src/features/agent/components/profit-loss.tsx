import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/contracts';
import { Pager } from '@/components/ui/pager';
import { PeriodFilter } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import type { DayRange } from '@/lib/day-range';
import { pageCount, signedAmount } from '@/lib/record-list';
import { getProfitLoss, useProfitLoss, type ProfitLossQuery } from '../api/get-profit-loss';
import { AccountFilter } from './account-filter';
import {
  CsvButton,
  ReportHead,
  Totals,
  csvMoney,
  csvName,
  usePagerLabels,
  usePeriodLabels,
  usePeriodPage,
} from './report-kit';

export function profitLossQuery(account: string, range: DayRange, page: number): ProfitLossQuery {
  return { ...(account ? { account } : {}), from: range.from, to: range.to, page };
}

/**
 * User profit and loss (spec §2 palStatementsAgentCopy, issue 8): one row per member of my team
 * with activity in the period (deposits, withdrawals, stakes, payouts, win/loss as the player sees
 * it, bonuses), the totals of the filter and its CSV.
 */
export default function ProfitLoss({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const { range, setRange, page, setPage } = usePeriodPage();
  const query = profitLossQuery(account, range, page);
  const report = useProfitLoss(query);
  const periodLabels = usePeriodLabels();
  const pagerLabels = usePagerLabels();
  const cols = {
    account: t('agent.columns.account'),
    level: t('agent.columns.level'),
    deposits: t('agent.columns.deposits'),
    withdrawals: t('agent.columns.withdrawals'),
    stake: t('agent.columns.stake'),
    payout: t('agent.columns.payout'),
    winLoss: t('agent.columns.win_loss'),
    bonus: t('agent.columns.bonus'),
  };

  const exportCsv = async () => {
    const all = await getProfitLoss({ ...query, page: undefined, export: 'true' });
    return {
      header: Object.values(cols),
      rows: all.items.map((r) => [
        r.account,
        r.level,
        csvMoney(r.deposits),
        csvMoney(r.withdrawals),
        csvMoney(r.stake),
        csvMoney(r.payout),
        csvMoney(r.winLoss),
        csvMoney(r.bonus),
      ]),
    };
  };

  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <ReportHead
        labelKey={labelKey}
        actions={
          <CsvButton
            fileName={csvName('profit-loss', range)}
            build={exportCsv}
            disabled={!report.data || report.data.total === 0}
          />
        }
      />
      <PeriodFilter range={range} labels={periodLabels} onRange={setRange}>
        <AccountFilter
          value={account}
          onChange={(a) => {
            setAccount(a);
            setPage(1);
          }}
        />
      </PeriodFilter>
      {report.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : report.isError ? (
        <ErrorState messageKey={errorKey(report.error)} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Totals
            items={[
              { label: t('agent.totals.deposits'), value: report.data.totals.deposits, money: true },
              { label: t('agent.totals.withdrawals'), value: report.data.totals.withdrawals, money: true },
              { label: t('agent.totals.stake'), value: report.data.totals.stake, money: true },
              { label: t('agent.totals.payout'), value: report.data.totals.payout, money: true },
              {
                label: t('agent.totals.win_loss'),
                value: report.data.totals.winLoss,
                money: true,
                signed: true,
              },
              { label: t('agent.totals.bonus'), value: report.data.totals.bonus, money: true },
            ]}
          />
          {report.data.items.length === 0 ? (
            <EmptyState title={t('agent.report.empty')} />
          ) : (
            <>
              <p className={styles.count}>{t('agent.profit.count', { total: report.data.total })}</p>
              <table role="table" className={styles.table} aria-label={t('agent.profit.list_label')}>
                <thead role="rowgroup">
                  <tr role="row">
                    <th role="columnheader" scope="col">
                      {cols.account}
                    </th>
                    <th role="columnheader" scope="col" className={styles.num}>
                      {cols.level}
                    </th>
                    <th role="columnheader" scope="col" className={styles.num}>
                      {cols.deposits}
                    </th>
                    <th role="columnheader" scope="col" className={styles.num}>
                      {cols.withdrawals}
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
                    <th role="columnheader" scope="col" className={styles.num}>
                      {cols.bonus}
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup" aria-busy={report.isPlaceholderData || undefined}>
                  {report.data.items.map((r) => (
                    <tr role="row" key={r.memberId}>
                      <td role="cell" data-label={cols.account} className={styles.lead}>
                        {r.account}
                      </td>
                      <td role="cell" data-label={cols.level} className={styles.num}>
                        {r.level}
                      </td>
                      <td role="cell" data-label={cols.deposits} className={styles.num}>
                        {formatMinor(r.deposits)}
                      </td>
                      <td role="cell" data-label={cols.withdrawals} className={styles.num}>
                        {formatMinor(r.withdrawals)}
                      </td>
                      <td role="cell" data-label={cols.stake} className={styles.num}>
                        {formatMinor(r.stake)}
                      </td>
                      <td role="cell" data-label={cols.payout} className={styles.num}>
                        {formatMinor(r.payout)}
                      </td>
                      <td
                        role="cell"
                        data-label={cols.winLoss}
                        className={styles.num}
                        data-sign={Math.sign(r.winLoss)}
                      >
                        {signedAmount(r.winLoss, formatMinor)}
                      </td>
                      <td role="cell" data-label={cols.bonus} className={styles.num}>
                        {formatMinor(r.bonus)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
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
