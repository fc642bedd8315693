import { useTranslation } from 'react-i18next';
import type { PagerLabels } from '@/components/ui/pager';
import type { PeriodFilterLabels } from '@/components/ui/period-filter';

/** The period filter's texts of the contract pages (the 'contracts' catalogue). */
export function usePeriodLabels(): PeriodFilterLabels {
  const { t } = useTranslation();
  return {
    group: t('contracts.filter.label'),
    quick: t('contracts.filter.quick'),
    pick: (p) => t(`contracts.filter.picks.${p}`),
    from: t('contracts.filter.from'),
    to: t('contracts.filter.to'),
  };
}

/** The pager's texts in the reader's language. */
export function usePagerLabels(): PagerLabels {
  const { t } = useTranslation();
  return {
    nav: t('contracts.pager.label'),
    previous: t('contracts.pager.previous'),
    next: t('contracts.pager.next'),
    page: (page) => t('contracts.pager.page', { page }),
  };
}
