import { useTranslation } from 'react-i18next';
import type { PagerLabels } from '@/components/ui/pager';
import type { PeriodFilterLabels } from '@/components/ui/period-filter';

/** The period filter's texts of the betting record (the 'bets' catalogue). */
export function usePeriodLabels(): PeriodFilterLabels {
  const { t } = useTranslation();
  return {
    group: t('bets.filter.label'),
    quick: t('bets.filter.quick'),
    pick: (p) => t(`bets.filter.picks.${p}`),
    from: t('bets.filter.from'),
    to: t('bets.filter.to'),
  };
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
