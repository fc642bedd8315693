import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type TeamOverview as Overview } from '@app/contracts';
import { PeriodFilter } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { signedAmount } from '@/lib/record-list';
import { getTeamOverview, useTeamOverview } from '../api/get-team-overview';
import {
  CsvButton,
  NO_OWN_FILTERS,
  ReportHead,
  csvMoney,
  csvName,
  usePeriodLabels,
  usePeriodPage,
} from './report-kit';
import agent from './agent.module.css';

/** The series the chart can show: money per day, or people per day. */
const SERIES = ['bets', 'profitLoss', 'activeMembers', 'newMembers'] as const;
type Series = (typeof SERIES)[number];
const MONEY: ReadonlySet<Series> = new Set(['bets', 'profitLoss']);

/**
 * Team overview (spec §2 agentTeamOverview, the agent centre's default page, issue 8): team size,
 * new and active members, deposits, withdrawals, bets, payouts and profit and loss of a period, and
 * a small bar chart of the daily series (plain SVG) with the same figures as a table.
 */
export default function TeamOverview({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const { range, setRange } = usePeriodPage();
  const query = { from: range.from, to: range.to };
  const overview = useTeamOverview(query);
  const periodLabels = usePeriodLabels();

  const exportCsv = async () => {
    const o = await getTeamOverview(query);
    return {
      header: [
        t('agent.columns.day'),
        t('agent.overview.series.bets'),
        t('agent.overview.series.profitLoss'),
        t('agent.overview.series.newMembers'),
        t('agent.overview.series.activeMembers'),
      ],
      rows: o.series.map((p) => [
        p.day,
        csvMoney(p.bets),
        csvMoney(p.profitLoss),
        p.newMembers,
        p.activeMembers,
      ]),
    };
  };

  return (
    <section className={styles.page} style={NO_OWN_FILTERS} aria-labelledby="centre-page-title">
      <ReportHead
        labelKey={labelKey}
        actions={
          <CsvButton fileName={csvName('overview', range)} build={exportCsv} disabled={!overview.data} />
        }
      />
      <PeriodFilter range={range} labels={periodLabels} onRange={setRange} />
      {overview.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : overview.isError ? (
        <ErrorState messageKey={errorKey(overview.error)} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Figures data={overview.data} />
          <DailyChart series={overview.data.series} />
        </>
      )}
    </section>
  );
}

function Figures({ data }: { data: Overview }) {
  const { t } = useTranslation();
  const items: { key: string; value: string; sign?: number }[] = [
    { key: 'team_size', value: String(data.teamSize) },
    { key: 'direct', value: String(data.directCount) },
    { key: 'new_members', value: String(data.newMembers) },
    { key: 'active_members', value: String(data.activeMembers) },
    { key: 'deposits', value: formatMinor(data.deposits) },
    { key: 'withdrawals', value: formatMinor(data.withdrawals) },
    { key: 'bets', value: formatMinor(data.bets) },
    { key: 'payouts', value: formatMinor(data.payouts) },
    {
      key: 'profit_loss',
      value: signedAmount(data.profitLoss, formatMinor),
      sign: Math.sign(data.profitLoss),
    },
  ];
  return (
    <dl className={agent.figures} aria-label={t('agent.overview.figures')}>
      {items.map((i) => (
        <div key={i.key}>
          <dt>{t(`agent.overview.${i.key}`)}</dt>
          <dd data-sign={i.sign}>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const W = 320;
const H = 140;
const PAD_BOTTOM = 2;

/**
 * The daily series as bars (no chart library: a few rects). Negative values (profit and loss)
 * hang below the zero line in the danger colour. The SVG is one image with a summary for screen
 * readers; the table below holds every value.
 */
function DailyChart({ series }: { series: Overview['series'] }) {
  const { t } = useTranslation();
  const selectId = useId();
  const titleId = useId();
  const [which, setWhich] = useState<Series>('bets');
  const [asTable, setAsTable] = useState(false);
  const values = series.map((p) => p[which]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const plotH = H - PAD_BOTTOM;
  // All zero: the line sits at the bottom, where an empty bar chart starts.
  const zeroY = max === 0 && min === 0 ? plotH : (max / span) * plotH;
  const slot = series.length > 0 ? W / series.length : W;
  const barW = Math.max(1, slot * 0.7);
  const show = (v: number) =>
    MONEY.has(which) ? (which === 'profitLoss' ? signedAmount(v, formatMinor) : formatMinor(v)) : String(v);
  const seriesName = t(`agent.overview.series.${which}`);
  const first = series[0]?.day ?? '';
  const last = series[series.length - 1]?.day ?? '';

  return (
    <figure className={agent.chart} aria-labelledby={titleId}>
      <figcaption id={titleId}>{t('agent.overview.chart_title', { series: seriesName })}</figcaption>
      <div className={agent.actions}>
        <label htmlFor={selectId} className={styles.hint}>
          {t('agent.overview.series_label')}
        </label>
        <select
          id={selectId}
          className={styles.input}
          style={{ width: 'auto' }}
          value={which}
          onChange={(e) => setWhich(e.target.value as Series)}
        >
          {SERIES.map((s) => (
            <option key={s} value={s}>
              {t(`agent.overview.series.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {series.length === 0 ? (
        <p className={styles.hint}>{t('agent.report.empty')}</p>
      ) : (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={t('agent.overview.chart_summary', {
            series: seriesName,
            from: first,
            to: last,
            max: show(max),
            min: show(min),
          })}
        >
          {series.map((p, i) => {
            const v = p[which];
            const h = (Math.abs(v) / span) * plotH;
            const x = i * slot + (slot - barW) / 2;
            const y = v >= 0 ? zeroY - h : zeroY;
            return (
              <rect
                key={p.day}
                x={x}
                y={y}
                width={barW}
                height={Math.max(v === 0 ? 0 : 1, h)}
                className={v < 0 ? agent.barNegative : agent.bar}
              >
                <title>{`${p.day}: ${show(v)}`}</title>
              </rect>
            );
          })}
          <line x1={0} x2={W} y1={zeroY} y2={zeroY} className={agent.axis} />
        </svg>
      )}
      {series.length > 0 ? (
        // The first and last day under the bars (HTML: the SVG is stretched to the width).
        <div className={agent.axisDays} aria-hidden="true">
          <span>{first}</span>
          <span>{last}</span>
        </div>
      ) : null}
      <button
        type="button"
        className={`${styles.chip} ${agent.seriesToggle}`}
        aria-expanded={asTable}
        onClick={() => setAsTable((v) => !v)}
      >
        {t(asTable ? 'agent.overview.hide_table' : 'agent.overview.show_table')}
      </button>
      {asTable ? (
        <div className={agent.chartTable}>
          <table role="table" className={styles.table} aria-label={t('agent.overview.table_label')}>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">
                  {t('agent.columns.day')}
                </th>
                {SERIES.map((s) => (
                  <th role="columnheader" key={s} scope="col" className={styles.num}>
                    {t(`agent.overview.series.${s}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {series.map((p) => (
                <tr role="row" key={p.day}>
                  <td role="cell" data-label={t('agent.columns.day')} className={styles.lead}>
                    {p.day}
                  </td>
                  <td role="cell" data-label={t('agent.overview.series.bets')} className={styles.num}>
                    {formatMinor(p.bets)}
                  </td>
                  <td
                    role="cell"
                    data-label={t('agent.overview.series.profitLoss')}
                    className={styles.num}
                    data-sign={Math.sign(p.profitLoss)}
                  >
                    {signedAmount(p.profitLoss, formatMinor)}
                  </td>
                  <td
                    role="cell"
                    data-label={t('agent.overview.series.activeMembers')}
                    className={styles.num}
                  >
                    {p.activeMembers}
                  </td>
                  <td role="cell" data-label={t('agent.overview.series.newMembers')} className={styles.num}>
                    {p.newMembers}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
