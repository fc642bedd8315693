import { loadPromotionCatalogues } from '@/features/promotions/catalogues';
import { PromoDetailPage } from '@/features/promotions/components/promo-detail-page';

/** The promotions' texts arrive before the page renders (the route waits for its loader). */
export async function loader() {
  await loadPromotionCatalogues();
  return null;
}

/** Promotion detail (/promoDetail?id=…). */
export function Component() {
  return <PromoDetailPage />;
}
