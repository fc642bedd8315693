import { loadPromotionCatalogues } from '@/features/promotions/catalogues';
import { PromotionsPage } from '@/features/promotions/components/promotions-page';

/** The promotions' texts arrive before the page renders (the route waits for its loader). */
export async function loader() {
  await loadPromotionCatalogues();
  return null;
}

/** Promotions (/promotions): activities by category and tag; the claim hall at ?view=claims. */
export function Component() {
  return <PromotionsPage />;
}
