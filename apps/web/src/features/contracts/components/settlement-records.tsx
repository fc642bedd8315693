import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_MAX, formatMinor, type ContractKind, type Settlement } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { PeriodFilter } from '@/components/ui/period-filter';
import list from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { downloadCsv, toCsv } from '@/lib/csv';
import { merchantTime, quickPickRange, type DayRange } from '@/lib/day-range';
import { pageCount, signedAmount } from '@/lib/record-list';
import { getAllSettlements, useSettlements, type SettlementQuery } from '../api/get-settlements';
import { usePagerLabels, usePeriodLabels } from './labels';
import { formatPercent } from './tiers';
import styles from './contracts.module.css';

type RoleFilter = 'all' | 'upline' | 'downline';

/** What the page asks for: the period, the role ('all' is not sent) and the page. */
export function settlementQuery(range: DayRange, role: RoleFilter, page: number): SettlementQuery {
  return { from: range.from, to: range.to, ...(role === 'all' ? {} : { role }), page };
}

/** A settlement's period: one day, or "start – end" (times in the merchant's zone). */
export function periodText(s: Pick<Settlement, 'periodStart' | 'periodEnd'>): string {
  const show = (x: string) => (x.includes('T') ? merchantTime(x).slice(0, 16) : x);
  const start = show(s.periodStart);
  const end = show(s.periodEnd);
  if (start === end) return start;
  // The same day: only the end's time.
  return end.slice(0, 10) === start.slice(0, 10) && end.length > 10
    ? `${start} – ${end.slice(11)}`
    : `${start} – ${end}`;
}

/** The amount as it moved for me: received (+) as the downline, paid (−) as the upline. */
export const myAmount = (s: Settlement) => (s.role === 'downline' ? s.amount : -s.amount);

/**
 * The settlement records of one kind (relays ACS_dividendRecord, ACS_dailySalaryRecord,
 * ACS_hourSalaryRecord, ACS_realtimeSalaryRecord): quick picks and days, my role, pages, the
 * totals received and paid, the status, and a CSV of the whole filter.
 */
