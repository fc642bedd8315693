import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BET_RECORD_VERTICALS,
  formatMinor,
  type BetRecord,
  type GameType,
  type GameVendor,
} from '@app/contracts';
import { Pager } from '@/components/ui/pager';
import { PeriodFilter } from '@/components/ui/period-filter';
import list from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { merchantTime, quickPickRange, type DayRange } from '@/lib/day-range';
import { pageCount, signedAmount } from '@/lib/record-list';
import { useBetRecords, type BetRecordsQuery } from '../api/get-bet-records';
import { useVendorList } from '../api/get-vendor-list';
import { BetDetailDialog } from './bet-detail-dialog';
import { usePagerLabels, usePeriodLabels } from './bet-filters';
import styles from './bets.module.css';

export type Vertical = BetRecord['vertical'];
type VerticalFilter = Vertical | 'all';

/** The betting record's vertical of a vendor's game type (the vendor select follows the vertical). */
export const VERTICAL_OF: Record<GameType, Vertical> = {
  LOTT: 'lottery',
  ELOTT: 'lottery',
  RNG: 'slots',
  LIVE: 'live',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  FISH: 'fish',
  PVP: 'card',
};

/** What the page asks the server for: 'all' and no vendor are not sent. */
export function betRecordsQuery(
  vertical: VerticalFilter,
  vassalage: string,
  range: DayRange,
  page: number,
): BetRecordsQuery {
  return {
    ...(vertical === 'all' ? {} : { vertical }),
    ...(vassalage ? { vassalage } : {}),
    from: range.from,
    to: range.to,
    page,
  };
}

const vendorsOf = (vendors: readonly GameVendor[], vertical: VerticalFilter) => {
  const seen = new Set<string>();
  return vendors.filter((v) => {
    if (vertical !== 'all' && VERTICAL_OF[v.gameType] !== vertical) return false;
    if (seen.has(v.vassalage)) return false;
    seen.add(v.vassalage);
    return true;
  });
};

/**
 * Betting record (spec §2 personalHistoryCopy, issue 5): my bets with game, vendor, stake, payout,
 * signed win/loss, time and status; filters by vertical, vendor and period (spec §9 quick picks or
 * days by hand); the period's totals; pages (range 3, margins 1); a bet's details in a dialog.
 * A table on wide screens, one card per bet on a phone.
 */
