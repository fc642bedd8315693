import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';

/** The frame of a centre page whose content arrives with a later issue: its title and an honest line. */
export default function CentrePagePending({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="centre-page-title">
      <h2 id="centre-page-title">{t(labelKey)}</h2>
      <EmptyState title={t('centre.pending')} />
    </section>
  );
}
