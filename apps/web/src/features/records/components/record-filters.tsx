import { useTranslation } from 'react-i18next';
import type { PeriodFilterLabels } from '@/components/ui/period-filter';

export { usePagerLabels } from '@/components/ui/list-pager';

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