export default function BetHistory({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const verticalId = useId();
  const vendorId = useId();
  const [vertical, setVertical] = useState<VerticalFilter>('all');
  const [vassalage, setVassalage] = useState('');
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7'));
  const [page, setPage] = useState(1);
  const [detailId, setDetailId] = useState<number | null>(null);
  const bets = useBetRecords(betRecordsQuery(vertical, vassalage, range, page));
  const vendors = useVendorList();
  const vendorOptions = vendorsOf(vendors.data?.vendors ?? [], vertical);
  const pagerLabels = usePagerLabels();
  const periodLabels = usePeriodLabels();
  const cols = {
    time: t('bets.columns.time'),
    game: t('bets.columns.game'),
    stake: t('bets.columns.stake'),
    payout: t('bets.columns.payout'),
    winLoss: t('bets.columns.win_loss'),
    status: t('bets.columns.status'),
  };

  return (
    <section className={`${list.page} ${styles.page}`} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={list.title}>
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
        <div className={styles.selects}>
          <div className={list.field}>
            <label htmlFor={verticalId}>{t('bets.filter.vertical')}</label>
            <select
              id={verticalId}
              className={list.input}
              value={vertical}
              onChange={(e) => {
                const next = e.target.value as VerticalFilter;
                setVertical(next);
                // A vendor of another vertical would only ever answer an empty list.
                if (
                  vassalage &&
                  !vendorsOf(vendors.data?.vendors ?? [], next).some((v) => v.vassalage === vassalage)
                ) {
                  setVassalage('');
                }
                setPage(1);
              }}
            >
              <option value="all">{t('bets.filter.all_verticals')}</option>
              {BET_RECORD_VERTICALS.map((v) => (
                <option key={v} value={v}>
                  {t(`bets.verticals.${v}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={list.field}>
            <label htmlFor={vendorId}>{t('bets.filter.vendor')}</label>
            <select
              id={vendorId}
              className={list.input}
              value={vassalage}
              onChange={(e) => {
                setVassalage(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('bets.filter.all_vendors')}</option>
              {vendorOptions.map((v) => (
                <option key={v.vassalage} value={v.vassalage}>
                  {v.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      </PeriodFilter>
      {bets.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : bets.isError ? (
        <ErrorState messageKey={errorKey(bets.error)} onRetry={() => void bets.refetch()} />
      ) : (
        <>
          <dl className={list.totals} aria-label={t('bets.totals.label')}>
            <div>
              <dt>{t('bets.totals.count')}</dt>
              <dd>{bets.data.totals.count}</dd>
            </div>
            <div>
              <dt>{t('bets.totals.stake')}</dt>
              <dd>{formatMinor(bets.data.totals.stake)}</dd>
            </div>
            <div>
              <dt>{t('bets.totals.payout')}</dt>
              <dd>{formatMinor(bets.data.totals.payout)}</dd>
            </div>
            <div>
              <dt>{t('bets.totals.win_loss')}</dt>
              <dd data-sign={Math.sign(bets.data.totals.winLoss)}>
                {signedAmount(bets.data.totals.winLoss, formatMinor)}
              </dd>
            </div>
          </dl>
          {bets.data.items.length === 0 ? (
            <EmptyState title={t('bets.empty')}>
              <p className={list.hint}>{t('bets.empty_hint')}</p>
            </EmptyState>
          ) : (
            <>
              <p className={list.count}>{t('bets.count', { total: bets.data.total })}</p>
              <div className={styles.scroll}>
                <table className={list.table} role="table" aria-label={t('bets.list_label')}>
                  <thead role="rowgroup">
                    <tr role="row">
                      <th role="columnheader" scope="col">
                        {cols.game}
                      </th>
                      <th role="columnheader" scope="col" className={list.num}>
                        {cols.stake}
                      </th>
                      <th role="columnheader" scope="col" className={list.num}>
                        {cols.payout}
                      </th>
                      <th role="columnheader" scope="col" className={list.num}>
                        {cols.winLoss}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.time}
                      </th>
                      <th role="columnheader" scope="col">
                        {cols.status}
                      </th>
                      <th role="columnheader" scope="col">
                        <span className="visually-hidden">{t('bets.details.open')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody role="rowgroup" aria-busy={bets.isPlaceholderData || undefined}>
                    {bets.data.items.map((bet) => (
                      <tr key={bet.id} role="row">
                        <td role="cell" className={list.lead}>
                          <div className={list.full}>
                            {bet.gameName}
                            <span className={styles.sub}>
                              <span>{bet.vendorName}</span> ·{' '}
                              <span>{t(`bets.verticals.${bet.vertical}`)}</span>
                            </span>
                          </div>
                        </td>
                        <td role="cell" data-label={cols.stake} className={list.num}>
                          {formatMinor(bet.stake)}
                        </td>
                        <td role="cell" data-label={cols.payout} className={list.num}>
                          {formatMinor(bet.payout)}
                        </td>
                        <td
                          role="cell"
                          data-label={cols.winLoss}
                          className={list.num}
                          data-sign={Math.sign(bet.winLoss)}
                        >
                          {signedAmount(bet.winLoss, formatMinor)}
                        </td>
                        <td role="cell" data-label={cols.time} className={list.time}>
                          <BetTime iso={bet.createdAt} />
                        </td>
                        <td role="cell" data-label={cols.status}>
                          <span className={styles.status} data-status={bet.status}>
                            {t(`bets.status.${bet.status}`)}
                          </span>
                        </td>
                        <td role="cell">
                          <div className={list.full}>
                            <button
                              type="button"
                              className={styles.link}
                              aria-label={t('bets.details.open_of', {
                                game: bet.gameName,
                                round: bet.roundId,
                              })}
                              onClick={() => setDetailId(bet.id)}
                            >
                              {t('bets.details.open')}
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
      {detailId !== null ? <BetDetailDialog id={detailId} onClose={() => setDetailId(null)} /> : null}
    </section>
  );
}

/** The merchant's day and time of a bet, on two lines in the table (each kept whole). */
function BetTime({ iso }: { iso: string }) {
  const [day, time] = merchantTime(iso).split(' ');
  return (
    <time dateTime={iso} className={styles.when}>
      <span>{day}</span> <span>{time}</span>
    </time>
  );
}
