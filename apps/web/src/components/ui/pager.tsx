import { MARGIN_PAGES, PAGE_RANGE } from '@app/contracts';
import styles from './pager.module.css';

/** A page number, or 'gap' where pages are left out. */
export type PagerItem = number | 'gap';

/**
 * The pages to offer (DESIGN §5, react-paginate's settings: page range 3, margin pages 1): the
 * first and last `margin` pages, `range` pages around the current one (moved inward at the ends),
 * and a gap where pages are left out — unless the gap would hide a single page, then that page.
 */
export function pagerItems(
  page: number,
  pageCount: number,
  range = PAGE_RANGE,
  margin = MARGIN_PAGES,
): PagerItem[] {
  if (pageCount < 1) return [];
  page = Math.min(Math.max(1, page), pageCount);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, pageCount); p++) shown.add(p);
  for (let p = Math.max(1, pageCount - margin + 1); p <= pageCount; p++) shown.add(p);
  const start = Math.max(1, Math.min(page - Math.floor((range - 1) / 2), pageCount - range + 1));
  for (let p = start; p < start + range && p <= pageCount; p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let last = 0;
  for (const p of sorted) {
    if (p - last === 2) items.push(p - 1);
    else if (p - last > 2) items.push('gap');
    items.push(p);
    last = p;
  }
  return items;
}

export interface PagerLabels {
  /** The navigation landmark's name, e.g. "Pages". */
  nav: string;
  previous: string;
  next: string;
  /** The accessible name of a page button, e.g. "Page 3". */
  page: (page: number) => string;
}

/**
 * Page numbers with previous and next (DESIGN §5 react-paginate look, built here: a few dozen
 * lines instead of a dependency). Nothing when everything fits on one page. Labels come
 * translated from the caller.
 */
export function Pager({
  page,
  pageCount,
  onChange,
  labels,
  disabled,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  labels: PagerLabels;
  disabled?: boolean;
}) {
  if (pageCount <= 1) return null;
  const go = (p: number) => () => {
    if (p !== page && p >= 1 && p <= pageCount) onChange(p);
  };
  return (
    <nav className={styles.pager} aria-label={labels.nav}>
      <ul>
        <li>
          <button
            type="button"
            className={styles.step}
            onClick={go(page - 1)}
            disabled={disabled || page <= 1}
            aria-label={labels.previous}
          >
            <span aria-hidden="true">‹</span>
          </button>
        </li>
        {pagerItems(page, pageCount).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={styles.page}
                onClick={go(item)}
                disabled={disabled && item !== page}
                aria-label={labels.page(item)}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.step}
            onClick={go(page + 1)}
            disabled={disabled || page >= pageCount}
            aria-label={labels.next}
          >
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
