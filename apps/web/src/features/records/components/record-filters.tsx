import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_QUICK_PICKS, type DateQuickPick } from '@app/contracts';
import type { PagerLabels } from '@/components/ui/pager';
import { matchingQuickPick, quickPickRange, type DayRange } from '../dates';
import styles from './records.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period of a records page (spec §9): the quick picks next 7, next 30, last 7, last 30 days
 * and a custom from/to (the merchant's days). A start after the end moves the other end along,
 * so the period is never empty by mistake. `children`: the page's own filters (the type).
 */
export function RecordFilters({
  range,
  onRange,
  children,
}: {
  range: DayRange;
  onRange: (range: DayRange) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
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
    <div className={styles.filters} role="group" aria-label={t('records.filter.label')}>
      {children}
      <div className={styles.quick} role="group" aria-label={t('records.filter.quick')}>
        {DATE_QUICK_PICKS.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.chip}
            aria-pressed={active === p}
            onClick={() => pick(p)}
          >
            {t(`records.filter.picks.${p}`)}
          </button>
        ))}
      </div>
      <div className={styles.days}>
        <div className={styles.field}>
          <label htmlFor={fromId}>{t('records.filter.from')}</label>
          <input
            id={fromId}
            type="date"
            className={styles.input}
            value={range.from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={toId}>{t('records.filter.to')}</label>
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

/** The pager's texts in the reader's language. */
export function usePagerLabels(): PagerLabels {
  const { t } = useTranslation();
  return {
    nav: t('records.pager.label'),
    previous: t('records.pager.previous'),
    next: t('records.pager.next'),
    page: (page) => t('records.pager.page', { page }),
  };
}

/** Signed minor units as shown in the records: "+1,234.50", "-12.00", "0.00". */
export function signedAmount(minor: number, format: (m: number) => string): string {
  return minor > 0 ? `+${format(minor)}` : format(minor);
}

export const pageCount = (total: number, pageSize: number) =>
  pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
