import { useId, type ReactNode } from 'react';
import { DATE_QUICK_PICKS, type DateQuickPick } from '@app/contracts';
import { matchingQuickPick, quickPickRange, type DayRange } from '@/lib/day-range';
import styles from './record-list.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter's texts, translated by the page (each page keeps the keys of its own catalogue). */
export interface PeriodFilterLabels {
  /** The whole filter group's name. */
  group: string;
  /** The quick picks group's name. */
  quick: string;
  pick: (pick: DateQuickPick) => string;
  from: string;
  to: string;
}

/**
 * The period of a record list (spec §9): the quick picks next 7, next 30, last 7, last 30 days
 * and a custom from/to (the merchant's days). A start after the end moves the other end along,
 * so the period is never empty by mistake. `children`: the page's own filters, shown first.
 */
export function PeriodFilter({
  range,
  onRange,
  labels,
  children,
}: {
  range: DayRange;
  onRange: (range: DayRange) => void;
  labels: PeriodFilterLabels;
  children?: ReactNode;
}) {
  const fromId = useId();
  const toId = useId();
  const active = matchingQuickPick(range, DATE_QUICK_PICKS);

  const pick = (p: DateQuickPick) => onRange(quickPickRange(p));
  const setFrom = (from: string) => {
    if (!DAY.test(from)) return;
    onRange({ from, to: from > range.to ? from : range.to });
  };
  const setTo = (to: string) => {
    if (!DAY.test(to)) return;
    onRange({ from: to < range.from ? to : range.from, to });
  };

  return (
    <div className={styles.filters} role="group" aria-label={labels.group}>
      {children}
      <div className={styles.quick} role="group" aria-label={labels.quick}>
        {DATE_QUICK_PICKS.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.chip}
            aria-pressed={active === p}
            onClick={() => pick(p)}
          >
            {labels.pick(p)}
          </button>
        ))}
      </div>
      <div className={styles.days}>
        <div className={styles.field}>
          <label htmlFor={fromId}>{labels.from}</label>
          <input
            id={fromId}
            type="date"
            className={styles.input}
            value={range.from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={toId}>{labels.to}</label>
          <input
            id={toId}
            type="date"
            className={styles.input}
            value={range.to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
      </div>
    </div>
  );
}
