import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_VERTICALS, formatMinor, type BetVertical } from '@app/contracts';
import { Pager } from '@/components/ui/pager';
import { PeriodFilter } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { merchantTime, type DayRange } from '@/lib/day-range';
import { pageCount, signedAmount } from '@/lib/record-list';
import { getTeamBets, useTeamBets, type TeamBetsQuery } from '../api/get-team-bets';
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

type VerticalFilter = BetVertical | 'all';

/** What the page asks for: the account and vertical when set, the period and the page. */
export function teamBetsQuery(
  account: string,
  vertical: VerticalFilter,
  range: DayRange,
  page: number,
): TeamBetsQuery {
  return {
    ...(account ? { account } : {}),
    ...(vertical === 'all' ? {} : { vertical }),
    from: range.from,
    to: range.to,
    page,
  };
}

/**
 * Team betting (spec §2 agent centre personalHistoryCopy, issue 8): the bets of my whole team,
 * newest first, filtered by account, vertical and period; the filter's totals; CSV of the filter.
 */
export default function TeamBets({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const verticalId = useId();
  const [account, setAccount] = useState('');
  const [vertical, setVertical] = useState<VerticalFilter>('all');
  const { range, setRange, page, setPage } = usePeriodPage();
  const query = teamBetsQuery(account, vertical, range, page);
  const bets = useTeamBets(query);
  const periodLabels = usePeriodLabels();
  const pagerLabels = usePagerLabels();
  const cols = {
    time: t('agent.columns.time'),
    account: t('agent.columns.account'),
    vertical: t('agent.columns.vertical'),
    game: t('agent.columns.game'),
    stake: t('agent.columns.stake'),
    payout: t('agent.columns.payout'),
    winLoss: t('agent.columns.win_loss'),
    status: t('agent.columns.status'),
  };
  const statusText = (s: string) => t(`agent.bet_status.${s}`);

  const exportCsv = async () => {
    const all = await getTeamBets({ ...query, page: undefined, export: 'true' });
    return {
      header: Object.values(cols),
      rows: all.items.map((b) => [
        merchantTime(b.createdAt),
        b.account,
        t(`agent.verticals.${b.vertical}`),
        b.gameName,
        csvMoney(b.stake),
        csvMoney(b.payout),
        b.winLoss === null ? null : csvMoney(b.winLoss),
        statusText(b.status),
      ]),
    };
  };

  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <ReportHead
        labelKey={labelKey}
        actions={
          <CsvButton
            fileName={csvName('team-bets', range)}
            build={exportCsv}
            disabled={!bets.data || bets.data.total === 0}
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
          <label htmlFor={verticalId}>{t('agent.filter.vertical')}</label>
          <select
            id={verticalId}
            className={styles.input}
            value={vertical}
            onChange={(e) => {
              setVertical(e.target.value as VerticalFilter);
              setPage(1);
            }}
          >
            <option value="all">{t('agent.filter.all_verticals')}</option>
            {BET_VERTICALS.map((v) => (
              <option key={v} value={v}>
                {t(`agent.verticals.${v}`)}
              </option>
            ))}
          </select>
        </div>
      </PeriodFilter>
      {bets.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : bets.isError ? (
        <ErrorState messageKey={errorKey(bets.error)} onRetry={() => void bets.refetch()} />
      ) : (
        <>
          <Totals
            columns={4}
            items={[
              { label: t('agent.totals.count'), value: bets.data.totals.count },
              { label: t('agent.totals.stake'), value: bets.data.totals.stake, money: true },
              { label: t('agent.totals.payout'), value: bets.data.totals.payout, money: true },
              {
                label: t('agent.totals.win_loss'),
                value: bets.data.totals.winLoss,
                money: true,
                signed: true,
              },
            ]}
          />
          {bets.data.items.length === 0 ? (
            <EmptyState title={t('agent.report.empty')} />
          ) : (
            <>
              <p className={styles.count}>{t('agent.report.count', { total: bets.data.total })}</p>
              <table role="table" className={styles.table} aria-label={t('agent.bets.list_label')}>
                <thead role="rowgroup">
                  <tr role="row">
                    <th role="columnheader" scope="col">
                      {cols.time}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.account}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.vertical}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.game}
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
                    <th role="columnheader" scope="col">
                      {cols.status}
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup" aria-busy={bets.isPlaceholderData || undefined}>
                  {bets.data.items.map((b) => (
                    <tr role="row" key={b.id}>
                      <td role="cell" data-label={cols.time} className={styles.time}>
                        <time dateTime={b.createdAt}>{merchantTime(b.createdAt)}</time>
                      </td>
                      <td role="cell" data-label={cols.account} className={styles.lead}>
                        {b.account}
                      </td>
                      <td role="cell" data-label={cols.vertical}>
                        {t(`agent.verticals.${b.vertical}`)}
                      </td>
                      <td role="cell" data-label={cols.game}>
                        {b.gameName ?? '—'}
                      </td>
                      <td role="cell" data-label={cols.stake} className={styles.num}>
                        {formatMinor(b.stake)}
                      </td>
                      <td role="cell" data-label={cols.payout} className={styles.num}>
                        {formatMinor(b.payout)}
                      </td>
                      <td
                        role="cell"
                        data-label={cols.winLoss}
                        className={styles.num}
                        data-sign={b.winLoss === null ? undefined : Math.sign(b.winLoss)}
                      >
                        {b.winLoss === null ? '—' : signedAmount(b.winLoss, formatMinor)}
                      </td>
                      <td role="cell" data-label={cols.status}>
                        {statusText(b.status)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <Pager
            page={bets.data.page}
            pageCount={pageCount(bets.data.total, bets.data.pageSize)}
            onChange={setPage}
            labels={pagerLabels}
            disabled={bets.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
