import { useTranslation } from 'react-i18next';
import { pageCount } from '@/lib/record-list';
import { Pager, type PagerLabels } from './pager';

/** The pager's texts in the reader's language (the 'records' catalogue, loaded with the lists). */
export function usePagerLabels(): PagerLabels {
  const { t } = useTranslation();
  return {
    nav: t('records.pager.label'),
    previous: t('records.pager.previous'),
    next: t('records.pager.next'),
    page: (page) => t('records.pager.page', { page }),
  };
}

/**
 * The pager under a paged list answer ({ page, total, pageSize }), disabled while the next page's
 * answer is on its way (the query's placeholder data).
 */
export function ListPager({
  list,
  onChange,
  disabled,
}: {
  list: { page: number; total: number; pageSize: number };
  onChange: (page: number) => void;
  disabled?: boolean;
}) {
  const labels = usePagerLabels();
  return (
    <Pager
      page={list.page}
      pageCount={pageCount(list.total, list.pageSize)}
      onChange={onChange}
      labels={labels}
      disabled={disabled}
    />
  );
}
