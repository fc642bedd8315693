import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { VnLottery } from '@/features/lottery/vn/vn-lottery';
import { loadCatalogues } from '@/lib/i18n';
// Its first paint needs part texts: their loaders come with this page's code (lib/i18n.ts).
import '@/lib/catalogue-parts';

/** The lottery texts (countdown, slip, errors) and the VN texts arrive before the page renders. */
export async function loader() {
  await loadCatalogues('lottery', 'vnlottery');
  return null;
}

/** Vietnamese lottery (/vnlottery, header only; query gameCode selects a province). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.vnlottery.title')}>
      <VnLottery />
    </Page>
  );
}
