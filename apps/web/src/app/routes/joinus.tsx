import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { loadContentCatalogues } from '@/features/content/catalogues';
import { JoinUs } from '@/features/content/components/join-us';

export async function loader() {
  await loadContentCatalogues();
  return null;
}

/** Join us (/join): the agent programme, what agents earn and how to apply. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.join.title')}>
      <JoinUs />
    </Page>
  );
}