export function SettlementRecords({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const roleId = useId();
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7'));
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const records = useSettlements(kind, settlementQuery(range, role, page));
  const pagerLabels = usePagerLabels();
  const periodLabels = usePeriodLabels();
  const dividend = kind === 'dividend';
  const headingId = `records-${kind}`;
  const cols = {
    period: t('contracts.records.columns.period'),
    party: t('contracts.records.columns.party'),
    bets: t('contracts.records.columns.bets'),
    profit: t('contracts.records.columns.profit'),
    active: t('contracts.records.columns.active'),
    tier: t('contracts.records.columns.tier'),
    amount: t('contracts.records.columns.amount'),
    status: t('contracts.records.columns.status'),
    paidAt: t('contracts.records.columns.paid_at'),
  };
  const party = (s: Settlement) =>
    s.role === 'downline'
      ? t('contracts.records.from_upline', { account: s.upline })
      : t('contracts.records.to_downline', { account: s.downline });
  const tierText = (s: Settlement) =>
    s.tier === null
      ? '—'
      : [
          t('contracts.tier.title', { n: s.tier + 1 }),
          s.ratio !== null && s.ratio > 0 ? formatPercent(s.ratio) : '',
        ]
          .filter(Boolean)
          .join(' · ');

  const exportCsv = async () => {
    setExporting(true);
    setExportNote(null);
    try {
      const { from, to } = range;
      const all = await getAllSettlements(
        kind,
        { from, to, ...(role === 'all' ? {} : { role }) },
        EXPORT_MAX,
      );
      const header = [
        cols.period,
        t('contracts.records.columns.upline'),
        t('contracts.records.columns.downline'),
        t('contracts.records.columns.role'),
        cols.bets,
        ...(dividend ? [cols.profit] : []),
        cols.active,
        cols.tier,
        cols.amount,
        cols.status,
        cols.paidAt,
      ];
      const rows = all.items.map((s) => [
        periodText(s),
        s.upline,
        s.downline,
        t(`contracts.records.roles.${s.role}`),
        formatMinor(s.bets),
        ...(dividend ? [formatMinor(s.profitLoss)] : []),
        s.activeMembers,
        tierText(s),
        signedAmount(myAmount(s), formatMinor),
        t(`contracts.settlement_status.${s.status}`),
        s.paidAt ? merchantTime(s.paidAt) : '',
      ]);
      downloadCsv(`${kind}-${from}-${to}.csv`, toCsv(header, rows));
      setExportNote(
        all.complete
          ? t('contracts.records.exported', { count: all.items.length })
          : t('contracts.records.export_partial', { count: all.items.length, total: all.total }),
      );
    } catch (e) {
      setExportNote(t(errorKey(e)));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className={`${styles.section} ${styles.records} ${list.page}`} aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <h3 id={headingId} className={styles.heading}>
          {t('contracts.records.heading')}
        </h3>
        <Button
          size="s"
          variant="secondary"
          onClick={() => void exportCsv()}
          disabled={exporting || !records.data || records.data.total === 0}
        >
          {t(exporting ? 'contracts.records.exporting' : 'contracts.records.export')}
        </Button>
      </div>
      <PeriodFilter
        range={range}
        labels={periodLabels}
        onRange={(next) => {
          setRange(next);
          setPage(1);
        }}
      >
        <div className={list.field}>
          <label htmlFor={roleId}>{t('contracts.records.role')}</label>
          <select
            id={roleId}
            className={list.input}
            value={role}
            onChange={(e) => {
              setRole(e.target.value as RoleFilter);
              setPage(1);
            }}
          >
            {(['all', 'downline', 'upline'] as const).map((r) => (
              <option key={r} value={r}>
                {t(`contracts.records.role_filter.${r}`)}
              </option>
            ))}
          </select>
        </div>
      </PeriodFilter>
      {exportNote ? (
        <p className={styles.hint} role="status">
          {exportNote}
        </p>
      ) : null}
      {records.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : records.isError ? (
        <ErrorState messageKey={errorKey(records.error)} onRetry={() => void records.refetch()} />
      ) : (
        <>
          <dl className={list.totals} aria-label={t('contracts.records.totals.label')}>
            <div>
              <dt>{t('contracts.records.totals.received')}</dt>
              <dd>{formatMinor(records.data.totals.received)}</dd>
            </div>
            <div>
              <dt>{t('contracts.records.totals.paid')}</dt>
              <dd>{formatMinor(records.data.totals.paid)}</dd>
            </div>
            <div>
              <dt>{t('contracts.records.totals.net')}</dt>
              <dd data-sign={Math.sign(records.data.totals.received - records.data.totals.paid)}>
                {signedAmount(records.data.totals.received - records.data.totals.paid, formatMinor)}
              </dd>
            </div>
          </dl>
          {records.data.items.length === 0 ? (
            <EmptyState title={t('contracts.records.empty')} />
          ) : (
            <>
              <p className={list.count}>{t('contracts.records.count', { total: records.data.total })}</p>
              <table className={list.table} role="table" aria-label={t('contracts.records.list_label')}>
                <thead role="rowgroup">
                  <tr role="row">
                    <th role="columnheader" scope="col">
                      {cols.period}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.party}
                    </th>
                    <th role="columnheader" scope="col" className={list.num}>
                      {cols.bets}
                    </th>
                    {dividend ? (
                      <th role="columnheader" scope="col" className={list.num}>
                        {cols.profit}
                      </th>
                    ) : null}
                    <th role="columnheader" scope="col" className={list.num}>
                      {cols.active}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.tier}
                    </th>
                    <th role="columnheader" scope="col" className={list.num}>
                      {cols.amount}
                    </th>
                    <th role="columnheader" scope="col">
                      {cols.status}
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup" aria-busy={records.isPlaceholderData || undefined}>
                  {records.data.items.map((s) => (
                    <tr key={s.id} role="row">
                      <td role="cell" data-label={cols.period} className={list.time}>
                        {periodText(s)}
                      </td>
                      <td role="cell" data-label={cols.party} className={list.lead}>
                        {party(s)}
                      </td>
                      <td role="cell" data-label={cols.bets} className={list.num}>
                        {formatMinor(s.bets)}
                      </td>
                      {dividend ? (
                        <td role="cell" data-label={cols.profit} className={list.num}>
                          {formatMinor(s.profitLoss)}
                        </td>
                      ) : null}
                      <td role="cell" data-label={cols.active} className={list.num}>
                        {s.activeMembers}
                      </td>
                      <td role="cell" data-label={cols.tier}>
                        {tierText(s)}
                      </td>
                      <td
                        role="cell"
                        data-label={cols.amount}
                        className={list.num}
                        data-sign={Math.sign(myAmount(s))}
                      >
                        {signedAmount(myAmount(s), formatMinor)}
                      </td>
                      <td role="cell" data-label={cols.status}>
                        <span className={styles.badge} data-status={s.status}>
                          {t(`contracts.settlement_status.${s.status}`)}
                        </span>
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
