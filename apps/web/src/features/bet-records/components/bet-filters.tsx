import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_QUICK_PICKS, type DateQuickPick } from '@app/contracts';
import type { PagerLabels } from '@/components/ui/pager';
import { matchingQuickPick, quickPickRange, type DayRange } from '../dates';
import styles from './bets.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period of the betting record (spec §9): the quick picks next 7, next 30, last 7, last 30
 * days and a custom from/to (the merchant's days). A start after the end moves the other end
 * along, so the period is never empty by mistake. `children`: the vertical and vendor selects.
 */
export function BetFilters({
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
    <div className={styles.filters} role="group" aria-label={t('bets.filter.label')}>
      {children}
      <div className={styles.quick} role="group" aria-label={t('bets.filter.quick')}>
        {DATE_QUICK_PICKS.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.chip}
            aria-pressed={active === p}
            onClick={() => pick(p)}
          >
            {t(`bets.filter.picks.${p}`)}
          </button>
        ))}
      </div>
      <div className={styles.days}>
        <div className={styles.field}>
          <label htmlFor={fromId}>{t('bets.filter.from')}</label>
          <input
            id={fromId}
            type="date"
            className={styles.input}
            value={range.from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={toId}>{t('bets.filter.to')}</label>
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
    nav: t('bets.pager.label'),
    previous: t('bets.pager.previous'),
    next: t('bets.pager.next'),
    page: (page) => t('bets.pager.page', { page }),
  };
}

/** Signed minor units: "+1,234.50", "-12.00", "0.00". */
export function signedAmount(minor: number, format: (m: number) => string): string {
  return minor > 0 ? `+${format(minor)}` : format(minor);
}

export const pageCount = (total: number, pageSize: number) =>
  pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
