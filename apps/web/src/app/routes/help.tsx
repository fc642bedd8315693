import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { HelpCentre } from '@/features/help/components/help-centre';
import { useContentTexts } from './use-content-texts';

/** Help (/help) inside the full layout. */
export function Component() {
  const { t } = useTranslation();
  const search = useContentTexts();
  return (
    <Page title={t('help.title')}>
      <HelpCentre basePath={paths.help} search={search} />
    </Page>
  );
}

/** Help centre only, no header (/helpmc). */
export function HelpCentreOnly() {
  const { t } = useTranslation();
  const search = useContentTexts();
  return (
    <Page title={t('help.title')}>
      <HelpCentre basePath={paths.helpmc} search={search} />
    </Page>
  );
}
