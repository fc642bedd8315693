import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_TYPES, formatMinor, type TransactionType } from '@app/contracts';
import { Pager } from '@/components/ui/pager';
import { PeriodFilter } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { merchantTime, type DayRange } from '@/lib/day-range';
import { pageCount, signedAmount } from '@/lib/record-list';
import {
  getTeamTransactions,
  useTeamTransactions,
  type TeamTransactionsQuery,
} from '../api/get-team-transactions';
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

type TypeFilter = TransactionType | 'all';

export function teamTransactionsQuery(
  account: string,
  type: TypeFilter,
  range: DayRange,
  page: number,
): TeamTransactionsQuery {
  return {
    ...(account ? { account } : {}),
    ...(type === 'all' ? {} : { type }),
    from: range.from,
    to: range.to,
    page,
  };
}

/**
 * Transaction details (spec §2 agentDownlineTransactionDetailsCopy, issue 8): the main-wallet
 * movements of my team, newest first, by account, type and period; credits and debits of the
 * filter; CSV of the filter.
 */
export default function TeamTransactions({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const typeId = useId();
  const [account, setAccount] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const { range, setRange, page, setPage } = usePeriodPage();
  const query = teamTransactionsQuery(account, type, range, page);
  const report = useTeamTransactions(query);
  const periodLabels = usePeriodLabels();
  const pagerLabels = usePagerLabels();
  const cols = {
    time: t('agent.columns.time'),
    account: t('agent.columns.account'),
    type: t('agent.columns.type'),
    amount: t('agent.columns.amount'),
    balanceAfter: t('agent.columns.balance_after'),
  };
  // A type this client does not know yet is shown as sent rather than as a missing key.
  const typeText = (ty: string) =>
    (TRANSACTION_TYPES as readonly string[]).includes(ty) ? t(`money.types.${ty}`) : ty;

  const exportCsv = async () => {
    const all = await getTeamTransactions({ ...query, page: undefined, export: 'true' });
    return {
      header: Object.values(cols),
      rows: all.items.map((r) => [
        merchantTime(r.createdAt),
        r.account,
        typeText(r.type),
        csvMoney(r.amount),
        csvMoney(r.balanceAfter),
      ]),
    };
  };

  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <ReportHead
        labelKey={labelKey}
        actions={
          <CsvButton
            fileName={csvName('transactions', range)}
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
        <div className={styles.field}>
          <label htmlFor={typeId}>{t('agent.filter.type')}</label>
          <select
            id={typeId}
            className={styles.input}
            value={type}
            onChange={(e) => {
              setType(e.target.value as TypeFilter);
              setPage(1);
            }}
          >
            <option value="all">{t('agent.filter.all_types')}</option>
            {TRANSACTION_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`money.types.${ty}`)}
              </option>
            ))}
          </select>
        </div>
      </PeriodFilter>
      {report.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : report.isError ? (
        <ErrorState messageKey={errorKey(report.error)} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Totals
            items={[
              { label: t('agent.totals.credits'), value: report.data.totals.credits, money: true },
              { label: t('agent.totals.debits'), value: Math.abs(report.data.totals.debits), money: true },
              {
                label: t('agent.totals.net'),
                // Debits as a positive sum whichever sign the server uses.
                value: report.data.totals.credits - Math.abs(report.data.totals.debits),
                money: true,
                signed: true,
              },
            ]}
          />
          {report.data.items.length === 0 ? (
            <EmptyState title={t('agent.report.empty')} />
          ) : (
            <>
              <p className={styles.count}>{t('agent.report.count', { total: report.data.total })}</p>
              <table role="table" className={styles.table} aria-label={t('agent.transactions.list_label')}>
                <thead role="rowgroup">
                  <tr role="row">
                    <th role="columnheader" scope="col">
                      {cols.time}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.account}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.type}
                    </th>
                    <th role="columnheader" scope="col" className={styles.num}>
                      {cols.amount}
                    </th>
                    <th role="columnheader" scope="col" className={styles.num}>
                      {cols.balanceAfter}
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup" aria-busy={report.isPlaceholderData || undefined}>
                  {report.data.items.map((r) => (
                    <tr role="row" key={r.id}>
                      <td role="cell" data-label={cols.time} className={styles.time}>
                        <time dateTime={r.createdAt}>{merchantTime(r.createdAt)}</time>
                      </td>
                      <td role="cell" data-label={cols.account} className={styles.lead}>
                        {r.account}
                      </td>
                      <td role="cell" data-label={cols.type}>
                        {typeText(r.type)}
                      </td>
                      <td
                        role="cell"
                        data-label={cols.amount}
                        className={styles.num}
                        data-sign={Math.sign(r.amount)}
                      >
                        {signedAmount(r.amount, formatMinor)}
                      </td>
                      <td role="cell" data-label={cols.balanceAfter} className={styles.num}>
                        {formatMinor(r.balanceAfter)}
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
