import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MINOR_PER_MAJOR, formatMinor } from '@app/contracts';
import { Button } from '@/components/ui/button';
import type { PeriodFilterLabels } from '@/components/ui/period-filter';
import styles from '@/components/ui/record-list.module.css';
import { errorKey } from '@/lib/api-client';
import { downloadCsv, toCsv, type CsvCell } from '@/lib/csv';
import { quickPickRange, type DayRange } from '@/lib/day-range';
import { signedAmount } from '@/lib/record-list';
import agent from './agent.module.css';

export { usePagerLabels } from '@/components/ui/list-pager';

/** The period filter's texts (the records catalogue, loaded with every agent page). */
export function usePeriodLabels(): PeriodFilterLabels {
  const { t } = useTranslation();
  return {
    group: t('agent.report.filters'),
    quick: t('records.filter.quick'),
    pick: (p) => t(`records.filter.picks.${p}`),
    from: t('records.filter.from'),
    to: t('records.filter.to'),
  };
}

/**
 * A report without filters of its own: on a wide page the two days take the filter box's width
 * (the shared grid keeps its first column for a page's own filters).
 */
export const NO_OWN_FILTERS = { '--filters-wide-columns': 'minmax(0, 460px)' } as CSSProperties;

/** A report's period and page: a new period starts again at page 1. Default: the last 7 days. */
export function usePeriodPage() {
  const [range, setRangeState] = useState<DayRange>(() => quickPickRange('last7'));
  const [page, setPage] = useState(1);
  const setRange = (next: DayRange) => {
    setRangeState(next);
    setPage(1);
  };
  return { range, setRange, page, setPage };
}

/** The report's heading and the CSV button on one line. */
export function ReportHead({ labelKey, actions }: { labelKey: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={agent.head}>
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      {actions}
    </div>
  );
}

export interface TotalItem {
  label: string;
  /** Minor units (formatted) or a count (shown as is). */
  value: number;
  money?: boolean;
  /** Show + / − and colour a negative (profit and loss). */
  signed?: boolean;
}

/** The totals of the whole filter (all pages), as a labelled description list. */
export function Totals({ items, columns }: { items: readonly TotalItem[]; columns?: number }) {
  const { t } = useTranslation();
  return (
    <dl
      className={styles.totals}
      aria-label={t('agent.report.totals')}
      style={
        columns
          ? ({ '--totals-wide-columns': `repeat(${columns}, minmax(0, 1fr))` } as CSSProperties)
          : undefined
      }
    >
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd data-sign={item.signed ? Math.sign(item.value) : undefined}>{showValue(item)}</dd>
        </div>
      ))}
    </dl>
  );
}

function showValue(item: TotalItem): string {
  if (!item.money) return String(item.value);
  return item.signed ? signedAmount(item.value, formatMinor) : formatMinor(item.value);
}

/**
 * Minor units as a CSV number in major units (1234.5): a number cell, so spreadsheets sum it and
 * a negative amount is not taken for a formula (a text "-1.00" would be quoted by lib/csv).
 */
export const csvMoney = (minor: number): number => minor / MINOR_PER_MAJOR;

/**
 * CSV export of the current filter (issue 8): asks the report again with `export=true` (every row
 * of the filter, up to the contract's EXPORT_MAX), writes the header and rows, saves the file.
 * A failure is said next to the button; the page stays as it was.
 */
export function CsvButton({
  fileName,
  build,
  disabled,
}: {
  fileName: string;
  build: () => Promise<{ header: readonly string[]; rows: readonly (readonly CsvCell[])[] }>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const { header, rows } = await build();
      downloadCsv(fileName, toCsv(header, rows));
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={agent.csv}>
      <Button
        variant="secondary"
        size="s"
        onClick={() => void run()}
        disabled={disabled || busy}
        aria-describedby={error ? errorId : undefined}
      >
        {t(busy ? 'agent.report.exporting' : 'agent.report.export')}
      </Button>
      {error ? (
        <p id={errorId} className={agent.error} role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A file name for a report's CSV: agent-<report>-<from>-<to>.csv. */
export const csvName = (report: string, range: DayRange) => `agent-${report}-${range.from}-${range.to}.csv`;
