import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_WALLET, TRANSACTION_TYPES, formatMinor, type TransactionType } from '@app/contracts';
import { Pager } from '@/components/ui/pager';
import { PeriodFilter } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { merchantTime, quickPickRange, type DayRange } from '@/lib/day-range';
import { pageCount, signedAmount } from '@/lib/record-list';
import { useTransactions, type TransactionsQuery } from '../api/get-transactions';
import { usePagerLabels, usePeriodLabels } from './record-filters';

type TypeFilter = TransactionType | 'all';

/** What the page asks the server for: the type ('all' is not sent), the period and the page. */
export function transactionsQuery(type: TypeFilter, range: DayRange, page: number): TransactionsQuery {
  return { ...(type === 'all' ? {} : { type }), from: range.from, to: range.to, page };
}

/**
 * Account record (spec §2 transactionHistory, issue 4): every movement of my wallets with its type,
 * signed amount, balance after and time; filters by type and period (spec §9 quick picks or days
 * by hand); pages (range 3, margins 1); the period's totals of deposits, withdrawals and net.
 * A table on wide screens, one card per movement on a phone.
 */
export default function TransactionHistory({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const typeId = useId();
  const [type, setType] = useState<TypeFilter>('all');
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7'));
  const [page, setPage] = useState(1);
  const records = useTransactions(transactionsQuery(type, range, page));
  const pagerLabels = usePagerLabels();
  const periodLabels = usePeriodLabels();
  const walletName = (code: string) => (code === MAIN_WALLET ? t('money.wallets.MAIN') : code);
  const cols = {
    time: t('records.columns.time'),
    type: t('records.columns.type'),
    wallet: t('records.columns.wallet'),
    amount: t('records.columns.amount'),
    balanceAfter: t('records.columns.balance_after'),
  };

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
      >
        <div className={styles.field}>
          <label htmlFor={typeId}>{t('records.filter.type')}</label>
          <select
            id={typeId}
            className={styles.input}
            value={type}
            onChange={(e) => {
              setType(e.target.value as TypeFilter);
              setPage(1);
            }}
          >
            <option value="all">{t('records.filter.all_types')}</option>
            {TRANSACTION_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`money.types.${ty}`)}
              </option>
            ))}
          </select>
        </div>
      </PeriodFilter>
      {records.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : records.isError ? (
        <ErrorState messageKey={errorKey(records.error)} onRetry={() => void records.refetch()} />
      ) : (
        <>
          <dl className={styles.totals} aria-label={t('records.totals.label')}>
            <div>
              <dt>{t('records.totals.deposits')}</dt>
              <dd>{formatMinor(records.data.totals.deposits)}</dd>
            </div>
            <div>
              <dt>{t('records.totals.withdrawals')}</dt>
              <dd>{formatMinor(records.data.totals.withdrawals)}</dd>
            </div>
            <div>
              <dt>{t('records.totals.net')}</dt>
              <dd data-sign={Math.sign(records.data.totals.net)}>
                {signedAmount(records.data.totals.net, formatMinor)}
              </dd>
            </div>
          </dl>
          {records.data.items.length === 0 ? (
            <EmptyState title={t('records.empty')} />
          ) : (
            <>
              <p className={styles.count}>{t('records.count', { total: records.data.total })}</p>
              <table className={styles.table} role="table" aria-label={t('records.list_label')}>
                <thead role="rowgroup">
                  <tr role="row">
                    <th role="columnheader" scope="col">
                      {cols.time}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.type}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.wallet}
                    </th>
                    <th role="columnheader" scope="col" className={styles.num}>
                      {cols.amount}
                    </th>
                    <th role="columnheader" scope="col" className={styles.num}>
                      {cols.balanceAfter}
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup" aria-busy={records.isPlaceholderData || undefined}>
                  {records.data.items.map((item) => (
                    <tr key={item.id} role="row">
                      <td role="cell" data-label={cols.time} className={styles.time}>
                        <time dateTime={item.createdAt}>{merchantTime(item.createdAt)}</time>
                      </td>
                      <td role="cell" data-label={cols.type} className={styles.lead}>
                        {t(`money.types.${item.type}`)}
                      </td>
                      <td role="cell" data-label={cols.wallet}>
                        {walletName(item.wallet)}
                      </td>
                      <td
                        role="cell"
                        data-label={cols.amount}
                        className={styles.num}
                        data-sign={Math.sign(item.amount)}
                      >
                        {signedAmount(item.amount, formatMinor)}
                      </td>
                      <td role="cell" data-label={cols.balanceAfter} className={styles.num}>
                        {formatMinor(item.balanceAfter)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <Pager
            page={records.data.page}
            pageCount={pageCount(records.data.total, records.data.pageSize)}
            onChange={setPage}
            labels={pagerLabels}
            disabled={records.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
