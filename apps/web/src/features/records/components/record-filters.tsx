import { useTranslation } from 'react-i18next';
import type { PagerLabels } from '@/components/ui/pager';
import type { PeriodFilterLabels } from '@/components/ui/period-filter';

/** The period filter's texts of the records pages (the 'records' catalogue). */
export function usePeriodLabels(): PeriodFilterLabels {
  const { t } = useTranslation();
  return {
    group: t('records.filter.label'),
    quick: t('records.filter.quick'),
    pick: (p) => t(`records.filter.picks.${p}`),
    from: t('records.filter.from'),
    to: t('records.filter.to'),
  };
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
