import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { loadContentCatalogues } from '@/features/content/catalogues';
import { HelpCentre } from '@/features/help/components/help-centre';

/** The help search's texts (issue 9) arrive before the page renders. */
export async function loader() {
  await loadContentCatalogues();
  return null;
}

/** Help (/help) inside the full layout. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('help.title')}>
      <HelpCentre basePath={paths.help} />
    </Page>
  );
}

/** Help centre only, no header (/helpmc). */
export function HelpCentreOnly() {
  const { t } = useTranslation();
  return (
    <Page title={t('help.title')}>
      <HelpCentre basePath={paths.helpmc} />
    </Page>
  );
}
