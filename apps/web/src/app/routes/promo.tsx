import { loadPromotionCatalogues } from '@/features/promotions/catalogues';
import { PromotionsPage } from '@/features/promotions/components/promotions-page';
// Its first paint needs the money texts (an early part): their loaders come with this page's code.
import '@/lib/catalogue-parts';

/** The promotions' texts arrive before the page renders (the route waits for its loader). */
export async function loader() {
  await loadPromotionCatalogues();
  return null;
}

/** Promotions (/promotions): activities by category and tag; the claim hall at ?view=claims. */
export function Component() {
  return <PromotionsPage />;
}
