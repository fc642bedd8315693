import { loadPointsCatalogues } from '@/features/points/catalogues';
import { PointMall } from '@/features/points/components/point-mall';

/** The point mall's texts (and the money and records texts it uses) arrive before the page renders. */
export async function loader() {
  await loadPointsCatalogues();
  return null;
}

/** Point mall (/pointMall, issue 9): points balance, goods, exchange records, points details, rules. */
export function Component() {
  return <PointMall />;
}
